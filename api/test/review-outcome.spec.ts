import { EMPTY_ID } from '@impact-calls/domain';
import { createTestApp, type TestApp } from './app.js';

/**
 * The applicant sees the released decision of the review: on the call list (GetCallListUser, through its
 * organization-submissions cache), on the call's own page (GetCallById) and on the submission (GetSubmissionByID);
 * only for the organization's own submission. The columns are set with SQL, as the release writes them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface ListedCall {
  id: string;
  submissionId: string;
  decision: string | null;
}

const release = (submissionId: string, decision: string | null) =>
  t.db.query(
    'UPDATE call_submission SET decision = $2, decision_released_at = CASE WHEN $2::varchar IS NULL THEN NULL ELSE now() END WHERE id = $1',
    [submissionId, decision],
  );

async function listed(h: Record<string, string>, callId: string): Promise<ListedCall> {
  const list = (await t.http.get('/api/Call/GetCallListUser').set(h).expect(200)).body as ListedCall[];
  return list.find((c) => c.id === callId)!;
}

/** A change made with SQL reaches the list's cache by the database's notification, a moment later. */
async function listedOnce(h: Record<string, string>, callId: string, decision: string | null): Promise<ListedCall> {
  for (let tries = 0; tries < 50 && (await listed(h, callId)).decision !== decision; tries++) await new Promise((r) => setTimeout(r, 100));
  return listed(h, callId);
}

describe('the released decision', () => {
  it('is null until released, then shows on the list, the call and the submission', async () => {
    const call = await t.factory.call();
    const a = await t.factory.applicant(call.id);
    expect(await listed(a.h, call.id)).toMatchObject({ submissionId: a.submissionId, decision: null });
    const before = await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(a.h).expect(200);
    expect(before.body.decision).toBeNull();

    await release(a.submissionId, 'approved');
    expect(await listedOnce(a.h, call.id, 'approved')).toMatchObject({ submissionId: a.submissionId, decision: 'approved' });
    const one = await t.http.get(`/api/Call/GetCallById?id=${call.id}`).set(a.h).expect(200);
    expect(one.body).toMatchObject({ submissionId: a.submissionId, decision: 'approved' });
    const after = await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(a.h).expect(200);
    expect(after.body.decision).toBe('approved');

    // Another released decision replaces it in the cached list too.
    await release(a.submissionId, 'waiting-list');
    expect((await listedOnce(a.h, call.id, 'waiting-list')).decision).toBe('waiting-list');
  });

  it("is only the organization's own: another organization sees none, and cannot read the submission", async () => {
    const call = await t.factory.call();
    const a = await t.factory.applicant(call.id);
    const b = await t.factory.applicant(call.id);
    const other = await t.factory.organization(a.user);
    await release(a.submissionId, 'rejected');
    expect((await listedOnce(a.h, call.id, 'rejected')).decision).toBe('rejected');

    expect(await listed(b.h, call.id)).toMatchObject({ submissionId: b.submissionId, decision: null });
    // The same user with another of their organizations selected, and with none.
    expect(await listed(a.user.headers(other.id), call.id)).toMatchObject({ submissionId: EMPTY_ID, decision: null });
    expect(await listed(a.user.headers(), call.id)).toMatchObject({ submissionId: EMPTY_ID, decision: null });
    const otherCall = await t.http.get(`/api/Call/GetCallById?id=${call.id}`).set(b.h).expect(200);
    expect(otherCall.body.decision).toBeNull();

    const theirs = await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(b.h);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain('rejected');
    const own = await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${b.submissionId}`).set(b.h).expect(200);
    expect(own.body.decision).toBeNull();
  });
});
