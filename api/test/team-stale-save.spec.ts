import { CacheInvalidation } from '../src/database/shared-cache.js';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';

/**
 * Two members of one organization fill the same application: a save sent from an older version is refused (409) and
 * names the member who saved last and when, so the other can reload theirs or keep their own (save again on the new version).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Team {
  submissionId: string;
  stepId: string;
  ada: { user: TestUser; h: Record<string, string> };
  bob: { user: TestUser; h: Record<string, string> };
}

/** Ada owns the organization and started the application; Bob joins it as an editor. */
async function team(bobName: { firstName?: string; lastName?: string } = { firstName: 'Bob', lastName: 'Rossi' }): Promise<Team> {
  const call = await t.factory.fillCall();
  const survey = call.callType.steps.find((s) => s.stepTypeName === 'survey')!;
  const ada = await t.factory.user({ firstName: 'Ada', lastName: 'Lovelace' });
  const org = await t.factory.organization(ada);
  const submission = (await t.http.post('/api/Call/UpsertCallSubmission').set(ada.headers(org.id)).send({ callId: call.id }).expect(200))
    .body as { id: string };
  const bob = await t.factory.user(bobName);
  await t.db.query(`INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'editor')`, [org.id, bob.id]);
  await t.app.get(CacheInvalidation).settled();
  return {
    submissionId: submission.id,
    stepId: survey.id,
    ada: { user: ada, h: ada.headers(org.id) },
    bob: { user: bob, h: bob.headers(org.id) },
  };
}

const save = (team: Team, h: Record<string, string>, mission: string, version?: number) =>
  t.http
    .post('/api/Call/UpsertCallStepResult')
    .set(h)
    .send({
      callSubmissionId: team.submissionId,
      stepId: team.stepId,
      content: { data: { mission }, currentPageNo: 0, completed: false },
      version,
    });

const stored = async (team: Team) =>
  (
    await t.db.query(`SELECT content, version, updated_by_id FROM step_result WHERE submission_id = $1 AND step_id = $2`, [
      team.submissionId,
      team.stepId,
    ])
  )[0] as { content: { data: { mission: string } }; version: number; updated_by_id: string | null };

describe('a stale save names the member who saved last', () => {
  it('answers 409 with who and when; keeping theirs saves on the fresh version', async () => {
    const x = await team();
    const first = await save(x, x.bob.h, 'Water', 0);
    expect(first.status).toBe(200);
    expect((await stored(x)).updated_by_id).toBe(x.bob.user.id);

    // Ada saves on version 1; Bob, still on version 1, saves too late.
    const before = Date.now();
    expect((await save(x, x.ada.h, 'Clean water', 1)).status).toBe(200);
    const late = await save(x, x.bob.h, 'Water for all', 1);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ key: 'errors.stale-version', currentVersion: 2, changedBy: { name: 'Ada Lovelace' } });
    const at = new Date(late.body.changedAt as string).getTime();
    expect(late.body.changedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(at).toBeGreaterThanOrEqual(before - 2000);
    expect(at).toBeLessThanOrEqual(Date.now() + 2000);
    expect(await stored(x)).toMatchObject({ content: { data: { mission: 'Clean water' } }, version: 2, updated_by_id: x.ada.user.id });

    // Bob keeps his: the same answers again, on the version he was told.
    const kept = await save(x, x.bob.h, 'Water for all', late.body.currentVersion as number);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ version: 3, content: { data: { mission: 'Water for all' } } });
    expect(await stored(x)).toMatchObject({ version: 3, updated_by_id: x.bob.user.id });

    // Now Ada's next save is the stale one, and names Bob.
    const adaLate = await save(x, x.ada.h, 'Clean water, again', 2);
    expect(adaLate.status).toBe(409);
    expect(adaLate.body).toMatchObject({ currentVersion: 3, changedBy: { name: 'Bob Rossi' } });
  });

  it('names a member without a name by e-mail, and a first save that lost the race by whoever won it', async () => {
    const x = await team({ firstName: '', lastName: '' });
    expect((await save(x, x.bob.h, 'First', 0)).status).toBe(200);
    const lost = await save(x, x.ada.h, 'Also first', 0);
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({ key: 'errors.stale-version', currentVersion: 1, changedBy: { name: x.bob.user.email } });
  });

  it('names no one when the writer is not recorded (answers saved before members were)', async () => {
    const x = await team();
    expect((await save(x, x.ada.h, 'Old', 0)).status).toBe(200);
    await t.db.query(`UPDATE step_result SET updated_by_id = NULL WHERE submission_id = $1`, [x.submissionId]);
    const late = await save(x, x.bob.h, 'New', 0);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ key: 'errors.stale-version', currentVersion: 1 });
    expect(late.body.changedBy).toBeUndefined();
    expect(typeof late.body.changedAt).toBe('string');
  });
});
