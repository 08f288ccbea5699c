import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';

/**
 * Review end to end on the API: a call's phases and rubric, reviewers, automatic assignment with
 * conflicts, a reviewer's scoring (blind), the ranked list, decisions and their release.
 */

let t: TestApp;
let admin: TestUser;
let A: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
  A = admin.headers();
});
afterAll(() => t.close());

const hour = 3600 * 1000;
const phase = (o: Record<string, unknown> = {}) => ({
  name: 'Scoring',
  startsAt: new Date(Date.now() - hour).toISOString(),
  endsAt: new Date(Date.now() + 48 * hour).toISOString(),
  mayScore: true,
  seeOthers: 'after-own',
  blind: true,
  mayDecide: true,
  ...o,
});
const rubric = [
  { name: 'Impact', guidance: { en: 'How much changes' }, min: 0, max: 10, step: 1, weight: 2, required: true },
  { name: 'Feasibility', min: 1, max: 5, step: 0.5, weight: 1, required: false },
];

/** A call with `n` submitted applications (each its own organization), phases and a rubric. */
async function reviewedCall(n: number, phases = [phase()]) {
  const call = await t.factory.call();
  const apps = [];
  for (let i = 0; i < n; i++) {
    const a = await t.factory.applicant(call.id);
    await t.http.post(`/api/admin/submissions/${a.submissionId}/close`).set(A).expect(200);
    apps.push(a);
  }
  await t.http.put(`/api/admin/reviews/calls/${call.id}/phases`).set(A).send({ phases }).expect(200);
  const criteria = (await t.http.put(`/api/admin/reviews/calls/${call.id}/rubric`).set(A).send({ criteria: rubric }).expect(200)).body as {
    id: string;
  }[];
  return { call, apps, criteria };
}

async function reviewer(callId: string, email?: string): Promise<TestUser & { reviewerId: string }> {
  const u = await t.factory.user({ email: email ?? `${t.factory.unique('rev')}@panel.test` });
  const list = (
    await t.http
      .post(`/api/admin/reviews/calls/${callId}/reviewers`)
      .set(A)
      .send({ emails: [u.email.toUpperCase()] })
      .expect(200)
  ).body as {
    id: string;
    email: string;
  }[];
  return { ...u, reviewerId: list.find((r) => r.email === u.email.toLowerCase())!.id };
}

describe('review setup', () => {
  it('saves settings, phases and a rubric, and refuses bad ones with a key', async () => {
    const call = await t.factory.call();
    const setup = (await t.http.get(`/api/admin/reviews/calls/${call.id}/setup`).set(A).expect(200)).body;
    expect(setup.settings).toEqual({ reviewsPerApplication: 3, aggregate: 'mean', disagreementThreshold: 30 });
    await t.http
      .put(`/api/admin/reviews/calls/${call.id}/settings`)
      .set(A)
      .send({ reviewsPerApplication: 2, aggregate: 'median', disagreementThreshold: 20 })
      .expect(200);

    const overlap = await t.http
      .put(`/api/admin/reviews/calls/${call.id}/phases`)
      .set(A)
      .send({ phases: [phase(), phase({ name: 'Again' })] })
      .expect(400);
    expect(overlap.body.key).toBe('errors.review.phases');
    const backwards = await t.http
      .put(`/api/admin/reviews/calls/${call.id}/phases`)
      .set(A)
      .send({ phases: [phase({ endsAt: new Date(Date.now() - 2 * hour).toISOString() })] })
      .expect(400);
    expect(backwards.body.key).toBe('errors.review.phases');
    const bad = await t.http
      .put(`/api/admin/reviews/calls/${call.id}/rubric`)
      .set(A)
      .send({ criteria: [{ name: 'x', min: 5, max: 1, step: 1, weight: 1, required: true }] })
      .expect(400);
    expect(bad.body.key).toBe('errors.review.criterion');
    await t.http.put(`/api/admin/reviews/calls/${call.id}/rubric`).set(A).send({ criteria: rubric }).expect(200);
    await t.http
      .put(`/api/admin/reviews/calls/${call.id}/phases`)
      .set(A)
      .send({ phases: [phase()] })
      .expect(200);

    const after = (await t.http.get(`/api/admin/reviews/calls/${call.id}/setup`).set(A).expect(200)).body;
    expect(after.settings.aggregate).toBe('median');
    expect(after.phases).toHaveLength(1);
    expect(after.currentPhaseId).toBe(after.phases[0].id);
    expect(after.criteria.map((c: { name: string }) => c.name)).toEqual(['Impact', 'Feasibility']);
    expect(after.criteria[0].guidance).toEqual({ en: 'How much changes' });
    expect(after.scoringStarted).toBe(false);
  });

  it('is for administrators only: a reviewer and an applicant get 403', async () => {
    const { call } = await reviewedCall(1);
    const r = await reviewer(call.id);
    await t.http.get(`/api/admin/reviews/calls/${call.id}/setup`).set(r.headers()).expect(403);
    await t.http.get(`/api/admin/reviews/calls/${call.id}/applications`).set(r.headers()).expect(403);
  });
});

describe('assignment', () => {
  it('assigns automatically with balanced load, honouring membership and e-mail domain conflicts, and changes only what it must', async () => {
    const { call, apps } = await reviewedCall(5);
    await t.http
      .put(`/api/admin/reviews/calls/${call.id}/settings`)
      .set(A)
      .send({ reviewsPerApplication: 2, aggregate: 'mean', disagreementThreshold: 30 })
      .expect(200);
    const revs = [await reviewer(call.id), await reviewer(call.id), await reviewer(call.id)];
    // A member of the first application's organization, and one sharing its contact's domain.
    const member = await reviewer(call.id);
    await t.db.query("INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'owner')", [
      apps[0].orgId,
      member.id,
    ]);
    await t.db.query('UPDATE organization SET contact_email = $2 WHERE id = $1', [apps[1].orgId, 'boss@samedomain.test']);
    const sameDomain = await reviewer(call.id, `${t.factory.unique('x')}@samedomain.test`);

    const run = (await t.http.post(`/api/admin/reviews/calls/${call.id}/assignments/automatic`).set(A).expect(200)).body;
    expect(run).toMatchObject({ added: 10, removed: 0, unfilled: 0 });
    expect(run.maxLoad - run.minLoad).toBeLessThanOrEqual(1);
    const pairs = (await t.db.query('SELECT submission_id, reviewer_id FROM review WHERE call_id = $1', [call.id])) as {
      submission_id: string;
      reviewer_id: string;
    }[];
    expect(pairs).toHaveLength(10);
    expect(pairs.some((p) => p.submission_id === apps[0].submissionId && p.reviewer_id === member.reviewerId)).toBe(false);
    expect(pairs.some((p) => p.submission_id === apps[1].submissionId && p.reviewer_id === sameDomain.reviewerId)).toBe(false);

    const again = (await t.http.post(`/api/admin/reviews/calls/${call.id}/assignments/automatic`).set(A).expect(200)).body;
    expect(again).toMatchObject({ added: 0, removed: 0 });

    // A declared conflict hands the application back; the next run gives it to someone else.
    const mine = pairs.find((p) => p.reviewer_id === revs[0].reviewerId && p.submission_id !== apps[0].submissionId)!;
    const [{ id: reviewId }] = (await t.db.query('SELECT id FROM review WHERE submission_id = $1 AND reviewer_id = $2', [
      mine.submission_id,
      mine.reviewer_id,
    ])) as { id: string }[];
    await t.http
      .post(`/api/reviews/assignments/${reviewId}/conflict`)
      .set(revs[0].headers())
      .send({ reason: 'My cousin runs it' })
      .expect(204);
    await t.http.get(`/api/reviews/assignments/${reviewId}`).set(revs[0].headers()).expect(404);
    const third = (await t.http.post(`/api/admin/reviews/calls/${call.id}/assignments/automatic`).set(A).expect(200)).body;
    expect(third).toMatchObject({ added: 1, removed: 0 });
    const detail = (await t.http.get(`/api/admin/reviews/applications/${mine.submission_id}`).set(A).expect(200)).body;
    expect(detail).toMatchObject({ reviewsAssigned: 2, reviewsDone: 0 });
    expect(detail.conflicts).toEqual([
      expect.objectContaining({ reviewerEmail: revs[0].email.toLowerCase(), reason: 'My cousin runs it' }),
    ]);
    expect(detail.history.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['assigned', 'conflict']));

    // By hand: a conflicted pair is left out, an existing one counted.
    const manual = (
      await t.http
        .post(`/api/admin/reviews/calls/${call.id}/assignments`)
        .set(A)
        .send({ submissionIds: [apps[0].submissionId], reviewerIds: [member.reviewerId, ...revs.map((r) => r.reviewerId)] })
        .expect(200)
    ).body;
    expect(manual.conflicts).toBe(1);
    expect(manual.added + manual.existing).toBe(3);
  });

  it('refuses to assign an application that was not submitted', async () => {
    const { call } = await reviewedCall(1);
    const open = await t.factory.applicant(call.id);
    const r = await reviewer(call.id);
    const res = await t.http
      .post(`/api/admin/reviews/calls/${call.id}/assignments`)
      .set(A)
      .send({ submissionIds: [open.submissionId], reviewerIds: [r.reviewerId] })
      .expect(400);
    expect(res.body.key).toBe('errors.review.not-submitted');
  });
});

describe('a reviewer', () => {
  async function assigned(phases = [phase()]) {
    const ctx = await reviewedCall(1, phases);
    const r = await reviewer(ctx.call.id);
    const other = await reviewer(ctx.call.id);
    await t.http
      .post(`/api/admin/reviews/calls/${ctx.call.id}/assignments`)
      .set(A)
      .send({ submissionIds: [ctx.apps[0].submissionId], reviewerIds: [r.reviewerId, other.reviewerId] })
      .expect(200);
    const [mine] = (await t.http.get(`/api/reviews/calls/${ctx.call.id}/assignments`).set(r.headers()).expect(200)).body as {
      id: string;
    }[];
    const [theirs] = (await t.http.get(`/api/reviews/calls/${ctx.call.id}/assignments`).set(other.headers()).expect(200)).body as {
      id: string;
    }[];
    return { ...ctx, r, other, mine: mine.id, theirs: theirs.id };
  }

  it('in a blind phase never receives the organization, the applicant or a file name', async () => {
    const { call, apps, r, mine } = await assigned();
    const calls = (await t.http.get('/api/reviews/calls').set(r.headers()).expect(200)).body;
    expect(calls).toEqual([expect.objectContaining({ callId: call.id, toDo: 1, phase: expect.objectContaining({ blind: true }) })]);
    const list = (await t.http.get(`/api/reviews/calls/${call.id}/assignments`).set(r.headers()).expect(200)).body;
    expect(list[0].organizationName).toBeNull();
    const ws = await t.http.get(`/api/reviews/assignments/${mine}`).set(r.headers()).expect(200);
    expect(ws.body.blind).toBe(true);
    expect(ws.body.submission.organization).toBeNull();
    expect(ws.body.submission.user).toBeNull();
    const org = (await t.db.query('SELECT name, reg_number, contact_email FROM organization WHERE id = $1', [apps[0].orgId])) as Record<
      string,
      string
    >[];
    const text = JSON.stringify(ws.body);
    for (const v of [org[0].name, org[0].reg_number, org[0].contact_email, apps[0].user.email]) expect(text).not.toContain(v);
    expect(ws.body.history.every((e: { byName: string | null }) => e.byName === null)).toBe(true);
  });

  it('saves as they type, is refused a stale version or a score off the scale, submits when complete', async () => {
    const { call, r, other, mine, theirs, criteria } = await assigned([phase({ blind: false })]);
    const [impact, feasibility] = criteria.map((c) => c.id);
    const ws = (await t.http.get(`/api/reviews/assignments/${mine}`).set(r.headers()).expect(200)).body;
    expect(ws.submission.organization).not.toBeNull();
    expect(ws.otherReviews).toBeNull();
    const draft = {
      scores: { [impact]: 8 },
      recommendation: null,
      commentApplicant: '',
      commentPanel: 'Good',
      abstained: false,
      abstainReason: '',
    };
    const saved = (
      await t.http
        .put(`/api/reviews/assignments/${mine}/review`)
        .set(r.headers())
        .send({ ...draft, version: 0 })
        .expect(200)
    ).body;
    expect(saved).toMatchObject({ version: 1, state: 'in-progress', score: 80, editable: true });
    const stale = await t.http
      .put(`/api/reviews/assignments/${mine}/review`)
      .set(r.headers())
      .send({ ...draft, version: 0 })
      .expect(409);
    expect(stale.body.key).toBe('errors.review.stale');
    const off = await t.http
      .put(`/api/reviews/assignments/${mine}/review`)
      .set(r.headers())
      .send({ ...draft, version: 1, scores: { [impact]: 11, [feasibility]: 1.25 } })
      .expect(400);
    expect(off.body.key).toBe('errors.review.scores');
    expect(off.body.errors).toEqual({ [impact]: 'out-of-scale', [feasibility]: 'off-step' });
    const unknown = await t.http
      .put(`/api/reviews/assignments/${mine}/review`)
      .set(r.headers())
      .send({ ...draft, version: 1, scores: { '00000000-0000-4000-8000-000000000000': 1 } })
      .expect(400);
    expect(unknown.body.errors).toEqual({ '00000000-0000-4000-8000-000000000000': 'unknown' });
    // Nothing of the refused saves was kept.
    expect((await t.http.get(`/api/reviews/assignments/${mine}`).set(r.headers()).expect(200)).body.review).toMatchObject({
      version: 1,
      scores: { [impact]: 8 },
    });

    const incomplete = await t.http.post(`/api/reviews/assignments/${mine}/submit`).set(r.headers()).send({ version: 1 }).expect(400);
    expect(incomplete.body.key).toBe('errors.review.incomplete');
    await t.http
      .put(`/api/reviews/assignments/${mine}/review`)
      .set(r.headers())
      .send({ ...draft, recommendation: 'fund', version: 1 })
      .expect(200);
    const done = (await t.http.post(`/api/reviews/assignments/${mine}/submit`).set(r.headers()).send({ version: 2 }).expect(200)).body;
    expect(done.state).toBe('done');
    const ranked = async () => (await t.http.get(`/api/admin/reviews/calls/${call.id}/applications`).set(A).expect(200)).body[0];
    expect(await ranked()).toMatchObject({ score: 80, reviewsDone: 1, reviewsAssigned: 2 });
    // A submitted review edited while the phase allows it moves the application's figures; made incomplete, it is a draft again.
    await t.http
      .put(`/api/reviews/assignments/${mine}/review`)
      .set(r.headers())
      .send({ ...draft, scores: { [impact]: 5 }, recommendation: 'fund', version: 3 })
      .expect(200);
    expect(await ranked()).toMatchObject({ score: 50, reviewsDone: 1 });
    const reopened = await t.http
      .put(`/api/reviews/assignments/${mine}/review`)
      .set(r.headers())
      .send({ ...draft, scores: {}, recommendation: 'fund', version: 4 })
      .expect(200);
    expect(reopened.body.state).toBe('in-progress');
    expect(await ranked()).toMatchObject({ score: null, reviewsDone: 0 });
    await t.http
      .put(`/api/reviews/assignments/${mine}/review`)
      .set(r.headers())
      .send({ ...draft, recommendation: 'fund', version: 5 })
      .expect(200);
    await t.http.post(`/api/reviews/assignments/${mine}/submit`).set(r.headers()).send({ version: 6 }).expect(200);

    // After their own, the other reviews show (after-own); the other reviewer sees none before theirs.
    expect((await t.http.get(`/api/reviews/assignments/${mine}`).set(r.headers()).expect(200)).body.otherReviews).toEqual([]);
    expect((await t.http.get(`/api/reviews/assignments/${theirs}`).set(other.headers()).expect(200)).body.otherReviews).toBeNull();

    // Another reviewer's assignment is not theirs: 404 on reading, scoring and its files.
    await t.http.get(`/api/reviews/assignments/${theirs}`).set(r.headers()).expect(404);
    await t.http
      .put(`/api/reviews/assignments/${theirs}/review`)
      .set(r.headers())
      .send({ ...draft, version: 0 })
      .expect(404);
    await t.http.get(`/api/reviews/calls/${call.id}/assignments`).set(admin.headers()).expect(404);

    const next = (await t.http.get(`/api/reviews/calls/${call.id}/next`).set(other.headers()).expect(200)).body;
    expect(next.id).toBe(theirs);
    expect((await t.http.get(`/api/reviews/calls/${call.id}/next?after=${theirs}`).set(other.headers()).expect(200)).body.id).toBeNull();
  });

  it('cannot score once the phase no longer lets them (409), but still reads', async () => {
    const { r, mine } = await assigned([phase({ mayScore: false })]);
    const ws = (await t.http.get(`/api/reviews/assignments/${mine}`).set(r.headers()).expect(200)).body;
    expect(ws.review.editable).toBe(false);
    const res = await t.http
      .put(`/api/reviews/assignments/${mine}/review`)
      .set(r.headers())
      .send({ version: 0, scores: {}, recommendation: null, commentApplicant: '', commentPanel: '', abstained: false, abstainReason: '' })
      .expect(409);
    expect(res.body.key).toBe('errors.review.phase-closed');
  });

  it('invited by e-mail before their first sign-in, finds the call once signed in', async () => {
    const { call } = await reviewedCall(1);
    const email = `${t.factory.unique('new')}@panel.test`;
    const list = (
      await t.http
        .post(`/api/admin/reviews/calls/${call.id}/reviewers`)
        .set(A)
        .send({ emails: [email] })
        .expect(200)
    ).body;
    expect(list.find((r: { email: string }) => r.email === email)).toMatchObject({ invited: true, userId: null });
    const bad = await t.http
      .post(`/api/admin/reviews/calls/${call.id}/reviewers`)
      .set(A)
      .send({ emails: ['not-an-address'] })
      .expect(400);
    expect(bad.body.key).toBe('errors.review.invalid-email');
    const u = await t.factory.user({ email });
    const calls = (await t.http.get('/api/reviews/calls').set(u.headers()).expect(200)).body;
    expect(calls.map((c: { callId: string }) => c.callId)).toEqual([call.id]);
  });
});

describe('ranking, decisions and release', () => {
  it('ranks by score, flags disagreement, decides in bulk and releases once, telling each applicant', async () => {
    const { call, apps, criteria } = await reviewedCall(3, [phase({ blind: false })]);
    const [impact] = criteria.map((c) => c.id);
    const r1 = await reviewer(call.id);
    const r2 = await reviewer(call.id);
    const ids = apps.map((a) => a.submissionId);
    await t.http
      .post(`/api/admin/reviews/calls/${call.id}/assignments`)
      .set(A)
      .send({ submissionIds: ids, reviewerIds: [r1.reviewerId, r2.reviewerId] })
      .expect(200);
    const scoresBy = [
      [9, 8],
      [2, 9],
      [5, 5],
    ];
    const codes = (await t.db.query('SELECT id, code FROM call_submission WHERE id = ANY($1)', [ids])) as { id: string; code: string }[];
    const indexOf = new Map(codes.map((c) => [c.code, ids.indexOf(c.id)]));
    for (const [i, r] of [r1, r2].entries()) {
      const mine = (await t.http.get(`/api/reviews/calls/${call.id}/assignments`).set(r.headers()).expect(200)).body as {
        id: string;
        code: string;
      }[];
      for (const a of mine) {
        const value = scoresBy[indexOf.get(a.code)!][i];
        await t.http
          .put(`/api/reviews/assignments/${a.id}/review`)
          .set(r.headers())
          .send({
            version: 0,
            scores: { [impact]: value },
            recommendation: 'fund',
            commentApplicant: `Comment ${value} <script>`,
            commentPanel: '',
            abstained: false,
            abstainReason: '',
          })
          .expect(200);
        await t.http.post(`/api/reviews/assignments/${a.id}/submit`).set(r.headers()).send({ version: 1 }).expect(200);
      }
    }
    const page = await t.http
      .get(`/api/admin/reviews/calls/${call.id}/applications?sort=${encodeURIComponent('["rank","ASC"]')}`)
      .set(A)
      .expect(200);
    expect(page.headers['content-range']).toBe('review-applications 0-2/3');
    expect(page.body.map((x: { id: string }) => x.id)).toEqual([ids[0], ids[1], ids[2]]);
    expect(page.body[0]).toMatchObject({ rank: 1, score: 85, reviewsDone: 2, reviewsAssigned: 2, disagreement: false });
    expect(page.body[1]).toMatchObject({ rank: 2, score: 55, spread: 70, disagreement: true });
    expect(page.body[2]).toMatchObject({ rank: 3, score: 50, spread: 0, disagreement: false });
    const flagged = await t.http
      .get(`/api/admin/reviews/calls/${call.id}/applications?filter=${encodeURIComponent('{"disagreement":true}')}`)
      .set(A)
      .expect(200);
    expect(flagged.body.map((x: { id: string }) => x.id)).toEqual([ids[1]]);
    const list = async (query: string) =>
      (await t.http.get(`/api/admin/reviews/calls/${call.id}/applications?${query}`).set(A).expect(200)).body.map(
        (x: { id: string }) => x.id,
      );
    expect(await list(`sort=${encodeURIComponent('["score","ASC"]')}&range=${encodeURIComponent('[1,2]')}`)).toEqual([ids[1], ids[0]]);
    expect(await list(`sort=${encodeURIComponent('["spread","DESC"]')}`)).toEqual([ids[1], ids[0], ids[2]]);
    // The list is kept while the call's data: a write by anyone (here plain SQL) is seen at the next read.
    await t.db.query(`UPDATE review_summary SET mean = 99 WHERE submission_id = $1`, [ids[2]]);
    expect(await list(`sort=${encodeURIComponent('["rank","ASC"]')}`)).toEqual([ids[2], ids[0], ids[1]]);
    await t.db.query(`UPDATE review_summary SET mean = 50 WHERE submission_id = $1`, [ids[2]]);

    const none = await t.http.post(`/api/admin/reviews/calls/${call.id}/release`).set(A).send({ includeComments: true }).expect(400);
    expect(none.body.key).toBe('errors.review.nothing-pending');
    await t.http
      .put(`/api/admin/reviews/calls/${call.id}/decisions`)
      .set(A)
      .send({ submissionIds: [ids[0], ids[2]], decision: 'approved' })
      .expect(200);
    await t.http
      .put(`/api/admin/reviews/calls/${call.id}/decisions`)
      .set(A)
      .send({ submissionIds: [ids[1]], decision: 'rejected' })
      .expect(200);
    // Pending: the applicant sees nothing yet.
    expect((await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${ids[0]}`).set(apps[0].h).expect(200)).body.decision).toBeNull();

    const released = (await t.http.post(`/api/admin/reviews/calls/${call.id}/release`).set(A).send({ includeComments: true }).expect(200))
      .body;
    expect(released).toEqual({ released: 3, queued: 3 });
    expect((await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${ids[0]}`).set(apps[0].h).expect(200)).body.decision).toBe(
      'approved',
    );
    const late = await t.http
      .put(`/api/admin/reviews/calls/${call.id}/decisions`)
      .set(A)
      .send({ submissionIds: [ids[0]], decision: 'rejected' })
      .expect(409);
    expect(late.body.key).toBe('errors.review.released');
    const messages = (await t.db.query("SELECT kind, submission_id FROM message WHERE call_id = $1 AND kind LIKE 'decision-%'", [
      call.id,
    ])) as {
      kind: string;
      submission_id: string;
    }[];
    expect(messages.map((m) => m.kind).sort()).toEqual(['decision-approved', 'decision-approved', 'decision-rejected']);
  });
});
