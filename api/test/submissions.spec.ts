import type { Response } from 'supertest';
import { CacheInvalidation } from '../src/database/shared-cache.js';
import { createTestApp, type TestApp } from './app.js';
import { FILL_QUIZ_KEY, type TestUser, testFiles } from './factory.js';

/**
 * The submission lifecycle through the HTTP API: save answers, close (checks, scores, dates
 * in one transaction), read-only after close, reopen, delete, and who may do what.
 */
let t: TestApp;
let admin: TestUser;
/** Every response body seen in this file: the quiz's answer key must be in none. */
const bodies: string[] = [];
const seen = (res: Response) => {
  bodies.push(res.text ?? '');
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
});
afterAll(() => t.close());

interface Fill {
  call: Awaited<ReturnType<TestApp['factory']['fillCall']>>;
  stepIds: Record<string, string>;
  submissionId: string;
  orgId: string;
  user: TestUser;
  h: Record<string, string>;
}

async function newFill(o: Parameters<TestApp['factory']['fillCall']>[0] = {}): Promise<Fill> {
  const call = await t.factory.fillCall(o);
  const a = await t.factory.applicant(call.id);
  const stepIds = Object.fromEntries(call.callType.steps.map((s) => [s.stepTypeName ?? s.name, s.id]));
  return { call, stepIds, ...a };
}

const get = async (f: Fill) => seen(await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${f.submissionId}`).set(f.h));
const save = async (f: Fill, kind: string, content: unknown, version?: number) =>
  seen(
    await t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(f.h)
      .send({ callSubmissionId: f.submissionId, stepId: f.stepIds[kind], content, version }),
  );
const upload = async (f: Fill, slot: number, file: Buffer, name: string) =>
  seen(
    await t.http
      .post('/api/FileUpload/UploadFile')
      .set(f.h)
      .field('CallSubmissionId', f.submissionId)
      .field('StepId', f.stepIds.upload)
      .field('SlotIndex', String(slot))
      .attach('File', file, name),
  );
const close = async (f: Fill) => seen(await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${f.submissionId}`).set(f.h));
async function waitUntil(condition: () => boolean, ms = 10_000): Promise<void> {
  for (const until = Date.now() + ms; !condition(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > until) throw new Error('condition not reached');
  }
}
const row = async (id: string) =>
  (await t.db.query('SELECT closed, version, quiz_score, closed_at, submitted_at FROM call_submission WHERE id = $1', [id]))[0];

/** Fills every step completely (survey completed, quiz 2 of 4 answered with 1 right, the mandatory PDF). */
async function fillCompletely(f: Fill): Promise<void> {
  expect((await save(f, 'survey', { data: { mission: 'Clean water' }, currentPageNo: 1, completed: true })).status).toBe(200);
  expect((await save(f, 'quiz', { data: { q1: 'rome', q2: 'seven-not' }, currentPageNo: 0, completed: true })).status).toBe(200);
  expect((await upload(f, 0, testFiles.pdf(), 'plan.pdf')).status).toBe(200);
}

describe('submission lifecycle', () => {
  it('saves answers with versions, closes with scores and dates, then is read-only', async () => {
    const f = await newFill();
    const before = (await get(f)).body;
    expect(before).toMatchObject({ id: f.submissionId, closed: false, readOnly: false, callOpen: true, stepResults: [], attachments: [] });
    expect(before.steps.map((s: { stepTypeName: string }) => s.stepTypeName)).toEqual(['text', 'upload', 'survey', 'quiz', 'results']);
    expect(before.steps.map((s: { sort: number }) => s.sort)).toEqual([1, 2, 3, 4, 5]);

    // First save (content as JSON text), then an update with the version read, then a stale one.
    const first = await save(f, 'survey', JSON.stringify({ data: { mission: 'Water' }, currentPageNo: 0, completed: false }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      version: 1,
      score: null,
      stepStepTypeName: 'survey',
      content: { data: { mission: 'Water' }, currentPageNo: 0, completed: false },
    });
    const second = await save(f, 'survey', { data: { mission: 'Clean water' }, currentPageNo: 1, completed: true }, 1);
    expect(second.body.version).toBe(2);
    const stale = await save(f, 'survey', { data: { mission: 'Lost' }, currentPageNo: 1, completed: true }, 1);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ key: 'errors.stale-version', currentVersion: 2 });
    expect((await save(f, 'survey', { data: {}, completed: false })).status).toBe(409); // an update without the version read
    const read = await seen(await t.http.get(`/api/Call/GetStepResult?submissionId=${f.submissionId}&stepId=${f.stepIds.survey}`).set(f.h));
    expect(read.body.content.data.mission).toBe('Clean water');

    // Quiz: 2 of 4 answered, the first right; no score while open (it would reveal the key).
    const quiz = await save(f, 'quiz', { data: { q1: 'rome', q2: 'seven-not' }, currentPageNo: 0, completed: true }, undefined);
    expect(quiz.body.score).toBeNull();
    expect((await upload(f, 0, testFiles.pdf(), 'plan.pdf')).status).toBe(200);

    const closed = await close(f);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: f.submissionId, closed: true, quizScore: 0.5 });
    const after = (await get(f)).body;
    expect(after).toMatchObject({ closed: true, readOnly: true, quizScore: 0.5 });
    expect(after.submittedAt).toBeTruthy();
    expect(after.closedAt).toBe(after.submittedAt);
    expect(new Date(after.openedAt).getTime()).toBeLessThanOrEqual(new Date(after.closedAt).getTime());
    const quizResult = after.stepResults.find((r: { stepId: string }) => r.stepId === f.stepIds.quiz);
    expect(quizResult.score).toBe(0.5);
    const byCall = await seen(await t.http.get(`/api/Call/GetStepResultByCall?callId=${f.call.id}`).set(f.h));
    expect(byCall.body).toHaveLength(2);
  });

  it('lets exactly one of several saves sent with the same version win, and refuses a version for a step never saved', async () => {
    const f = await newFill();
    const never = await save(f, 'survey', { data: { mission: 'Ghost' }, completed: false }, 3);
    expect(never.status).toBe(409);
    expect(never.body).toMatchObject({ key: 'errors.stale-version', currentVersion: 0 });

    // Ten tabs save their first answer at once: one insert wins, the others are told the version to reload.
    const firsts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save(f, 'survey', { data: { mission: `Tab ${i}` }, currentPageNo: 0, completed: false }, 0)),
    );
    const won = firsts.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    const lost = firsts.filter((r) => r.status !== 200);
    expect(lost.map((r) => r.status)).toEqual(Array(9).fill(409));
    for (const r of lost) expect(r.body).toMatchObject({ key: 'errors.stale-version', currentVersion: 1 });
    // Then ten updates from version 1: one wins again, and the stored answer is the winner's.
    const updates = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save(f, 'survey', { data: { mission: `Update ${i}` }, currentPageNo: 1, completed: true }, 1)),
    );
    const winner = updates.filter((r) => r.status === 200);
    expect(winner).toHaveLength(1);
    expect(updates.filter((r) => r.status === 409)).toHaveLength(9);
    const stored = await t.db.query('SELECT content, version FROM step_result WHERE submission_id = $1', [f.submissionId]);
    expect(stored).toEqual([{ content: winner[0].body.content, version: 2 }]);

    // The same answers saved again still move the version (each save increments it).
    const again = await save(f, 'survey', winner[0].body.content, 2);
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(3);
  });

  it('closes on what is stored while saves race the close: the score always agrees with the stored answer', async () => {
    for (let round = 0; round < 3; round++) {
      const f = await newFill();
      await fillCompletely(f); // quiz at version 1: q1 right, q2 wrong (0.5)
      const [closed, ...saves] = await Promise.all([
        close(f),
        ...Array.from({ length: 4 }, () => save(f, 'quiz', { data: { q1: 'rome', q2: 'seven' }, currentPageNo: 0, completed: true }, 1)),
      ]);
      expect(closed.status).toBe(200);
      // At most one save wins (version 1); the others lost to it (stale) or to the close (closed).
      expect(saves.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
      for (const r of saves.filter((r) => r.status !== 200)) expect(r.status).toBe(409);
      const after = (await get(f)).body;
      const quiz = after.stepResults.find((r: { stepId: string }) => r.stepId === f.stepIds.quiz);
      const expected = quiz.content.data.q2 === 'seven' ? 1 : 0.5;
      expect({ closed: after.closed, quizScore: after.quizScore, stepScore: quiz.score }).toEqual({
        closed: true,
        quizScore: expected,
        stepScore: expected,
      });
    }
  });

  it('scores partial answers: the first selected value against the key, correct / answered', async () => {
    const f = await newFill();
    await upload(f, 0, testFiles.pdf(), 'plan.pdf');
    await save(f, 'survey', { data: { mission: 'x' }, currentPageNo: 1, completed: true });
    // q1 right (first value of a list), q2 wrong first value, q3 right, q4 unanswered.
    await save(f, 'quiz', { data: { q1: ['rome', 'x'], q2: ['x', 'seven'], q3: 'blue', q4: '' }, currentPageNo: 0, completed: true });
    expect((await close(f)).body.quizScore).toBeCloseTo(2 / 3, 10);
  });

  it('never sends the quiz answer key, in any response of the lifecycle', async () => {
    // Runs after the tests above have recorded their responses; add the admin's views too.
    const f = await newFill();
    await fillCompletely(f);
    await close(f);
    seen(await t.http.get(`/api/Call/GetSubmissionByIDAdmin?submissionId=${f.submissionId}`).set(admin.headers()));
    seen(await t.http.get(`/api/admin/submissions/${f.submissionId}`).set(admin.headers()));
    seen(
      await t.http.get(`/api/admin/submissions?filter=${encodeURIComponent(JSON.stringify({ callId: f.call.id }))}`).set(admin.headers()),
    );
    seen(await t.http.get(`/api/Call/GetSubmissions?callId=${f.call.id}`).set(admin.headers()));
    expect(bodies.length).toBeGreaterThan(15);
    for (const body of bodies) {
      expect(body).not.toMatch(/correctAnswer|expectedAnswers/);
    }
    const quizStep = (await get(f)).body.steps.find((s: { stepTypeName: string }) => s.stepTypeName === 'quiz');
    expect(quizStep.content.pages[0].elements.map((e: { name: string }) => e.name)).toEqual(Object.keys(FILL_QUIZ_KEY));
  });
});

describe('closing checks', () => {
  it('names the step whose mandatory slot is empty and leaves the submission open', async () => {
    const f = await newFill();
    await save(f, 'survey', { data: { mission: 'x' }, currentPageNo: 1, completed: true });
    await save(f, 'quiz', { data: { q1: 'rome' }, currentPageNo: 0, completed: true });
    const before = await row(f.submissionId);
    const res = await close(f);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ key: 'fill.incomplete.upload-missing', stepId: f.stepIds.upload, stepName: 'Documents' });
    expect(await row(f.submissionId)).toEqual(before);
    // The optional image slot does not help.
    await upload(f, 1, testFiles.png(), 'logo.png');
    expect((await close(f)).body.key).toBe('fill.incomplete.upload-missing');
    await upload(f, 0, testFiles.pdf(), 'plan.pdf');
    expect((await close(f)).status).toBe(200);
  });

  it('refuses a survey not completed to its last page, or missing a required answer', async () => {
    const f = await newFill();
    await upload(f, 0, testFiles.pdf(), 'plan.pdf');
    await save(f, 'quiz', { data: { q1: 'rome' }, currentPageNo: 0, completed: true });
    const first = await close(f);
    expect(first.body).toMatchObject({ key: 'fill.incomplete.survey-incomplete', stepId: f.stepIds.survey });
    await save(f, 'survey', { data: { notes: 'no mission' }, currentPageNo: 1, completed: true }, 1);
    expect((await close(f)).body.key).toBe('fill.incomplete.survey-incomplete');
    await save(f, 'survey', { data: { mission: 'x' }, currentPageNo: 1, completed: false }, 2);
    expect((await close(f)).body.key).toBe('fill.incomplete.survey-incomplete');
  });

  it('refuses an unanswered quiz', async () => {
    const f = await newFill();
    await upload(f, 0, testFiles.pdf(), 'plan.pdf');
    await save(f, 'survey', { data: { mission: 'x' }, currentPageNo: 1, completed: true });
    expect((await close(f)).body).toMatchObject({ key: 'fill.incomplete.quiz-unanswered', stepId: f.stepIds.quiz });
    await save(f, 'quiz', { data: {}, currentPageNo: 0, completed: true });
    expect((await close(f)).body.key).toBe('fill.incomplete.quiz-unanswered');
  });

  it('leaves the submission open and unchanged when the database fails in the middle of closing', async () => {
    const f = await newFill();
    await fillCompletely(f);
    const before = await row(f.submissionId);
    const resultsBefore = await t.db.query('SELECT id, score, version FROM step_result WHERE submission_id = $1 ORDER BY id', [
      f.submissionId,
    ]);
    // The quiz scores and the submission row are written last (one statement after the checks): make the closing write fail.
    const fn = `fail_close_${f.submissionId.replace(/-/g, '')}`;
    await t.db.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$`);
    await t.db.query(
      `CREATE TRIGGER ${fn} BEFORE UPDATE ON call_submission FOR EACH ROW
         WHEN (NEW.id = '${f.submissionId}' AND NEW.closed AND NOT OLD.closed) EXECUTE FUNCTION ${fn}()`,
    );
    try {
      const res = await close(f);
      expect(res.status).toBe(500);
      expect(res.body.key).toBe('errors.internal');
    } finally {
      await t.db.query(`DROP TRIGGER ${fn} ON call_submission`);
      await t.db.query(`DROP FUNCTION ${fn}()`);
    }
    expect(await row(f.submissionId)).toEqual(before);
    expect(await t.db.query('SELECT id, score, version FROM step_result WHERE submission_id = $1 ORDER BY id', [f.submissionId])).toEqual(
      resultsBefore,
    );
    // And it still closes once the database is well.
    expect((await close(f)).status).toBe(200);
  });

  it('moves the submission version on with every answer and file, the mark a close checks its reading against', async () => {
    const f = await newFill();
    const versions = [(await row(f.submissionId)).version];
    const mark = async () => versions.push((await row(f.submissionId)).version);
    await save(f, 'survey', { data: { mission: 'x' }, currentPageNo: 0, completed: false });
    await mark();
    const uploaded = await upload(f, 0, testFiles.pdf(), 'plan.pdf');
    await mark();
    expect((await t.http.post(`/api/FileUpload/DeleteAttachment?attachmentId=${uploaded.body.id}`).set(f.h)).status).toBe(204);
    await mark();
    expect(versions.every((v, k) => k === 0 || v > versions[k - 1])).toBe(true);
  });

  it('closes on the answers as they are when a save lands between reading them and closing', async () => {
    const f = await newFill();
    await fillCompletely(f);
    // A save in flight: its transaction holds the submission's row, moved on as every write does.
    const saving = t.db.createQueryRunner();
    await saving.connect();
    await saving.startTransaction();
    try {
      await saving.query('UPDATE call_submission SET version = version + 1 WHERE id = $1', [f.submissionId]);
      const closing = close(f);
      // The close has read the (complete) answers and now waits for the row.
      const waiting = async () =>
        (
          await t.db.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%"closed" as (%'`,
          )
        )[0].n as number;
      for (const until = Date.now() + 10_000; (await waiting()) === 0; await new Promise((r) => setTimeout(r, 20))) {
        if (Date.now() > until) throw new Error('the close never waited for the save');
      }
      // The save leaves the survey incomplete and commits: the close must see that, not what it read before.
      await saving.query(
        `UPDATE step_result SET content = '{"data": {"mission": "x"}, "currentPageNo": 0, "completed": false}', version = version + 1
          WHERE submission_id = $1 AND step_id = $2`,
        [f.submissionId, f.stepIds.survey],
      );
      await saving.commitTransaction();
      const res = await closing;
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ key: 'fill.incomplete.survey-incomplete', stepId: f.stepIds.survey });
      expect((await row(f.submissionId)).closed).toBe(false);
    } finally {
      if (saving.isTransactionActive) await saving.rollbackTransaction();
      await saving.release();
    }
    // Completed again, it closes.
    const { version } = (await get(f)).body.stepResults.find((r: { stepId: string }) => r.stepId === f.stepIds.survey);
    expect((await save(f, 'survey', { data: { mission: 'x' }, currentPageNo: 1, completed: true }, version)).status).toBe(200);
    expect((await close(f)).status).toBe(200);
  });
});

describe('read-only', () => {
  it('refuses every write path once closed, for the applicant and the console', async () => {
    const f = await newFill();
    await fillCompletely(f);
    const attachmentId = (await get(f)).body.attachments[0].id;
    expect((await close(f)).status).toBe(200);
    const before = await row(f.submissionId);

    const writes: [string, Response][] = [
      ['save', await save(f, 'survey', { data: { mission: 'changed' }, completed: true }, 1)],
      ['upload', await upload(f, 0, testFiles.pdf(), 'other.pdf')],
      ['remove file', await t.http.post(`/api/FileUpload/DeleteAttachment?attachmentId=${attachmentId}`).set(f.h)],
      ['close again', await close(f)],
      ['admin close', await t.http.post(`/api/admin/submissions/${f.submissionId}/close`).set(admin.headers())],
    ];
    for (const [what, res] of writes) {
      expect([what, res.status, res.body.key]).toEqual([what, 409, 'errors.submission-closed']);
    }
    expect(await row(f.submissionId)).toEqual(before);
    const after = (await get(f)).body;
    expect(after.attachments).toHaveLength(1);
    expect(after.stepResults.find((r: { stepId: string }) => r.stepId === f.stepIds.survey).content.data.mission).toBe('Clean water');
    // Creating it again answers the same, closed, submission.
    const again = await t.http.post('/api/Call/UpsertCallSubmission').set(f.h).send({ callId: f.call.id });
    expect(again.body).toMatchObject({ id: f.submissionId, closed: true });
  });

  it('refuses writes once the call has closed, and to users the call filters out', async () => {
    const f = await newFill();
    await t.db.query(`UPDATE call SET closing_at = now() - interval '1 minute', opening_at = now() - interval '2 days' WHERE id = $1`, [
      f.call.id,
    ]);
    expect((await save(f, 'survey', { data: {} })).body.key).toBe('errors.call-closed');
    expect((await upload(f, 0, testFiles.pdf(), 'a.pdf')).body.key).toBe('errors.call-closed');
    expect((await close(f)).body.key).toBe('errors.call-closed');
    expect((await get(f)).body).toMatchObject({ readOnly: true, callOpen: false, closed: false });

    const g = await newFill();
    await t.db.query(`UPDATE call SET is_user_filter_enable = true, user_filter_email = 'someone@else.test' WHERE id = $1`, [g.call.id]);
    // Filtered out of the call: its submission answers 404 on every path (issue 4).
    const refused = await save(g, 'survey', { data: {} });
    expect([refused.status, refused.body.key]).toEqual([404, 'errors.submission-not-found']);
    expect((await close(g)).status).toBe(404);
    expect((await get(g)).status).toBe(404);
    expect((await upload(g, 0, testFiles.pdf(), 'a.pdf')).status).toBe(404);
  });

  it('checks saves against the live call, step and submission after they changed behind the cache', async () => {
    const invalidation = t.app.get(CacheInvalidation);
    await waitUntil(() => invalidation.isListening);
    const answer = (n: number) => ({ data: { mission: `Water ${n}` }, currentPageNo: 0, completed: false });
    const stored = async (f: Fill) =>
      (await t.db.query('SELECT content FROM step_result WHERE submission_id = $1 AND step_id = $2', [f.submissionId, f.stepIds.survey]))[0]
        ?.content;

    // The call closes (by SQL: no API involved) after a first save has put it in memory.
    const f = await newFill();
    expect((await save(f, 'survey', answer(1))).status).toBe(200);
    await t.db.query(`UPDATE call SET closing_at = now() - interval '1 minute' WHERE id = $1`, [f.call.id]);
    await invalidation.settled();
    expect((await save(f, 'survey', answer(2), 1)).body.key).toBe('errors.call-closed');
    expect(await stored(f)).toEqual(answer(1));

    // The call starts filtering e-mails.
    const g = await newFill();
    expect((await save(g, 'survey', answer(1))).status).toBe(200);
    await t.db.query(`UPDATE call SET is_user_filter_enable = true, user_filter_email = 'someone@else.test' WHERE id = $1`, [g.call.id]);
    await invalidation.settled();
    expect((await save(g, 'survey', answer(2), 1)).body.key).toBe('errors.submission-not-found');

    // The submission is closed by SQL: nothing tells the cache, the save's own statement sees it.
    const h = await newFill();
    expect((await save(h, 'survey', answer(1))).status).toBe(200);
    await t.db.query('UPDATE call_submission SET closed = true WHERE id = $1', [h.submissionId]);
    expect((await save(h, 'survey', answer(2), 1)).body.key).toBe('errors.submission-closed');
    expect(await stored(h)).toEqual(answer(1));

    // A step turned into a kind that takes no answer.
    const k = await newFill();
    expect((await save(k, 'survey', answer(1))).status).toBe(200);
    await t.db.query(`UPDATE step SET step_type_id = (SELECT id FROM step_type WHERE name = 'text') WHERE id = $1`, [k.stepIds.survey]);
    await invalidation.settled();
    expect((await save(k, 'survey', answer(2), 1)).body.key).toBe('errors.step-result-not-accepted');

    // A stale version is still a conflict, with the version stored.
    const v = await newFill();
    expect((await save(v, 'survey', answer(1))).status).toBe(200);
    expect((await save(v, 'survey', answer(2), 1)).status).toBe(200);
    const stale = await save(v, 'survey', answer(3), 1);
    expect([stale.status, stale.body.key, stale.body.currentVersion]).toEqual([409, 'errors.stale-version', 2]);
  });

  it('refuses answers to steps that take none, and bad content', async () => {
    const f = await newFill();
    expect((await save(f, 'upload', { files: [] })).body.key).toBe('errors.step-result-not-accepted');
    expect((await save(f, 'text', { read: true })).body.key).toBe('errors.step-result-not-accepted');
    expect((await save(f, 'survey', '{not json')).body.key).toBe('errors.step-result-invalid');
    expect((await save(f, 'survey', '[1,2]')).body.key).toBe('errors.step-result-invalid');
    const other = await t.factory.fillCall();
    const foreign = await seen(
      await t.http
        .post('/api/Call/UpsertCallStepResult')
        .set(f.h)
        .send({ callSubmissionId: f.submissionId, stepId: other.callType.steps[2].id, content: {} }),
    );
    expect([foreign.status, foreign.body.key]).toEqual([404, 'errors.step-not-found']);
  });

  it('lets no client set scores, dates or the closed flag', async () => {
    const f = await newFill();
    const res = await t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(f.h)
      .send({ callSubmissionId: f.submissionId, stepId: f.stepIds.quiz, content: { data: { q1: 'rome' } }, closed: true, quizScore: 1 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['closed', 'quizScore']);
    const scored = await save(f, 'quiz', { data: { q1: 'x' }, completed: true }, 0);
    expect(scored.status).toBe(200);
    const withScore = await t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(f.h)
      .send({
        callSubmissionId: f.submissionId,
        stepId: f.stepIds.quiz,
        content: { data: { q1: 'x' }, completed: true },
        score: 1,
        version: 1,
      });
    expect(withScore.body.score).toBeNull();
    expect((await row(f.submissionId)).quiz_score).toBeNull();
  });
});

describe('administrators', () => {
  it('reopen a closed submission, the applicant edits and submits again', async () => {
    const f = await newFill();
    await fillCompletely(f);
    await close(f);
    const first = await row(f.submissionId);
    const res = await t.http.post(`/api/CallSubmission/ReOpenSubmission?submissionId=${f.submissionId}`).set(admin.headers());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Submission reopened successfully', key: 'pages.admin.submission-reopened' });
    expect((await t.http.post(`/api/CallSubmission/ReOpenSubmission?submissionId=${f.submissionId}`).set(admin.headers())).body.key).toBe(
      'errors.submission-not-closed',
    );
    const reopened = (await get(f)).body;
    expect(reopened).toMatchObject({ closed: false, readOnly: false });
    // The dates of the first submission are kept until it is submitted again.
    expect(reopened.submittedAt).toBe(first.submitted_at.toISOString());

    await save(f, 'quiz', { data: { q1: 'rome', q2: 'seven', q3: 'blue', q4: 'yes' }, completed: true }, 2);
    const again = await close(f);
    expect(again.body).toMatchObject({ closed: true, quizScore: 1 });
    expect(new Date(again.body.submittedAt).getTime()).toBeGreaterThanOrEqual(first.submitted_at.getTime());
  });

  it('force-close an incomplete submission from the console, with scoring', async () => {
    const f = await newFill();
    await save(f, 'quiz', { data: { q1: 'rome', q2: 'x' }, completed: false });
    const res = await t.http.post(`/api/admin/submissions/${f.submissionId}/close`).set(admin.headers());
    expect(res.body).toMatchObject({ closed: true, quizScore: 0.5 });
  });

  it('delete a submission with its answers and files', async () => {
    const f = await newFill();
    await fillCompletely(f);
    const key = (await t.db.query('SELECT storage_key FROM attachment WHERE submission_id = $1', [f.submissionId]))[0]
      .storage_key as string;
    const { FILE_STORAGE } = await import('../src/modules/files/storage/file-storage.js');
    const storage = t.app.get<{ exists(k: string): Promise<boolean> }>(FILE_STORAGE);
    expect(await storage.exists(key)).toBe(true);
    expect((await t.http.post(`/api/CallSubmission/DeleteSubmission?submissionId=${f.submissionId}`).set(f.h)).status).toBe(403);
    const res = await t.http.post(`/api/CallSubmission/DeleteSubmission?submissionId=${f.submissionId}`).set(admin.headers());
    expect(res.body).toEqual({ message: 'Submission deleted', key: 'pages.admin.submission-deleted' });
    expect(await storage.exists(key)).toBe(false);
    expect((await t.db.query('SELECT count(*)::int AS n FROM step_result WHERE submission_id = $1', [f.submissionId]))[0].n).toBe(0);
    expect((await get(f)).status).toBe(404);
    expect((await t.http.post(`/api/CallSubmission/DeleteSubmission?submissionId=${f.submissionId}`).set(admin.headers())).status).toBe(
      404,
    );
  });

  it('page, sort and filter the console list by call, organization, status and dates', async () => {
    const f = await newFill();
    const g = await t.factory.applicant(f.call.id);
    await fillCompletely(f);
    await close(f);
    const list = async (filter: object, extra = '') =>
      t.http.get(`/api/admin/submissions?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`).set(admin.headers());
    const all = await list({ callId: f.call.id });
    expect(all.status).toBe(200);
    expect(all.headers['content-range']).toBe('submissions 0-1/2');
    expect(all.body.map((r: { id: string }) => r.id).sort()).toEqual([f.submissionId, g.submissionId].sort());
    expect((await list({ callId: f.call.id, status: 'closed' })).body.map((r: { id: string }) => r.id)).toEqual([f.submissionId]);
    expect((await list({ callId: f.call.id, status: 'open' })).body.map((r: { id: string }) => r.id)).toEqual([g.submissionId]);
    expect((await list({ callId: f.call.id, organizationId: g.orgId })).body).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list({ callId: f.call.id, submittedFrom: tomorrow })).body).toHaveLength(0);
    expect((await list({ callId: f.call.id, submittedTo: tomorrow })).body.map((r: { status: string }) => r.status)).toEqual(['closed']);
    expect((await list({ callId: f.call.id, openedFrom: '2000-01-01' })).body).toHaveLength(2);
    const sorted = await list({ callId: f.call.id }, `&sort=${encodeURIComponent('["submittedAt","DESC"]')}&range=[0,0]`);
    expect(sorted.body.map((r: { id: string }) => r.id)).toEqual([f.submissionId]);
    expect(sorted.headers['content-range']).toBe('submissions 0-0/2');
    expect((await list({ status: 'maybe' })).status).toBe(400);
    expect((await list({ callId: 'x' })).status).toBe(400);
    expect((await t.http.get('/api/admin/submissions').set(f.h)).status).toBe(403);
  });

  it('set a call custom file that applicants may download', async () => {
    const call = await t.factory.fillCall();
    const a = await t.factory.applicant(call.id);
    const up = await t.http
      .post('/api/FileUpload/UploadFile')
      .set(admin.headers())
      .field('Purpose', 'custom-file')
      .attach('File', testFiles.pdf(), 'rules.pdf');
    expect(up.status).toBe(200);
    const res = await t.http.post('/api/CallSubmission/AddCustomFile').set(admin.headers()).send({ callId: call.id, fileId: up.body.id });
    expect(res.body).toEqual({ message: 'Custom file successfully uploaded', key: 'pages.admin.custom-file-uploaded' });
    const calls = (await t.http.get('/api/Call/GetCallListUser').set(a.h)).body as {
      id: string;
      customFile?: { id: string; name: string } | null;
    }[];
    expect(calls.find((c) => c.id === call.id)?.customFile).toEqual({ id: up.body.fileDownloadId, name: 'rules.pdf' });
    const file = await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(a.user.headers());
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('rules.pdf');
    // Filtered out of the call: as if the file did not exist.
    const outsider = await t.factory.user();
    await t.db.query(`UPDATE call SET is_user_filter_enable = true, user_filter_email = $2 WHERE id = $1`, [call.id, a.user.email]);
    expect((await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(outsider.headers())).status).toBe(404);
    expect((await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(a.user.headers())).status).toBe(200);
    // Only administrators set it, and only with a custom-file upload.
    expect((await t.http.post('/api/CallSubmission/AddCustomFile').set(a.h).send({ callId: call.id, fileId: up.body.id })).status).toBe(
      403,
    );
    const sub = await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(a.h);
    expect(sub.status).toBe(200);
    const lib = await t.http.post('/api/FileUpload/UploadFile').set(admin.headers()).attach('File', testFiles.png(), 'pic.png');
    expect(
      (await t.http.post('/api/CallSubmission/AddCustomFile').set(admin.headers()).send({ callId: call.id, fileId: lib.body.id })).body.key,
    ).toBe('errors.custom-file-invalid');
    // A file in use cannot be deleted; removing the custom file deletes it.
    expect((await t.http.delete(`/api/admin/files/${up.body.id}`).set(admin.headers())).body.key).toBe('errors.file-in-use');
    const removed = await t.http.post('/api/CallSubmission/AddCustomFile').set(admin.headers()).send({ callId: call.id, fileId: null });
    expect(removed.body.key).toBe('pages.admin.custom-file-removed');
    expect((await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(admin.headers())).status).toBe(404);
  });
});

describe('access', () => {
  it("answers 404 for another organization's submission on every path, and 403 for an organization one does not belong to", async () => {
    const f = await newFill();
    await fillCompletely(f);
    const other = await newFill({ name: t.factory.unique('Other') });
    const paths: [string, string, object?][] = [
      ['get', `/api/Call/GetSubmissionByID?submissionId=${f.submissionId}`],
      ['get', `/api/Call/GetStepResult?submissionId=${f.submissionId}&stepId=${f.stepIds.survey}`],
      ['get', `/api/FileUpload/GetAttachments?submissionId=${f.submissionId}`],
      ['post', '/api/Call/UpsertCallStepResult', { callSubmissionId: f.submissionId, stepId: f.stepIds.survey, content: {}, version: 1 }],
      ['post', `/api/Call/CloseCallSubmission?callSubmissionId=${f.submissionId}`],
    ];
    for (const [method, path, body] of paths) {
      const res = await (method === 'get' ? t.http.get(path) : t.http.post(path).send(body ?? {})).set(other.h);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.text).not.toContain('Clean water');
      // Naming the other organization in the header is refused before anything else.
      const forged = await (method === 'get' ? t.http.get(path) : t.http.post(path).send(body ?? {})).set(other.user.headers(f.orgId));
      expect([path, forged.status, forged.body.key]).toEqual([path, 403, 'errors.organization-forbidden']);
    }
    const up = await t.http
      .post('/api/FileUpload/UploadFile')
      .set(other.h)
      .field('CallSubmissionId', f.submissionId)
      .field('StepId', f.stepIds.upload)
      .field('SlotIndex', '0')
      .attach('File', testFiles.pdf(), 'x.pdf');
    expect(up.status).toBe(404);
    expect((await t.http.get(`/api/Call/GetStepResultByCall?callId=${f.call.id}`).set(other.h)).body).toEqual([]);
    expect((await row(f.submissionId)).closed).toBe(false);
  });

  it('keeps the console operations for administrators', async () => {
    const f = await newFill();
    const cases: [string, string][] = [
      ['get', `/api/Call/GetSubmissionByIDAdmin?submissionId=${f.submissionId}`],
      ['get', '/api/Call/GetSubmissions'],
      ['post', `/api/CallSubmission/ReOpenSubmission?submissionId=${f.submissionId}`],
      ['post', `/api/CallSubmission/DeleteSubmission?submissionId=${f.submissionId}`],
      ['post', '/api/CallSubmission/AddCustomFile'],
      ['get', `/api/admin/submissions/${f.submissionId}`],
      ['post', `/api/admin/submissions/${f.submissionId}/close`],
      ['post', `/api/admin/submissions/${f.submissionId}/reopen`],
      ['delete', `/api/admin/submissions/${f.submissionId}`],
    ];
    for (const [method, path] of cases) {
      const anonymous = await t.http[method as 'get'](path);
      expect([path, anonymous.status]).toEqual([path, 401]);
      const applicant = await t.http[method as 'get'](path).set(f.h).send({ callId: f.call.id });
      expect([path, applicant.status, applicant.body.key]).toEqual([path, 403, 'errors.admin-only']);
    }
    const adminView = await t.http.get(`/api/Call/GetSubmissionByIDAdmin?submissionId=${f.submissionId}`).set(admin.headers());
    expect(adminView.body).toMatchObject({ id: f.submissionId, readOnly: true, organization: { id: f.orgId } });
    expect(adminView.body.organization.contactEmail).toBeDefined();
    expect(
      (await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${f.submissionId}`).set(f.h)).body.organization.contactEmail,
    ).toBeUndefined();
    // An unknown or all-zeros id is simply not found.
    expect(
      (await t.http.get('/api/Call/GetSubmissionByIDAdmin?submissionId=00000000-0000-0000-0000-000000000000').set(admin.headers())).status,
    ).toBe(404);
    expect((await t.http.get('/api/Call/GetSubmissionByIDAdmin?submissionId=nope').set(admin.headers())).status).toBe(400);
  });

  it('refuses a step removed from the call type once it has answers', async () => {
    const f = await newFill();
    await save(f, 'survey', { data: { mission: 'x' }, completed: false });
    await expect(t.db.query('DELETE FROM step WHERE id = $1', [f.stepIds.survey])).rejects.toThrow(/foreign key/);
  });
});
