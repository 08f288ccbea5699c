import { computeSroi, type MiniDyiState, type SelectedOutcome } from '@impact-calls/domain';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { CacheInvalidation } from '../src/database/shared-cache.js';
import type { ImpactFrameworkDto } from '../src/modules/impact/dto/impact-framework.dto.js';

/**
 * miniDyi answers: PutMiniDYI and MiniDYI, and the same rules on UpsertCallStepResult and
 * CloseCallSubmission (limits, the framework's ids and proxies, the stakeholder rule, the
 * SROI computed by the API), across the organization line.
 */
let t: TestApp;
let fw: ImpactFrameworkDto;
let other: ImpactFrameworkDto;

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.factory.user();
  const detail = async (id: string): Promise<ImpactFrameworkDto> =>
    (await t.http.get(`/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${id}`).set(user.headers()).expect(200)).body;
  // Outcomes 0..19 on SDGs 1..17 then 1..3 again (outcomes 0 and 17 share SDG 1); outcome i's
  // first indicator has the proxy 100 + i, its second 200 + i.
  fw = await detail((await t.factory.impactFramework({ outcomes: 20 })).id);
  other = await detail((await t.factory.impactFramework({ outcomes: 2 })).id);
});
afterAll(() => t.close());

interface Applicant {
  user: TestUser;
  orgId: string;
  submissionId: string;
  h: Record<string, string>;
  stepId: string;
  callId: string;
}

const ON = { showSdgFilter: true, maxOutcomeSelect: 2, maxSdgSelect: 2 };

/** A call: welcome text, the miniDyi step (content given), results; and an applicant who started it. */
async function applicant(content: unknown = { frameworkId: fw.id, ...ON }): Promise<Applicant> {
  const call = await t.factory.call({
    steps: [
      { kind: 'text', content: { html: '<p>Hello</p>' } },
      { kind: 'miniDyi', name: 'Impact design', content },
      { kind: 'results', content: { lowerScore: 0, upperScore: 10 } },
    ],
  });
  const a = await t.factory.applicant(call.id);
  return { ...a, callId: call.id, stepId: call.callType.steps.find((s) => s.stepTypeName === 'miniDyi')!.id };
}

/** The factory's outcome i (named `Outcome i+1`; the framework lists them by SDG). */
const outcome = (i: number) => fw.outcomes.find((o) => o.name === `Outcome ${i + 1}`)!;
const stakeholder = (i = 0) => fw.stakeholders[i];

/** A framework outcome with a stakeholder and its first indicator-proxy chain ticked with a target. */
function picked(i: number, target: number | null = 10, o: Partial<SelectedOutcome> = {}): SelectedOutcome {
  const out = outcome(i);
  const ind = out.indicators[0];
  return {
    outcomeId: out.id,
    outcomeName: out.name,
    sdg: out.sdg,
    stakeholderId: stakeholder().id,
    stakeholderName: stakeholder().name,
    indicators: [
      {
        indicatorId: ind.id,
        indicatorName: ind.name,
        indicatorTargetValue: target,
        proxyId: ind.proxies[0].id,
        proxyName: ind.proxies[0].name,
        proxyValue: ind.proxies[0].defaultValue,
      },
    ],
    ...o,
  };
}

const custom = (key: string, target = 5, proxyValue: number | null = 20): SelectedOutcome => ({
  outcomeId: null,
  customKey: key,
  outcomeName: `Custom ${key}`,
  sdg: null,
  stakeholderId: stakeholder(1).id,
  stakeholderName: '',
  indicators: [
    {
      indicatorId: null,
      customKey: `${key.slice(0, 11)}I`,
      indicatorName: 'People reached',
      indicatorTargetValue: target,
      proxyId: null,
      proxyName: 'Cost',
      proxyValue,
    },
  ],
});

const put = (a: Applicant, body: Record<string, unknown>, headers = a.h) =>
  t.http
    .put('/api/ImpactFramework/PutMiniDYI')
    .set(headers)
    .send({ callSubmissionId: a.submissionId, stepId: a.stepId, ...body });
const read = (a: Applicant, headers = a.h) =>
  t.http.get(`/api/ImpactFramework/MiniDYI?submissionId=${a.submissionId}&stepId=${a.stepId}`).set(headers);
const upsert = (a: Applicant, content: unknown, version?: number) =>
  t.http.post('/api/Call/UpsertCallStepResult').set(a.h).send({ callSubmissionId: a.submissionId, stepId: a.stepId, content, version });
const close = (a: Applicant) => t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`).set(a.h);
const submissionRow = async (id: string) =>
  (await t.db.query('SELECT closed, sroi_score::float8 AS sroi FROM call_submission WHERE id = $1', [id]))[0] as {
    closed: boolean;
    sroi: number | null;
  };

/** A complete state: SDGs 1 and 2, one outcome of each with a target, one custom outcome, a budget. */
const complete = (): Partial<MiniDyiState> => ({
  sdg: [1, 2],
  selectedOutcomes: [picked(0, 30), picked(1, 12), custom('CustomKey001')],
  budget: 5000,
  budgetSpent: 1000,
});

/** The SROI the API must store, from the framework's own proxy values (100 and 101, custom 20). */
const expectedSroi = (3 * (30 * 100 + 12 * 101 + 5 * 20)) / 5000;

describe('access lines', () => {
  it('answers 401 without a token and 400 without an organization', async () => {
    const a = await applicant();
    expect((await t.http.get(`/api/ImpactFramework/MiniDYI?submissionId=${a.submissionId}&stepId=${a.stepId}`)).status).toBe(401);
    expect((await t.http.put('/api/ImpactFramework/PutMiniDYI').send({ callSubmissionId: a.submissionId, stepId: a.stepId })).status).toBe(
      401,
    );
    const noOrg = await read(a, a.user.headers());
    expect([noOrg.status, noOrg.body.key]).toEqual([400, 'errors.organization-required']);
  });

  it("answers 404 for another organization's submission and 403 for an organization that is not the user's; nothing changes", async () => {
    const a = await applicant();
    expect((await put(a, complete())).status).toBe(200);
    const b = await applicant();
    for (const res of [
      await read(a, b.h),
      await put(a, { budget: 1 }, b.h),
      await put(a, { budget: 1, callSubmissionId: undefined, stepId: undefined, stepResultID: (await read(a)).body.stepResultId }, b.h),
    ]) {
      expect([res.status, res.body.key]).toEqual([404, expect.stringMatching(/^errors\.(submission|step-result)-not-found$/)]);
    }
    const foreignHeader = await read(a, b.user.headers(a.orgId));
    expect(foreignHeader.status).toBe(403);
    const mine = await read(a);
    expect(mine.body.budget).toBe(5000);
    expect((await submissionRow(a.submissionId)).sroi).toBeCloseTo(expectedSroi, 10);
  });

  it('refuses a step that is not a miniDyi step, and an unknown one', async () => {
    const a = await applicant();
    const steps = (await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(a.h)).body.steps as {
      id: string;
      stepTypeName: string;
    }[];
    const text = steps.find((s) => s.stepTypeName === 'text')!.id;
    const res = await put(a, { stepId: text, budget: 1 });
    expect([res.status, res.body.key]).toEqual([400, 'components.mini-dyi.error-not-minidyi']);
    expect((await put(a, { stepId: '8a1c9d2e-0000-4000-8000-000000000000', budget: 1 })).status).toBe(404);
  });
});

describe('saving and reading', () => {
  it('round-trips every choice and stores the SROI computed from the framework (client values ignored)', async () => {
    const a = await applicant();
    const empty = await read(a);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      stepResultId: null,
      version: 0,
      selectedOutcomes: [],
      sdg: [],
      budget: null,
      maxOutcome: 2,
      maxSdg: 2,
      isSdgEnabled: true,
      complete: false,
      readOnly: false,
      sroiScore: null,
    });

    // A client sends inflated proxy values, a score and raised limits: all ignored.
    const state = complete();
    const tampered = state.selectedOutcomes!.map((o) => ({
      ...o,
      outcomeName: o.customKey ? o.outcomeName : 'Renamed',
      indicators: o.indicators.map((i) => ({ ...i, proxyValue: i.proxyId ? 999_999 : i.proxyValue })),
    }));
    const res = await put(a, { ...state, selectedOutcomes: tampered, sroiScore: 500, maxOutcome: 50, maxSdg: 17, isSdgEnabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: 1,
      maxOutcome: 2,
      maxSdg: 2,
      isSdgEnabled: true,
      complete: true,
      issues: [],
      budget: 5000,
      budgetSpent: 1000,
      sdg: [1, 2],
    });
    expect(res.body.sroiScore).toBeCloseTo(expectedSroi, 10);
    expect(res.body.sroi.ratio).toBe(`1 : ${expectedSroi.toFixed(2)}`);
    expect(res.body.sroi.contributions.map((c: { outcome: string }) => c.outcome)).toEqual([outcome(0).id, outcome(1).id, 'CustomKey001']);
    expect(res.body.selectedOutcomes[0]).toMatchObject({
      outcomeName: outcome(0).name,
      indicators: [{ proxyValue: outcome(0).indicators[0].proxies[0].defaultValue }],
    });
    expect((await submissionRow(a.submissionId)).sroi).toBeCloseTo(expectedSroi, 10);

    // Leaving and coming back: the same state, from both reads.
    const again = await read(a);
    expect(again.body).toEqual(res.body);
    const sub = (await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(a.h)).body;
    const result = sub.stepResults.find((r: { stepId: string }) => r.stepId === a.stepId);
    expect(result.content).toMatchObject({
      stepId: a.stepId,
      sdg: [1, 2],
      budget: 5000,
      budgetSpent: 1000,
      selectedOutcomes: res.body.selectedOutcomes,
    });
    expect(result.score).toBeCloseTo(expectedSroi, 10);
    expect(sub.sroiScore).toBeCloseTo(expectedSroi, 10);
    const recomputed = computeSroi({ selectedOutcomes: result.content.selectedOutcomes, budget: result.content.budget });
    expect(recomputed.sroi).toBeCloseTo(sub.sroiScore, 10);
  });

  it('keeps the fields a PutMiniDYI leaves out, takes stepResultID and the spec name outcomes, and checks versions', async () => {
    const a = await applicant();
    const first = await put(a, complete());
    const byResult = await t.http
      .put('/api/ImpactFramework/PutMiniDYI')
      .set(a.h)
      .send({ stepResultID: first.body.stepResultId, budget: 10_000, version: 1 });
    expect(byResult.status).toBe(200);
    expect(byResult.body).toMatchObject({ version: 2, budget: 10_000, budgetSpent: 1000, sdg: [1, 2] });
    expect(byResult.body.selectedOutcomes).toHaveLength(3);
    expect(byResult.body.sroiScore).toBeCloseTo((expectedSroi * 5000) / 10_000, 10);

    const stale = await put(a, { budget: 1, version: 1 });
    expect([stale.status, stale.body.key]).toEqual([409, 'errors.stale-version']);
    const alias = await put(a, { outcomes: [picked(0, 1)] });
    expect(alias.status).toBe(200);
    expect(alias.body.selectedOutcomes.map((o: SelectedOutcome) => o.outcomeId)).toEqual([outcome(0).id]);
    const both = await put(a, { outcomes: [], selectedOutcomes: [] });
    expect([both.status, both.body.key]).toEqual([400, 'errors.validation']);
  });

  it('reads the older step content (a plain framework id); a step without a framework cannot be answered', async () => {
    const legacy = await applicant(fw.id);
    const res = await put(legacy, complete());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ frameworkId: fw.id, maxOutcome: 4, maxSdg: 4, isSdgEnabled: true });
    expect(res.body.sroiScore).toBeCloseTo(expectedSroi, 10);
    // A step without a framework is refused on save since issue 14; one saved before (legacy data) is made here by SQL.
    const none = await applicant({ frameworkId: fw.id, ...ON });
    await t.db.query(`UPDATE step SET content = content || '{"frameworkId": null}'::jsonb WHERE id = $1`, [none.stepId]);
    await t.app.get(CacheInvalidation).settled();
    const refused = await put(none, { budget: 10 });
    expect([refused.status, refused.body.key]).toEqual([409, 'components.mini-dyi.error-no-framework']);
    expect((await read(none)).body).toMatchObject({ frameworkId: null, stepResultId: null });
  });

  it('applies the step’s SROI options (discounting, deadweight)', async () => {
    const a = await applicant({ frameworkId: fw.id, ...ON, sroi: { discountRate: 0.035, deadweight: 0.2 } });
    const res = await put(a, complete());
    expect(res.status).toBe(200);
    const expected = computeSroi(
      { selectedOutcomes: res.body.selectedOutcomes, budget: 5000 },
      { discountRate: 0.035, deadweight: 0.2 },
    ).sroi!;
    expect(expected).toBeLessThan(expectedSroi);
    expect(res.body.sroiScore).toBeCloseTo(expected, 10);
    expect(res.body.sroi.options).toMatchObject({ years: 3, discountRate: 0.035, deadweight: 0.2 });
  });

  it('answers no SROI without a budget, and an empty budget is not zero', async () => {
    const a = await applicant();
    const res = await put(a, { ...complete(), budget: null });
    expect(res.body).toMatchObject({ budget: null, sroiScore: null, complete: true });
    expect((await submissionRow(a.submissionId)).sroi).toBeNull();
  });
});

describe('rules enforced on save (nothing half-saved)', () => {
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['a third SDG over maxSdgSelect 2', () => ({ sdg: [1, 2, 3] }), 'components.mini-dyi.error-sdg-limit'],
    ['an SDG code out of range', () => ({ sdg: [18] }), 'errors.validation'],
    [
      'the same outcome twice',
      () => ({ sdg: [1], selectedOutcomes: [picked(0), picked(0, 5)] }),
      'components.mini-dyi.error-outcome-duplicate',
    ],
    ['an outcome of an SDG not selected', () => ({ sdg: [1], selectedOutcomes: [picked(2)] }), 'components.mini-dyi.error-outcome-sdg'],
    [
      'four custom outcomes',
      () => ({ sdg: [1], selectedOutcomes: ['CustomKeyAA1', 'CustomKeyAA2', 'CustomKeyAA3', 'CustomKeyAA4'].map((k) => custom(k)) }),
      'components.mini-dyi.error-custom-limit',
    ],
    ['a custom key that is not 12 letters or digits', () => ({ sdg: [1], selectedOutcomes: [custom('short')] }), 'errors.validation'],
    ['a negative budget', () => ({ budget: -1 }), 'components.mini-dyi.error-budget'],
    ['a negative target', () => ({ sdg: [1], selectedOutcomes: [picked(0, -3)] }), 'components.mini-dyi.error-target'],
    ['a budget as text', () => ({ budget: '100' }), 'errors.validation'],
    [
      'an outcome of another framework',
      () => ({ sdg: [1], selectedOutcomes: [{ ...picked(0), outcomeId: other.outcomes[0].id }] }),
      'components.mini-dyi.error-outcome-unknown',
    ],
    [
      'an indicator of another outcome',
      () => ({ sdg: [1, 2], selectedOutcomes: [{ ...picked(0), indicators: picked(1).indicators }] }),
      'components.mini-dyi.error-indicator-unknown',
    ],
    [
      'a stakeholder of another framework',
      () => ({ sdg: [1], selectedOutcomes: [{ ...picked(0), stakeholderId: other.stakeholders[0].id }] }),
      'components.mini-dyi.error-stakeholder-unknown',
    ],
    ['an unknown field', () => ({ sroi: 9 }), 'errors.validation'],
  ];

  it('refuses one indicator ticked with two of its proxies (the same people counted twice), and still loads a saved state that holds both', async () => {
    const user = await t.factory.user();
    const two: ImpactFrameworkDto = (
      await t.http
        .get(
          `/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${(await t.factory.impactFramework({ outcomes: 1, proxies: 2 })).id}`,
        )
        .set(user.headers())
        .expect(200)
    ).body;
    const a = await applicant({ frameworkId: two.id, showSdgFilter: false, maxOutcomeSelect: 1, maxSdgSelect: 17 });
    const out = two.outcomes[0];
    const ind = out.indicators[0];
    expect(ind.proxies).toHaveLength(2);
    const tick = (p: number) => ({
      indicatorId: ind.id,
      indicatorName: ind.name,
      indicatorTargetValue: 10,
      proxyId: ind.proxies[p].id,
      proxyName: ind.proxies[p].name,
      proxyValue: ind.proxies[p].defaultValue,
    });
    const state = (indicators: ReturnType<typeof tick>[]) => ({
      selectedOutcomes: [
        { outcomeId: out.id, outcomeName: out.name, sdg: out.sdg, stakeholderId: two.stakeholders[0].id, stakeholderName: '', indicators },
      ],
    });
    const saved = await put(a, state([tick(1)]));
    expect(saved.status).toBe(200);
    const res = await put(a, state([tick(0), tick(1)]));
    expect([res.status, res.body.key]).toEqual([400, 'components.mini-dyi.error-indicator-twice']);
    const viaAutosave = await upsert(a, state([tick(0), tick(1)]));
    expect([viaAutosave.status, viaAutosave.body.key]).toEqual([400, 'components.mini-dyi.error-indicator-twice']);
    expect((await read(a)).body).toEqual(saved.body);

    // A state saved before the rule holds both: it still loads, as it was saved.
    await t.db.query(
      `UPDATE step_result SET content = jsonb_set(content, '{selectedOutcomes,0,indicators}', $2::jsonb) WHERE submission_id = $1`,
      [a.submissionId, JSON.stringify([tick(0), tick(1)])],
    );
    const legacy = await read(a);
    expect(legacy.status).toBe(200);
    expect(legacy.body.selectedOutcomes[0].indicators.map((i: { proxyId: string }) => i.proxyId)).toEqual(ind.proxies.map((p) => p.id));
  });

  it.each(cases)('refuses %s', async (_, body, key) => {
    const a = await applicant();
    const saved = await put(a, complete());
    const res = await put(a, body());
    expect([res.status, res.body.key]).toEqual([400, key]);
    const after = await read(a);
    expect(after.body).toEqual(saved.body);
  });

  it('counts the outcome limit per SDG with the filter on', async () => {
    const a = await applicant({ frameworkId: fw.id, showSdgFilter: true, maxOutcomeSelect: 1, maxSdgSelect: 2 });
    expect(outcome(17).sdg).toBe(outcome(0).sdg);
    expect((await put(a, { sdg: [1, 2], selectedOutcomes: [picked(0), picked(1)] })).status).toBe(200);
    const over = await put(a, { sdg: [1, 2], selectedOutcomes: [picked(0), picked(17)] });
    expect([over.status, over.body.key, over.body.issues[0].params]).toEqual([
      400,
      'components.mini-dyi.error-outcome-limit',
      { max: 1, sdg: 1 },
    ]);
    expect((await read(a)).body.selectedOutcomes.map((o: SelectedOutcome) => o.outcomeId)).toEqual([outcome(0).id, outcome(1).id]);
  });

  it('counts the outcome limit in total with the filter off (no SDG needed)', async () => {
    const a = await applicant({ frameworkId: fw.id, showSdgFilter: false, maxOutcomeSelect: 2 });
    const ok = await put(a, { selectedOutcomes: [picked(0), picked(5)], budget: 100 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ isSdgEnabled: false, complete: true, sdg: [] });
    const over = await put(a, { selectedOutcomes: [picked(0), picked(5), picked(6)] });
    expect([over.status, over.body.key]).toEqual([400, 'components.mini-dyi.error-outcome-limit']);
    expect((await read(a)).body.selectedOutcomes).toHaveLength(2);
  });

  it('applies the same rules to UpsertCallStepResult and stores what PutMiniDYI would', async () => {
    const a = await applicant();
    const over = await upsert(a, { sdg: [1, 2, 3] });
    expect([over.status, over.body.key]).toEqual([400, 'components.mini-dyi.error-sdg-limit']);
    const tampered = {
      ...complete(),
      sroiScore: 99,
      maxSdg: 17,
      selectedOutcomes: [
        { ...picked(0, 30), indicators: [{ ...picked(0, 30).indicators[0], proxyValue: 1e9 }] },
        picked(1, 12),
        custom('CustomKey001'),
      ],
    };
    const ok = await upsert(a, tampered);
    expect(ok.status).toBe(200);
    expect(ok.body.score).toBeCloseTo(expectedSroi, 10);
    expect(ok.body.content).toMatchObject({ maxSdg: 2, selectedOutcomes: [{ indicators: [{ proxyValue: 100 }] }, {}, {}] });
    expect(ok.body.content.sroiScore).toBeUndefined();
    expect((await submissionRow(a.submissionId)).sroi).toBeCloseTo(expectedSroi, 10);
    const text = await upsert(a, JSON.stringify({ ...complete(), budget: 2500 }), 1);
    expect(text.status).toBe(200);
    expect(text.body.score).toBeCloseTo(expectedSroi * 2, 10);
  });
});

describe('closing', () => {
  it('refuses an outcome without a stakeholder with the red message key, then closes and keeps the SROI', async () => {
    const a = await applicant();
    const state = complete();
    const noStakeholder = [{ ...picked(0, 30), stakeholderId: null, stakeholderName: '' }, picked(1, 12), custom('CustomKey001')];
    expect((await put(a, { ...state, selectedOutcomes: noStakeholder })).status).toBe(200); // saving a partial state is fine
    const refused = await close(a);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      key: 'components.mini-dyi.error-stakeholders',
      stepId: a.stepId,
      reason: 'minidyi-invalid',
      subStep: 'indicators',
    });
    expect((await submissionRow(a.submissionId)).closed).toBe(false);

    // A ticked indicator without a target blocks too.
    expect((await put(a, { selectedOutcomes: [picked(0, null), picked(1, 12)] })).status).toBe(200);
    expect((await close(a)).body.key).toBe('components.mini-dyi.error-target');
    // Nothing saved at all: the generic message.
    const empty = await applicant();
    expect((await close(empty)).body.key).toBe('fill.incomplete.minidyi-missing');

    expect((await put(a, state)).status).toBe(200);
    const closed = await close(a);
    expect(closed.status).toBe(200);
    expect(closed.body.sroiScore).toBeCloseTo(expectedSroi, 10);
    const row = await submissionRow(a.submissionId);
    expect(row.closed).toBe(true);
    expect(row.sroi).toBeCloseTo(expectedSroi, 10);

    // Closed: read-only for everyone, the state unchanged.
    const late = await put(a, { budget: 1 });
    expect([late.status, late.body.key]).toEqual([409, 'errors.submission-closed']);
    const after = await read(a);
    expect(after.body).toMatchObject({ readOnly: true, budget: 5000, complete: true });
    const admin = await t.factory.user({ admin: true });
    const review = (await t.http.get(`/api/Call/GetSubmissionByIDAdmin?submissionId=${a.submissionId}`).set(admin.headers()).expect(200))
      .body;
    expect(review.sroiScore).toBeCloseTo(expectedSroi, 10);
  });

  it('refuses to close with an SDG missing while the filter is on', async () => {
    const a = await applicant();
    await upsert(a, { sdg: [], selectedOutcomes: [custom('CustomKey009')], budget: 10 });
    const res = await close(a);
    expect([res.status, res.body.key, res.body.subStep]).toEqual([400, 'components.mini-dyi.error-sdg-required', 'sdg']);
  });
});

describe('step content', () => {
  it('accepts the SROI options in a miniDyi step and refuses bad ones', async () => {
    const a = await applicant({ frameworkId: fw.id, sroi: { years: 5, rampUp: 'linear' } });
    const sub = (await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(a.h)).body;
    expect(sub.steps.find((s: { id: string }) => s.id === a.stepId).content.sroi).toMatchObject({
      years: 5,
      rampUp: 'linear',
      discountRate: 0,
    });
    for (const sroi of [{ discountRate: 2 }, { years: 0 }, { rampUp: 'fast' }, { unknown: 1 }, 'x']) {
      await expect(applicant({ frameworkId: fw.id, sroi })).rejects.toMatchObject({ response: { key: 'errors.step-content' } });
    }
  });
});
