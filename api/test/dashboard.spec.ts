import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import type { TestUser } from './factory.js';
import { PortfolioRepository } from '../src/modules/dashboard/portfolio.repository.js';
import type { PortfolioDashboardDto } from '../src/modules/dashboard/dto/dashboard.dto.js';
import { SubmissionRepository } from '../src/modules/submissions/submission.repository.js';

/**
 * The portfolio dashboard (issue 18) on known data: seven submissions of one call, one of
 * another, with states, dates, scores and miniDyi answers set so every figure is known.
 */
let t: TestApp;
let scratch: { url: string; drop(): Promise<void> };
let admin: TestUser;
let user: TestUser;
let callId: string;
let otherCallId: string;
const subs: Record<number, string> = {};
const steps: Record<string, string> = {};
// Framework outcomes (SDGs 1, 2, 3) and indicators, read once the framework exists.
let O1: string, O2: string, O3: string, I1: string, I2: string;

const D0 = '2026-01-05';
const D1 = '2026-01-06';
const D2 = '2026-01-07';
const at = (day: string, hour = 10) => `${day}T${String(hour).padStart(2, '0')}:00:00Z`;

const outcome = (id: string | null, name: string, sdg: number | null, indicators: { id: string | null; name: string }[] = []) => ({
  outcomeId: id,
  ...(id ? {} : { customKey: 'abcdefabcdef' }),
  outcomeName: name,
  sdg,
  stakeholderId: null,
  stakeholderName: 'Youth',
  indicators: indicators.map((i) => ({
    indicatorId: i.id,
    indicatorName: i.name,
    indicatorTargetValue: 10,
    proxyId: null,
    proxyName: 'p',
    proxyValue: 1,
  })),
});
const miniDyi = (sdg: number[], outcomes: unknown[], budget: number | null) => ({
  selectedOutcomes: outcomes,
  budget,
  budgetSpent: null,
  sdg,
  maxOutcome: 4,
  maxSdg: 4,
  isSdgEnabled: true,
});

type Impact = ReturnType<typeof miniDyi>;
interface Seed {
  country: string;
  city: string;
  opened: string;
  submitted?: string;
  closed?: boolean;
  quiz?: number;
  sroi?: number;
  survey?: boolean;
  impact?: () => Impact;
}

// `impact` is built once the framework's ids are known.
const SEEDS: Record<number, Seed> = {
  1: {
    country: 'Italy',
    city: 'Milano',
    opened: at(D0),
    submitted: at(D2),
    closed: true,
    quiz: 0.75,
    sroi: 2.5,
    survey: true,
    impact: () => miniDyi([1, 3], [outcome(O1, 'Outcome 1', 1, [{ id: I1, name: 'Indicator 1.1' }]), outcome(O3, 'Outcome 3', 3)], 1000),
  },
  2: {
    country: 'Italy',
    city: 'Milano',
    opened: at(D0, 11),
    submitted: at(D1),
    closed: true,
    quiz: 1,
    sroi: 9.2,
    survey: true,
    impact: () => miniDyi([1], [outcome(O1, 'Outcome 1', 1, [{ id: I1, name: 'Indicator 1.1' }])], 3000),
  },
  3: {
    country: 'Italy',
    city: 'Roma',
    opened: at(D1),
    submitted: at(D2, 12),
    closed: true,
    quiz: 0.2,
    sroi: 12,
    survey: true,
    impact: () =>
      miniDyi(
        [],
        [outcome(O2, 'Outcome 2', 2, [{ id: I2, name: 'Indicator 2.1' }]), outcome(null, 'Our own', null, [{ id: null, name: 'Own' }])],
        2000,
      ),
  },
  4: {
    country: 'France',
    city: 'Paris',
    opened: at(D1, 12),
    submitted: at(D2, 9),
    sroi: 0.5,
    survey: true,
    impact: () => miniDyi([17], [], 500),
  },
  5: { country: 'France', city: 'Paris', opened: at(D2), survey: true },
  6: { country: 'France', city: 'Lyon', opened: at(D2, 11) },
  7: { country: 'Italy', city: 'Milano', opened: at(D2, 12) },
};

// On a database of its own: whether a figure was recomputed is seen in its time, and another
// file's writes (organizations, steps: every call's data version) would recompute it.
beforeAll(async () => {
  scratch = await createScratchDatabase('ic_dashboard');
  t = await createTestApp({}, scratch.url);
  admin = await t.factory.user({ admin: true });
  user = await t.factory.user();
  const fw = await t.factory.impactFramework();
  const ids = async (sql: string) => (await t.db.query(sql, [fw.id])).map((r: { id: string }) => r.id);
  [O1, O2, O3] = await ids('SELECT id FROM impact_outcome WHERE framework_id = $1 ORDER BY sdg');
  [I1, I2] = await ids(
    `SELECT i.id FROM impact_indicator i JOIN impact_outcome o ON o.id = i.outcome_id WHERE o.framework_id = $1 AND i.name LIKE '%.1' ORDER BY o.sdg`,
  );
  const call = await t.factory.call({
    steps: [
      { kind: 'text', name: 'Welcome', content: { html: '<p>Hi</p>' } },
      { kind: 'survey', name: 'About you', content: { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'mission' }] }] } },
      { kind: 'miniDyi', name: 'Impact', content: { frameworkId: fw.id, showSdgFilter: true, maxOutcomeSelect: 4, maxSdgSelect: 4 } },
    ],
  });
  callId = call.id;
  const rows = await t.db.query('SELECT st.id, st.name FROM call c JOIN step st ON st.call_type_id = c.call_type_id WHERE c.id = $1', [
    callId,
  ]);
  for (const r of rows) steps[r.name] = r.id;
  for (const [n, seed] of Object.entries(SEEDS)) {
    const owner = await t.factory.user();
    const org = await t.factory.organization(owner, { country: seed.country, cityName: seed.city });
    const s = await t.factory.submission(callId, owner, org.id);
    subs[Number(n)] = s.id;
    await t.db.query(
      `UPDATE call_submission SET opened_at = $2, submitted_at = $3, last_submitted_at = $3, closed = $4, closed_at = CASE WHEN $4 THEN $3::timestamptz END,
              quiz_score = $5, sroi_score = $6 WHERE id = $1`,
      [s.id, seed.opened, seed.submitted ?? null, seed.closed ?? false, seed.quiz ?? null, seed.sroi ?? null],
    );
    if (seed.survey)
      await t.db.query('INSERT INTO step_result (submission_id, step_id, content) VALUES ($1, $2, $3)', [
        s.id,
        steps['About you'],
        { data: { mission: 'x' }, currentPageNo: 0, completed: true },
      ]);
    if (seed.impact)
      await t.db.query('INSERT INTO step_result (submission_id, step_id, content, score) VALUES ($1, $2, $3, $4)', [
        s.id,
        steps.Impact,
        { stepId: steps.Impact, ...seed.impact() },
        seed.sroi ?? null,
      ]);
    await keepFacts(s.id);
  }
  // The call ran from D0 to the end of D2: the timeline is those three days.
  await t.db.query('UPDATE call SET opening_at = $2, closing_at = $3 WHERE id = $1', [callId, at(D0, 0), at(D2, 23)]);
  // Another call: one submitted submission from Germany with SROI 20.
  const other = await t.factory.call();
  otherCallId = other.id;
  const owner = await t.factory.user();
  const org = await t.factory.organization(owner, { country: 'Germany', cityName: 'Berlin' });
  const s = await t.factory.submission(otherCallId, owner, org.id);
  subs[8] = s.id;
  await t.db.query('UPDATE call_submission SET closed = true, submitted_at = $2, closed_at = $2, sroi_score = 20 WHERE id = $1', [
    s.id,
    at(D1),
  ]);
  t.app.get(PortfolioRepository).clear();
  // Migrating a database of its own takes longer than a test's default time on a busy machine.
}, 120_000);
afterAll(async () => {
  await t.close();
  await scratch.drop();
});

/** Answers written by SQL as fixtures: their impact facts written as the API writes them with a save. */
const keepFacts = (submissionId: string) => t.db.transaction((m) => t.app.get(SubmissionRepository).keepImpactFacts(m, submissionId));

const dashboard = async (query: string): Promise<PortfolioDashboardDto> =>
  (await t.http.get(`/api/admin/dashboard/portfolio${query}`).set(admin.headers()).expect(200)).body;

const sdgMap = (d: PortfolioDashboardDto) => Object.fromEntries(d.sdgs.filter((g) => g.submissions > 0).map((g) => [g.sdg, g.submissions]));

describe('access', () => {
  it('answers 401 to visitors and 403 errors.admin-only to a plain user', async () => {
    await t.http.get('/api/admin/dashboard/portfolio').expect(401);
    const res = await t.http.get(`/api/admin/dashboard/portfolio?callId=${callId}`).set(user.headers());
    expect([res.status, res.body.key]).toEqual([403, 'errors.admin-only']);
  });

  it('answers 400 with a key to a malformed call id or state, 404 to an unknown call', async () => {
    const bad = await t.http.get('/api/admin/dashboard/portfolio?callId=nope').set(admin.headers()).expect(400);
    expect(bad.body.key).toBe('errors.list-query');
    const state = await t.http.get('/api/admin/dashboard/portfolio?state=maybe').set(admin.headers()).expect(400);
    expect(state.body.key).toBe('errors.list-query');
    const missing = await t.http.get(`/api/admin/dashboard/portfolio?callId=${randomUUID()}`).set(admin.headers()).expect(404);
    expect(missing.body.key).toBe('pages.admin.call-not-found');
  });
});

describe('one call, every submission', () => {
  let d: PortfolioDashboardDto;
  beforeAll(async () => {
    d = await dashboard(`?callId=${callId}`);
  });

  it('counts the states and the days up to the deadline', () => {
    expect(d.states).toEqual({ total: 7, open: 3, reopened: 1, closed: 3 });
    expect(d.closingAt).toBe(at(D2, 23).replace('Z', '.000Z'));
    expect(d.timeline).toEqual([
      { day: D0, started: 2, submitted: 0, inProgress: 2 },
      { day: D1, started: 2, submitted: 1, inProgress: 3 },
      { day: D2, started: 3, submitted: 3, inProgress: 3 },
    ]);
  });

  it('shows where applicants stop, step by step', () => {
    expect(d.funnel.map((f) => [f.name, f.kind, f.reached])).toEqual([
      ['Welcome', 'text', 7],
      ['About you', 'survey', 5],
      ['Impact', 'miniDyi', 4],
    ]);
  });

  it('counts the SDGs aimed at (picked or through an outcome), outcomes and indicators', () => {
    expect(d.withImpact).toBe(4);
    expect(d.sdgs).toHaveLength(17);
    expect(sdgMap(d)).toEqual({ 1: 2, 2: 1, 3: 1, 17: 1 });
    expect(d.outcomes.map((o) => [o.id, o.name, o.sdg, o.submissions])).toEqual([
      [O1, 'Outcome 1', 1, 2],
      [O2, 'Outcome 2', 2, 1],
      [O3, 'Outcome 3', 3, 1],
    ]);
    expect(d.customOutcomes).toBe(1);
    expect(d.indicators.map((o) => [o.id, o.name, o.submissions])).toEqual([
      [I1, 'Indicator 1.1', 2],
      [I2, 'Indicator 2.1', 1],
    ]);
  });

  it('gives the SROI histogram, quartiles and the submissions over 8', () => {
    expect(d.sroi.count).toBe(4);
    expect(d.sroi.bins.map((b) => b.submissions)).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 2]);
    expect(d.sroi.bins[8]).toEqual({ from: 8, to: null, submissions: 2 });
    expect([d.sroi.q1, d.sroi.median, d.sroi.q3]).toEqual([2, 5.85, 9.9]);
    expect(d.sroi.flagged).toBe(2);
    expect(d.sroi.flaggedList.map((f) => [f.id, f.sroi])).toEqual([
      [subs[3], 12],
      [subs[2], 9.2],
    ]);
  });

  it('sums the budget asked, with its median', () => {
    expect(d.budget).toEqual({ count: 4, total: 6500, median: 1500 });
  });

  it('counts organizations by country and city, and the quiz scores', () => {
    expect(d.organizations).toBe(7);
    expect(d.countries).toEqual([
      { country: 'Italy', organizations: 4 },
      { country: 'France', organizations: 3 },
    ]);
    expect(d.cities).toEqual([
      { country: 'Italy', city: 'Milano', organizations: 3 },
      { country: 'France', city: 'Paris', organizations: 2 },
      { country: 'France', city: 'Lyon', organizations: 1 },
      { country: 'Italy', city: 'Roma', organizations: 1 },
    ]);
    expect(d.quiz.count).toBe(3);
    expect(d.quiz.bins.map((b) => b.submissions)).toEqual([0, 0, 1, 0, 0, 0, 0, 1, 0, 1]);
  });
});

describe('filters', () => {
  it('counts only the submitted ones with state=closed', async () => {
    const d = await dashboard(`?callId=${callId}&state=closed`);
    expect(d.states).toEqual({ total: 3, open: 0, reopened: 0, closed: 3 });
    expect(sdgMap(d)).toEqual({ 1: 2, 2: 1, 3: 1 });
    expect(d.budget).toEqual({ count: 3, total: 6000, median: 2000 });
    expect(d.funnel.map((f) => f.reached)).toEqual([3, 3, 3]);
    expect(d.organizations).toBe(3);
  });

  it('covers every call without a call id (no funnel: steps differ between calls)', async () => {
    const d = await dashboard('');
    expect(d.states.total).toBeGreaterThanOrEqual(8);
    expect(d.funnel).toEqual([]);
    expect(d.sroi.flaggedList.map((f) => f.id)).toContain(subs[8]);
    expect(d.countries.find((c) => c.country === 'Germany')?.organizations).toBeGreaterThanOrEqual(1);
    const other = await dashboard(`?callId=${otherCallId}`);
    expect(other.states).toEqual({ total: 1, open: 0, reopened: 0, closed: 1 });
    expect(other.sroi.flagged).toBe(1);
    expect(sdgMap(other)).toEqual({});
  });
});

describe('the impact facts', () => {
  it('come from miniDyi answers only', async () => {
    // A survey answer that happens to carry the same keys is not an impact answer.
    await t.db.query(
      `UPDATE step_result SET content = content || '{"selectedOutcomes": [], "sdg": [5]}' WHERE submission_id = $1 AND step_id = $2`,
      [subs[5], steps['About you']],
    );
    await keepFacts(subs[5]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM submission_impact WHERE submission_id = $1', [subs[5]]))[0].n).toBe(0);
  });
});

describe('deleting a submission with an impact answer', () => {
  it('takes its facts along', async () => {
    const owner = await t.factory.user();
    const org = await t.factory.organization(owner);
    const s = await t.factory.submission(otherCallId, owner, org.id);
    // The other call's type has no miniDyi step: put the answer on this call's step, as a fixture.
    await t.db.query('INSERT INTO step_result (submission_id, step_id, content) VALUES ($1, $2, $3)', [
      s.id,
      steps.Impact,
      miniDyi([5], [], 10),
    ]);
    await keepFacts(s.id);
    expect((await t.db.query('SELECT sdgs FROM submission_impact WHERE submission_id = $1', [s.id]))[0].sdgs).toEqual([5]);
    await t.http.delete(`/api/admin/submissions/${s.id}`).set(admin.headers()).expect(200);
    expect(await t.db.query('SELECT 1 FROM submission_impact WHERE submission_id = $1', [s.id])).toEqual([]);
  });
});

describe("the submissions list's filters the dashboard links to", () => {
  const list = async (filter: Record<string, unknown>): Promise<string[]> => {
    const res = await t.http
      .get(`/api/admin/submissions?filter=${encodeURIComponent(JSON.stringify({ callId, ...filter }))}&range=[0,99]`)
      .set(admin.headers())
      .expect(200);
    return (res.body as { id: string }[]).map((r) => r.id).sort();
  };
  const ids = (...n: number[]) => n.map((i) => subs[i]).sort();

  it('selects the figures the dashboard shows', async () => {
    expect(await list({ sdg: 1 })).toEqual(ids(1, 2));
    expect(await list({ sdg: '2' })).toEqual(ids(3));
    expect(await list({ sdg: 17 })).toEqual(ids(4));
    expect(await list({ outcomeId: O1 })).toEqual(ids(1, 2));
    expect(await list({ indicatorId: I2 })).toEqual(ids(3));
    expect(await list({ sroiOver: 8 })).toEqual(ids(2, 3));
    expect(await list({ sroiUpTo: 1 })).toEqual(ids(4));
    expect(await list({ sroiOver: 2, sroiUpTo: 3 })).toEqual(ids(1));
    expect(await list({ quizFrom: 0.7, quizBelow: 0.8 })).toEqual(ids(1));
    expect(await list({ quizFrom: 0.9 })).toEqual(ids(2));
    expect(await list({ country: 'France' })).toEqual(ids(4, 5, 6));
    expect(await list({ country: 'Italy', city: 'Milano' })).toEqual(ids(1, 2, 7));
  });

  it('answers 400 errors.list-query to a bad SDG or score', async () => {
    for (const filter of [{ sdg: 18 }, { sdg: 1.5 }, { sroiOver: 'x' }, { quizFrom: 2 }]) {
      const res = await t.http
        .get(`/api/admin/submissions?filter=${encodeURIComponent(JSON.stringify(filter))}`)
        .set(admin.headers())
        .expect(400);
      expect(res.body.key).toBe('errors.list-query');
    }
  });
});

describe('figures never stale (kept only while the call data version is unchanged)', () => {
  it('shows a new submission, a submission closed and an organization moved at once', async () => {
    const before = await dashboard(`?callId=${callId}`);
    expect(await dashboard(`?callId=${callId}`)).toEqual(before);
    const owner = await t.factory.user();
    const org = await t.factory.organization(owner, { country: 'Malta', cityName: 'Valletta' });
    // The call is past its deadline: the submission is written by SQL (as an import would).
    const [s] = await t.db.query(
      `INSERT INTO call_submission (call_id, organization_id, user_id, code, closed, opened_at) VALUES ($1, $2, $3, $4, false, $5) RETURNING id`,
      [callId, org.id, owner.id, `FRESH-${randomUUID().slice(0, 8)}`, at(D1)],
    );
    const added = await dashboard(`?callId=${callId}`);
    expect(added.states.total).toBe(before.states.total + 1);
    expect(added.countries.find((c) => c.country === 'Malta')?.organizations).toBe(1);
    await t.db.query('UPDATE call_submission SET closed = true, submitted_at = now(), closed_at = now() WHERE id = $1', [s.id]);
    expect((await dashboard(`?callId=${callId}`)).states.closed).toBe(before.states.closed + 1);
    await t.db.query(`UPDATE organization SET country = 'Cyprus' WHERE id = $1`, [org.id]);
    const moved = await dashboard(`?callId=${callId}`);
    expect(moved.countries.find((c) => c.country === 'Cyprus')?.organizations).toBe(1);
    expect(moved.countries.find((c) => c.country === 'Malta')).toBeUndefined();
    await t.db.query('DELETE FROM call_submission WHERE id = $1', [s.id]);
    expect((await dashboard(`?callId=${callId}`)).states).toEqual(before.states);
  });
});
