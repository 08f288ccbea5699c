import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations/index.js';
import { SnakeNamingStrategy } from '../src/database/snake-naming.strategy.js';
import { BUILT_IN_STEP_TYPE_IDS } from '../src/modules/steps/step-type.entity.js';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import type { TestUser } from './factory.js';

/**
 * Issue 14 (first use) on the API: steps nobody could fill are refused on save, a
 * submission's history (first submission kept, reopenings and who did them), the console
 * home's counts, and the console's settings (SurveyJS licence key). On its own scratch
 * database: the counts are of the whole database.
 */
let t: TestApp;
let drop: () => Promise<void>;
let admin: TestUser;
let applicantUser: TestUser;

const DAY = 86_400_000;
const KIND = BUILT_IN_STEP_TYPE_IDS;
const SURVEY = { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'mission', isRequired: true }] }] };
const EMPTY_SURVEY = { pages: [{ name: 'page1', elements: [] }] };

beforeAll(async () => {
  const db = await createScratchDatabase('ic_first_use');
  drop = db.drop;
  t = await createTestApp({ SURVEYJS_LICENSE_KEY: 'test-licence-KEY_123=' }, db.url);
  admin = await t.factory.user({ admin: true, firstName: 'Ada', lastName: 'Admin' });
  applicantUser = await t.factory.user();
});
afterAll(async () => {
  await t.close();
  await drop();
});

const callBody = (steps: object[], extra: object = {}) => ({
  name: t.factory.unique('Call'),
  openingAt: new Date(Date.now() - DAY).toISOString(),
  closingAt: new Date(Date.now() + 30 * DAY).toISOString(),
  callType: { steps },
  ...extra,
});
const countTypes = async () => Number((await t.db.query('SELECT count(*) AS n FROM call_type'))[0].n);

describe('steps nobody could fill are refused on save (item 5)', () => {
  it('refuses a miniDyi step without a framework, naming the step, and saves nothing', async () => {
    const before = await countTypes();
    const res = await t.http
      .post('/api/Call/CreateCallType')
      .set(admin.headers())
      .send({
        name: 'Impact type',
        description: 'x',
        steps: [
          { name: 'Intro', stepTypeId: KIND.text, content: { html: '<p>Hi</p>' } },
          { name: 'Impact', stepTypeId: KIND.miniDyi, content: { showSdgFilter: true } },
        ],
      })
      .expect(400);
    expect(res.body).toMatchObject({ key: 'pages.admin.steps.error-minidyi-no-framework', stepIndex: 1, stepName: 'Impact' });
    expect(Object.keys(res.body.errors)).toEqual(['steps.1.content.frameworkId']);
    expect(await countTypes()).toBe(before);
  });

  it("accepts a miniDyi step without its own framework in a call that names one, and refuses the call's save that takes it away", async () => {
    const fw = await t.factory.impactFramework();
    const steps = [{ name: 'Impact', stepTypeId: KIND.miniDyi, content: { showSdgFilter: false } }];
    const refused = await t.http.post('/api/Call/CreateCall').set(admin.headers()).send(callBody(steps)).expect(400);
    expect(refused.body.key).toBe('pages.admin.steps.error-minidyi-no-framework');

    const call = (
      await t.http
        .post('/api/Call/CreateCall')
        .set(admin.headers())
        .send(callBody(steps, { impactFrameworkId: fw.id }))
        .expect(200)
    ).body;
    // The simple edit (no steps) clearing the call's framework would leave the step unfillable.
    const cleared = await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({
        id: call.id,
        version: call.version,
        name: call.name,
        openingAt: call.openingAt,
        closingAt: call.closingAt,
        impactFrameworkId: null,
      })
      .expect(400);
    expect(cleared.body).toMatchObject({ key: 'pages.admin.steps.error-minidyi-no-framework', stepName: 'Impact' });
    expect(cleared.body.errors).toHaveProperty('impactFrameworkId');

    // The call type alone: every call using it names a framework, so the step is fillable.
    const type = call.callType;
    await t.http
      .put('/api/Call/UpsertCallType')
      .set(admin.headers())
      .send({
        id: type.id,
        version: type.version,
        name: type.name,
        description: 'd',
        steps: [{ id: type.steps[0].id, name: 'Impact 2', stepTypeId: KIND.miniDyi, content: {} }],
      })
      .expect(200);
  });

  it.each([
    ['survey', EMPTY_SURVEY],
    ['survey', { elements: [{ type: 'html', name: 'intro', html: '<p>Only text</p>' }] }],
    ['quiz', EMPTY_SURVEY],
  ] as const)('refuses a %s with no questions with its key', async (kind, content) => {
    const res = await t.http
      .post('/api/Call/CreateCall')
      .set(admin.headers())
      .send(callBody([{ name: 'Questions', stepTypeId: KIND[kind], content }]))
      .expect(400);
    expect(res.body).toMatchObject({ key: 'pages.admin.steps.error-survey-no-questions', stepIndex: 0 });
    expect(Object.keys(res.body.errors)).toEqual(['steps.0.content']);
  });

  it('still saves surveys and miniDyi steps that can be filled', async () => {
    const fw = await t.factory.impactFramework();
    await t.http
      .post('/api/Call/CreateCall')
      .set(admin.headers())
      .send(
        callBody([
          { name: 'Survey', stepTypeId: KIND.survey, content: SURVEY },
          { name: 'Impact', stepTypeId: KIND.miniDyi, content: { frameworkId: fw.id } },
        ]),
      )
      .expect(200);
  });
});

describe('submission history (item 7)', () => {
  async function submitted(): Promise<{ submissionId: string; h: Record<string, string>; stepId: string; user: TestUser }> {
    const call = await t.factory.call({ steps: [{ kind: 'survey', name: 'About you', content: SURVEY }] });
    const a = await t.factory.applicant(call.id);
    const stepId = call.callType.steps[0].id;
    await t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(a.h)
      .send({ callSubmissionId: a.submissionId, stepId, content: { data: { mission: 'Water' }, currentPageNo: 0, completed: true } })
      .expect(200);
    await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`).set(a.h).expect(200);
    return { submissionId: a.submissionId, h: a.h, stepId, user: a.user };
  }
  const adminView = async (id: string) => (await t.http.get(`/api/admin/submissions/${id}`).set(admin.headers()).expect(200)).body;

  it('keeps the first submission date when reopened and submitted again, and records who did what', async () => {
    const s = await submitted();
    const first = await adminView(s.submissionId);
    expect(first.submittedAt).toBeTruthy();
    expect(first.lastSubmittedAt).toBe(first.submittedAt);
    expect(first.history).toEqual([
      { kind: 'submitted', at: first.submittedAt, byName: 'Ada Lovelace', byEmail: s.user.email, dataKept: true },
    ]);

    await new Promise((r) => setTimeout(r, 20));
    await t.http.post(`/api/admin/submissions/${s.submissionId}/reopen`).set(admin.headers()).expect(200);
    const reopened = await adminView(s.submissionId);
    expect(reopened).toMatchObject({ closed: false, submittedAt: first.submittedAt });
    expect(reopened.history.map((e: { kind: string; byName: string }) => [e.kind, e.byName])).toEqual([
      ['submitted', 'Ada Lovelace'],
      ['reopened', 'Ada Admin'],
    ]);

    await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${s.submissionId}`).set(s.h).expect(200);
    const again = await adminView(s.submissionId);
    expect(again.submittedAt).toBe(first.submittedAt);
    expect(new Date(again.lastSubmittedAt).getTime()).toBeGreaterThan(new Date(first.submittedAt).getTime());
    expect(again.history.map((e: { kind: string }) => e.kind)).toEqual(['submitted', 'reopened', 'submitted']);
    expect(again.history[2].at).toBe(again.lastSubmittedAt);

    // The list shows both dates; the applicant's own view has no history (who reopened is the console's business).
    const row = (
      await t.http.get(`/api/admin/submissions?filter=${encodeURIComponent(JSON.stringify({ q: again.code }))}`).set(admin.headers())
    ).body[0];
    expect(row).toMatchObject({ submittedAt: first.submittedAt, lastSubmittedAt: again.lastSubmittedAt });
    const own = (await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${s.submissionId}`).set(s.h).expect(200)).body;
    expect(own).not.toHaveProperty('history');
    expect(own.submittedAt).toBe(first.submittedAt);
  });

  it("records an administrator's forced close as closed, by them", async () => {
    const call = await t.factory.call({ steps: [{ kind: 'survey', content: SURVEY }] });
    const a = await t.factory.applicant(call.id);
    await t.http.post(`/api/admin/submissions/${a.submissionId}/close`).set(admin.headers()).expect(200);
    const view = await adminView(a.submissionId);
    expect(view.history).toEqual([{ kind: 'closed', at: view.submittedAt, byName: 'Ada Admin', byEmail: admin.email, dataKept: true }]);
  });

  it('writes no history row when the close is refused (incomplete), and removes it with the submission', async () => {
    const call = await t.factory.call({ steps: [{ kind: 'survey', content: SURVEY }] });
    const a = await t.factory.applicant(call.id);
    await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`).set(a.h).expect(400);
    const count = async (id: string) =>
      Number((await t.db.query('SELECT count(*) AS n FROM submission_event WHERE submission_id = $1', [id]))[0].n);
    expect(await count(a.submissionId)).toBe(0);
    const s = await submitted();
    expect(await count(s.submissionId)).toBe(1);
    await t.http.delete(`/api/admin/submissions/${s.submissionId}`).set(admin.headers()).expect(200);
    expect(await count(s.submissionId)).toBe(0);
  });
});

describe('the console home counts (item 18)', () => {
  it('counts open calls, submissions in progress, submitted in the last 7 days and deadlines in the next 7', async () => {
    const before = (await t.http.get('/api/admin/dashboard/counts').set(admin.headers()).expect(200)).body;
    const soon = await t.factory.call({ name: 'Closing soon', closingAt: new Date(Date.now() + 2 * DAY) });
    await t.factory.call({ name: 'Upcoming', openingAt: new Date(Date.now() + 5 * DAY), closingAt: new Date(Date.now() + 40 * DAY) });
    await t.factory.call({ name: 'Closed', openingAt: new Date(Date.now() - 40 * DAY), closingAt: new Date(Date.now() - DAY) });
    const open = await t.factory.call({ steps: [{ kind: 'text', content: { html: '<p>x</p>' } }] });
    const inProgress = await t.factory.applicant(soon.id);
    const done = await t.factory.applicant(open.id);
    await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${done.submissionId}`).set(done.h).expect(200);

    const after = (await t.http.get('/api/admin/dashboard/counts').set(admin.headers()).expect(200)).body;
    expect(after.openCalls - before.openCalls).toBe(2);
    expect(after.submissionsInProgress - before.submissionsInProgress).toBe(1);
    expect(after.submittedThisWeek - before.submittedThisWeek).toBe(1);
    expect(after.deadlinesComing - before.deadlinesComing).toBe(1);
    expect(after.nextDeadlines).toContainEqual({ id: soon.id, name: 'Closing soon', closingAt: soon.closingAt });
    void inProgress;
  });

  it('is for administrators only', async () => {
    await t.http.get('/api/admin/dashboard/counts').expect(401);
    await t.http.get('/api/admin/dashboard/counts').set(applicantUser.headers()).expect(403);
  });
});

describe('console settings (item 11)', () => {
  it('gives administrators the SurveyJS licence key of the settings', async () => {
    expect((await t.http.get('/api/admin/console-settings').set(admin.headers()).expect(200)).body).toEqual({
      surveyJsLicenseKey: 'test-licence-KEY_123=',
    });
    await t.http.get('/api/admin/console-settings').set(applicantUser.headers()).expect(403);
    await t.http.get('/api/admin/console-settings').expect(401);
  });
});

describe('migrations (item 17)', () => {
  it("keep a configuration's texts as its default language's (and give them back when undone)", async () => {
    const db = await createScratchDatabase('ic_first_use_migr');
    const at = (name: string) => migrations.findIndex((m) => m.name === name);
    const run = async (list: typeof migrations) => {
      const ds = new DataSource({
        type: 'postgres',
        url: db.url,
        namingStrategy: new SnakeNamingStrategy(),
        migrations: list,
        migrationsTransactionMode: 'each',
      });
      await ds.initialize();
      await ds.runMigrations();
      return ds;
    };
    try {
      const before = await run(migrations.slice(0, at('SubmissionHistory1795522904555')));
      await before.query(
        `INSERT INTO configuration (name, default_language, message, list_name, landing_html, data_consent_text, is_active)
         VALUES ('Old', 'en', '<p>Welcome</p>', 'Calls', '', '<p>Consent</p>', true)`,
      );
      await before.destroy();
      const after = await run(migrations);
      const [config] = await after.query('SELECT texts FROM configuration');
      expect(config.texts).toEqual({ en: { message: '<p>Welcome</p>', listName: 'Calls', dataConsentText: '<p>Consent</p>' } });
      // Undo the later migrations, then ConfigurationTexts itself.
      for (let i = migrations.length - 1; i >= at('ConfigurationTexts1795523058280'); i--)
        await after.undoLastMigration({ transaction: 'each' });
      const [back] = await after.query('SELECT message, list_name, landing_html FROM configuration');
      expect(back).toEqual({ message: '<p>Welcome</p>', list_name: 'Calls', landing_html: '' });
      await after.destroy();
    } finally {
      await db.drop();
    }
  });
});
