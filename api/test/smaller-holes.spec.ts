import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';

/** Issue 13, finding 7: updates that overwrote silently without a version, and upper-case ids. */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true, email: `${t.factory.unique('admin')}@example.org` });
});
afterAll(() => t.close());

const day = 24 * 3600 * 1000;
const callBody = (name: string) => ({
  name,
  description: '<p>x</p>',
  openingAt: new Date(Date.now() - day).toISOString(),
  closingAt: new Date(Date.now() + day).toISOString(),
});

describe('a version is required to update (428 errors.version-required), and nothing is overwritten', () => {
  it('UpdateCall and PUT /api/admin/calls/{id}', async () => {
    const call = await t.factory.call();
    for (const req of [
      t.http
        .put('/api/Call/UpdateCall')
        .set(admin.headers())
        .send({ ...callBody('Overwritten'), id: call.id }),
      t.http.put(`/api/admin/calls/${call.id}`).set(admin.headers()).send(callBody('Overwritten')),
    ]) {
      const res = await req;
      expect([res.status, res.body.key]).toEqual([428, 'errors.version-required']);
    }
    const [row] = await t.db.query('SELECT name, version FROM call WHERE id = $1', [call.id]);
    expect(row).toEqual({ name: call.name, version: call.version });
    // With the version read, the update goes through.
    const ok = await t.http
      .put(`/api/admin/calls/${call.id}`)
      .set(admin.headers())
      .send({ ...callBody('Renamed'), version: call.version });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe('Renamed');
  });

  it('the call type inside a call save, UpsertCallType and PUT /api/admin/call-types/{id}', async () => {
    const call = await t.factory.call();
    const type = call.callType;
    const steps = type.steps.map((s) => ({ id: s.id, name: 'Overwritten', stepTypeId: s.stepTypeId, content: s.content }));
    for (const req of [
      t.http
        .put(`/api/admin/calls/${call.id}`)
        .set(admin.headers())
        .send({ ...callBody(call.name), version: call.version, callType: { id: type.id, steps } }),
      t.http.put('/api/Call/UpsertCallType').set(admin.headers()).send({ id: type.id, name: 'Overwritten', description: 'x', steps }),
      t.http.put(`/api/admin/call-types/${type.id}`).set(admin.headers()).send({ name: 'Overwritten', description: 'x', steps }),
    ]) {
      const res = await req;
      expect([res.status, res.body.key]).toEqual([428, 'errors.version-required']);
    }
    const [row] = await t.db.query('SELECT name, version FROM call_type WHERE id = $1', [type.id]);
    expect(row).toEqual({ name: type.name, version: type.version });
    expect((await t.db.query("SELECT 1 FROM step WHERE call_type_id = $1 AND name = 'Overwritten'", [type.id])).length).toBe(0);
  });

  it('PUT /api/admin/surveys/{id}', async () => {
    const created = await t.http
      .post('/api/admin/surveys')
      .set(admin.headers())
      .send({ name: t.factory.unique('Survey'), description: 'd' })
      .expect(201);
    const res = await t.http
      .put(`/api/admin/surveys/${created.body.id}`)
      .set(admin.headers())
      .send({ name: 'Overwritten', description: 'd' });
    expect([res.status, res.body.key]).toEqual([428, 'errors.version-required']);
    const [row] = await t.db.query('SELECT name FROM survey_type WHERE id = $1', [created.body.id]);
    expect(row.name).toBe(created.body.name);
    await t.http
      .put(`/api/admin/surveys/${created.body.id}`)
      .set(admin.headers())
      .send({ name: 'Renamed', description: 'd', version: created.body.version })
      .expect(200);
  });
});

describe('ids in one canonical form', () => {
  it('an upper-case SelectedOrganizationId works like the lower-case one (not 404)', async () => {
    const call = await t.factory.fillCall();
    const a = await t.factory.applicant(call.id);
    const upper = a.user.headers(a.orgId.toUpperCase());
    const byId = await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(upper);
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(a.submissionId);
    const stepId = call.callType.steps.find((s) => s.name === 'About you')!.id;
    const saved = await t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(upper)
      .send({ callSubmissionId: a.submissionId.toUpperCase(), stepId: stepId.toUpperCase(), content: { mission: 'Upper' }, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.stepId).toBe(stepId);
    const again = await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId.toUpperCase()}`).set(upper);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(a.submissionId);
    expect((await t.http.get(`/api/Organization/GetOrganizationById?orgId=${a.orgId.toUpperCase()}`).set(upper)).body.id).toBe(a.orgId);
  });

  it('another organization in upper case is still refused', async () => {
    const call = await t.factory.fillCall();
    const a = await t.factory.applicant(call.id);
    const b = await t.factory.applicant(call.id);
    const res = await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(b.user.headers(a.orgId.toUpperCase()));
    expect(res.status).toBe(403);
  });
});

describe('a refused save changes nothing', () => {
  it('a stale autosave (409) leaves the submission and its answers as they were', async () => {
    const call = await t.factory.fillCall();
    const a = await t.factory.applicant(call.id);
    const stepId = call.callType.steps.find((s) => s.name === 'About you')!.id;
    const save = (mission: string, version: number) =>
      t.http
        .post('/api/Call/UpsertCallStepResult')
        .set(a.h)
        .send({ callSubmissionId: a.submissionId, stepId, content: { data: { mission }, currentPageNo: 0, completed: false }, version });
    await save('first', 0).expect(200);
    const state = async () =>
      t.db.query(
        'SELECT s.version, r.version AS rv, r.content FROM call_submission s JOIN step_result r ON r.submission_id = s.id WHERE s.id = $1',
        [a.submissionId],
      );
    const before = await state();
    const stale = await save('stale', 0);
    expect([stale.status, stale.body.key]).toEqual([409, 'errors.stale-version']);
    const older = await save('older', 7);
    expect(older.status).toBe(409);
    expect(await state()).toEqual(before);
  });
});
