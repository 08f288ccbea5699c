import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './app.js';
import { testFiles, type TestUser } from './factory.js';

/**
 * The access matrix of review, for reviewers: every reviewer route as the assigned reviewer, a reviewer of
 * the call not assigned that application, a reviewer who declared a conflict on it, a blind reviewer and a
 * user who reviews nothing; and every administrators' review route refused to a reviewer (403).
 */

let t: TestApp;
let A: Record<string, string>;
const hour = 3600 * 1000;

interface Fixture {
  callId: string;
  submissionId: string;
  assignment: string;
  attachmentId: string;
  reviewer: TestUser;
}

let open: Fixture;
let blind: Fixture;
let notAssigned: TestUser;
let conflicted: TestUser;
let conflictedAssignment: string;
let outsider: TestUser;
let orgName: string;
let fileName: string;

async function reviewedSubmission(isBlind: boolean): Promise<Omit<Fixture, 'assignment' | 'reviewer'>> {
  const call = await t.factory.fillCall();
  const upload = call.callType.steps.find((s: { stepTypeName?: string }) => s.stepTypeName === 'upload')!.id;
  const a = await t.factory.applicant(call.id);
  orgName = ((await t.db.query('SELECT name FROM organization WHERE id = $1', [a.orgId])) as { name: string }[])[0].name;
  fileName = `Piano ${orgName}.pdf`;
  const file = await t.http
    .post('/api/FileUpload/UploadFile')
    .set(a.h)
    .field('CallSubmissionId', a.submissionId)
    .field('StepId', upload)
    .field('SlotIndex', '0')
    .attach('File', testFiles.pdf(600), fileName)
    .expect(200);
  await t.http.post(`/api/admin/submissions/${a.submissionId}/close`).set(A).expect(200);
  const phase = {
    name: 'P',
    startsAt: new Date(Date.now() - hour),
    endsAt: new Date(Date.now() + hour),
    mayScore: true,
    seeOthers: 'never',
    blind: isBlind,
    mayDecide: true,
  };
  await t.http
    .put(`/api/admin/reviews/calls/${call.id}/phases`)
    .set(A)
    .send({ phases: [phase] })
    .expect(200);
  await t.http
    .put(`/api/admin/reviews/calls/${call.id}/rubric`)
    .set(A)
    .send({ criteria: [{ name: 'Impact', min: 0, max: 10, step: 1, weight: 1, required: true }] })
    .expect(200);
  return { callId: call.id, submissionId: a.submissionId, attachmentId: (file.body as { id: string }).id };
}

async function addReviewer(callId: string, user: TestUser): Promise<string> {
  const list = (
    await t.http
      .post(`/api/admin/reviews/calls/${callId}/reviewers`)
      .set(A)
      .send({ emails: [user.email] })
      .expect(200)
  ).body as {
    id: string;
    email: string;
  }[];
  return list.find((r) => r.email === user.email.toLowerCase())!.id;
}

async function assign(callId: string, submissionId: string, user: TestUser): Promise<string> {
  const reviewerId = await addReviewer(callId, user);
  await t.http
    .post(`/api/admin/reviews/calls/${callId}/assignments`)
    .set(A)
    .send({ submissionIds: [submissionId], reviewerIds: [reviewerId] })
    .expect(200);
  const mine = (await t.http.get(`/api/reviews/calls/${callId}/assignments`).set(user.headers()).expect(200)).body as { id: string }[];
  return mine[0].id;
}

beforeAll(async () => {
  t = await createTestApp();
  A = (await t.factory.user({ admin: true })).headers();
  const u = () => t.factory.user({ email: `${t.factory.unique('rev')}@panel.test` });
  const o = await reviewedSubmission(false);
  const r1 = await u();
  open = { ...o, reviewer: r1, assignment: await assign(o.callId, o.submissionId, r1) };
  // A reviewer of the same call with another application only.
  notAssigned = await u();
  const other = await t.factory.applicant(o.callId);
  await t.http.post(`/api/admin/submissions/${other.submissionId}/close`).set(A).expect(200);
  await assign(o.callId, other.submissionId, notAssigned);
  conflicted = await u();
  conflictedAssignment = await assign(o.callId, o.submissionId, conflicted);
  await t.http
    .post(`/api/reviews/assignments/${conflictedAssignment}/conflict`)
    .set(conflicted.headers())
    .send({ reason: 'Former employer' })
    .expect(204);
  const b = await reviewedSubmission(true);
  const r4 = await u();
  blind = { ...b, reviewer: r4, assignment: await assign(b.callId, b.submissionId, r4) };
  outsider = await u();
});
afterAll(() => t.close());

const draft = { version: 0, scores: {}, recommendation: null, commentApplicant: '', commentPanel: '', abstained: false, abstainReason: '' };

type Route = (
  h: Record<string, string>,
  f: Fixture,
  assignment: string,
) => Promise<{ status: number; body: unknown; headers: Record<string, string> }>;
const ROUTES: Record<string, Route> = {
  listMyAssignments: (h, f) => t.http.get(`/api/reviews/calls/${f.callId}/assignments`).set(h),
  nextAssignment: (h, f) => t.http.get(`/api/reviews/calls/${f.callId}/next`).set(h),
  getMyAssignment: (h, _f, a) => t.http.get(`/api/reviews/assignments/${a}`).set(h),
  saveMyReview: (h, _f, a) => t.http.put(`/api/reviews/assignments/${a}/review`).set(h).send(draft),
  submitMyReview: (h, _f, a) => t.http.post(`/api/reviews/assignments/${a}/submit`).set(h).send({ version: 99 }),
  getReviewFile: (h, f, a) => t.http.get(`/api/reviews/assignments/${a}/files/${f.attachmentId}`).set(h),
  declareConflict: (h, _f, a) => t.http.post(`/api/reviews/assignments/${a}/conflict`).set(h).send({ reason: 'x' }),
};

// The status each identity gets on each route, on the open call's application (declareConflict last: it ends the assignment).
const EXPECTED: Record<string, Record<string, number>> = {
  assigned: {
    listMyAssignments: 200,
    nextAssignment: 200,
    getMyAssignment: 200,
    saveMyReview: 200,
    submitMyReview: 400,
    getReviewFile: 200,
    declareConflict: 204,
  },
  notAssigned: {
    listMyAssignments: 200,
    nextAssignment: 200,
    getMyAssignment: 404,
    saveMyReview: 404,
    submitMyReview: 404,
    getReviewFile: 404,
    declareConflict: 404,
  },
  conflicted: {
    listMyAssignments: 200,
    nextAssignment: 200,
    getMyAssignment: 404,
    saveMyReview: 404,
    submitMyReview: 404,
    getReviewFile: 404,
    declareConflict: 404,
  },
  outsider: {
    listMyAssignments: 404,
    nextAssignment: 404,
    getMyAssignment: 404,
    saveMyReview: 404,
    submitMyReview: 404,
    getReviewFile: 404,
    declareConflict: 404,
  },
};

describe('reviewer routes, by identity', () => {
  it('a conflicted reviewer no longer lists the application, and is never assigned it again by hand', async () => {
    const list = (await t.http.get(`/api/reviews/calls/${open.callId}/assignments`).set(conflicted.headers()).expect(200))
      .body as unknown[];
    expect(list).toEqual([]);
    const reviewers = (await t.http.get(`/api/admin/reviews/calls/${open.callId}/reviewers`).set(A).expect(200)).body as {
      id: string;
      email: string;
    }[];
    const id = reviewers.find((r) => r.email === conflicted.email.toLowerCase())!.id;
    const res = await t.http
      .post(`/api/admin/reviews/calls/${open.callId}/assignments`)
      .set(A)
      .send({ submissionIds: [open.submissionId], reviewerIds: [id] })
      .expect(200);
    expect(res.body).toMatchObject({ added: 0, conflicts: 1 });
  });

  it('a blind reviewer reads every route without the organization, the applicant or the file name', async () => {
    const h = blind.reviewer.headers();
    for (const [name, route] of Object.entries(ROUTES)) {
      if (name === 'declareConflict') continue;
      const res = await route(h, blind, blind.assignment);
      expect(`${name} ${res.status < 500}`).toBe(`${name} true`);
      const text = JSON.stringify(res.body ?? '') + JSON.stringify(res.headers);
      for (const secret of [orgName, 'Piano', 'applicant.test']) expect(`${name}: ${text.includes(secret)}`).toBe(`${name}: false`);
    }
    const file = await ROUTES.getReviewFile(h, blind, blind.assignment);
    expect(file.headers['content-disposition']).toContain('Allegato 1.pdf');
    // The same reviewer in an open phase would see the names: the open call's reviewer does.
    const seen = await ROUTES.getMyAssignment(open.reviewer.headers(), open, open.assignment);
    expect(JSON.stringify(seen.body)).toContain('applicant.test');
  });

  it("refuses every administrators' review route to a reviewer (403)", async () => {
    const spec = JSON.parse(readFileSync(join(import.meta.dirname, '../../openapi/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const admin = Object.entries(spec.paths).filter(([p]) => p.startsWith('/api/admin/reviews/'));
    expect(admin.length).toBeGreaterThan(10);
    for (const [path, methods] of admin)
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{[^}]+\}/g, open.callId);
        const http = t.http as unknown as Record<string, (u: string) => { set(h: Record<string, string>): Promise<{ status: number }> }>;
        const res = await http[method](url).set(open.reviewer.headers());
        expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 403`);
      }
  });

  for (const identity of ['notAssigned', 'conflicted', 'outsider', 'assigned'] as const) {
    it(`as ${identity}`, async () => {
      const user = {
        assigned: () => open.reviewer,
        notAssigned: () => notAssigned,
        conflicted: () => conflicted,
        outsider: () => outsider,
      }[identity]();
      const assignment = identity === 'conflicted' ? conflictedAssignment : open.assignment;
      const got: Record<string, number> = {};
      for (const [name, route] of Object.entries(ROUTES)) got[name] = (await route(user.headers(), open, assignment)).status;
      expect(got).toEqual(EXPECTED[identity]);
    });
  }
});
