import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { CallsDemoSeeder } from '../src/modules/calls/calls.demo.js';
import { SurveysDemoSeeder } from '../src/modules/surveys/surveys.demo.js';
import { ImpactDemoSeeder } from '../src/modules/impact/impact.demo.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
});
afterAll(() => t.close());

const survey = { pages: [{ name: 'p', elements: [{ type: 'text', name: 'q1', title: 'Your name' }] }] };

describe('survey library (SJSurvey)', () => {
  it('creates a survey with name and description, then saves its SurveyJS JSON', async () => {
    const name = t.factory.unique('Survey');
    const created = await t.http
      .post('/api/SJSurvey/CreateSurveyType')
      .set(admin.headers())
      .send({ name, description: 'About you' })
      .expect(200);
    expect(created.body).toMatchObject({ name, description: 'About you', json: { pages: [] } });
    const saved = await t.http
      .put(`/api/admin/surveys/${created.body.id}`)
      .set(admin.headers())
      .send({ name, description: 'About you', json: survey, version: created.body.version })
      .expect(200);
    expect(saved.body.json).toEqual(survey);
    await t.http
      .put(`/api/admin/surveys/${created.body.id}`)
      .set(admin.headers())
      .send({ name, description: 'x', version: created.body.version })
      .expect(409);
    const page = await t.http
      .get(`/api/admin/surveys?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`)
      .set(admin.headers())
      .expect(200);
    expect(page.headers['content-range']).toBe('surveys 0-0/1');
    await t.http.delete(`/api/admin/surveys/${created.body.id}`).set(admin.headers()).expect(200);
    await t.http.get(`/api/admin/surveys/${created.body.id}`).set(admin.headers()).expect(404);
  });

  it('refuses bad input and unsafe HTML', async () => {
    for (const body of [
      {},
      { name: 'x' },
      { name: '', description: 'd' },
      { name: 'x', description: 'd', json: 'nope' },
      { name: 'x', description: 'd', extra: 1 },
    ]) {
      const res = await t.http.post('/api/SJSurvey/CreateSurveyType').set(admin.headers()).send(body).expect(400);
      expect(res.body.key).toMatch(/^errors\./);
    }
    const xss = await t.http
      .post('/api/SJSurvey/CreateSurveyType')
      .set(admin.headers())
      .send({ name: 'x', description: 'd', json: { completedHtml: '<script>alert(1)</script>', pages: [] } })
      .expect(400);
    expect(xss.body.key).toBe('errors.unsafe-html');
  });

  it('is for administrators only', async () => {
    const user = await t.factory.user();
    await t.http.post('/api/SJSurvey/CreateSurveyType').send({ name: 'x', description: 'd' }).expect(401);
    expect(
      (await t.http.post('/api/SJSurvey/CreateSurveyType').set(user.headers()).send({ name: 'x', description: 'd' }).expect(403)).body.key,
    ).toBe('errors.admin-only');
    await t.http.get('/api/admin/surveys').set(user.headers()).expect(403);
  });
});

describe('demo content', () => {
  it('adds an open call with a step of each kind, an upcoming, a closed and a restricted one', async () => {
    const runner = t.db.createQueryRunner();
    await runner.startTransaction();
    try {
      // The demo call's miniDyi step needs the demo framework (seeded before the calls, as at start).
      await t.app.get(ImpactDemoSeeder).seed(runner.manager);
      await t.app.get(CallsDemoSeeder).seed(runner.manager);
      await t.app.get(SurveysDemoSeeder).seed(runner.manager);
      const calls: { name: string; opening_at: Date; closing_at: Date; is_user_filter_enable: boolean; kinds: string[] }[] =
        await runner.manager.query(
          `SELECT c.name, c.opening_at, c.closing_at, c.is_user_filter_enable,
                array(SELECT st.name FROM step s JOIN step_type st ON st.id = s.step_type_id WHERE s.call_type_id = c.call_type_id ORDER BY s.sort) AS kinds
           FROM call c WHERE c.name IN ('Bando Impatto di comunità 2026', 'Bando Transizione verde', 'Bando Inclusione sociale 2025', 'Bando riservato ai partner')`,
        );
      const now = Date.now();
      const by = new Map(calls.map((c) => [c.name, c]));
      const open = by.get('Bando Impatto di comunità 2026')!;
      expect([...open.kinds].sort()).toEqual(['miniDyi', 'quiz', 'results', 'survey', 'text', 'upload']);
      expect(open.opening_at.getTime()).toBeLessThan(now);
      expect(by.get('Bando Transizione verde')!.opening_at.getTime()).toBeGreaterThan(now);
      expect(by.get('Bando Inclusione sociale 2025')!.closing_at.getTime()).toBeLessThan(now);
      expect(by.get('Bando riservato ai partner')!.is_user_filter_enable).toBe(true);
      const [quiz] = await runner.manager.query(
        `SELECT s.expected_answers, s.content FROM step s WHERE s.name = 'Quiz sull’impatto' AND s.step_type_id = '5e0c0001-0000-4000-8000-000000000006'`,
      );
      expect(Object.keys(quiz.expected_answers).length).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify(quiz.content)).not.toContain('correctAnswer');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
