/**
 * Survey reports (issue 18) on real PostgreSQL: 50 applicants answer a survey through the API
 * with known answers (40 submit, 10 stay in progress); the report gives exactly the expected
 * counts, percents, means, medians and net-promoter split; filters by state and date; text
 * answers paged and searched; who may read it; bad input; the .xlsx read back with exceljs.
 */
import { jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import type { Test } from 'supertest';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';

jest.setTimeout(240_000);

const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'html', name: 'intro', html: '<p>About your project</p>' },
        {
          type: 'radiogroup',
          name: 'color',
          title: 'Favourite colour',
          choices: [
            { value: 'red', text: { default: 'Red', it: 'Rosso' } },
            { value: 'green', text: 'Green' },
            { value: 'blue', text: 'Blue' },
          ],
        },
        { type: 'checkbox', name: 'tools', title: 'Tools', choices: ['a', 'b', 'c'] },
        { type: 'boolean', name: 'agree', title: 'Do you agree?' },
        { type: 'rating', name: 'sat', title: 'Satisfaction' },
        { type: 'rating', name: 'nps', title: 'Would you recommend us?', rateMin: 0, rateMax: 10 },
        { type: 'text', name: 'staff', title: 'Staff', inputType: 'number' },
      ],
    },
    {
      name: 'p2',
      elements: [
        {
          type: 'matrix',
          name: 'grid',
          title: 'Grid',
          rows: [
            { value: 'r1', text: 'Row one' },
            { value: 'r2', text: 'Row two' },
          ],
          columns: [
            { value: 'c1', text: 'Col one' },
            { value: 'c2', text: 'Col two' },
            { value: 'c3', text: 'Col three' },
          ],
        },
        { type: 'comment', name: 'notes', title: 'Notes' },
      ],
    },
  ],
};

const answersOf = (i: number) => ({
  color: ['red', 'green', 'blue'][i % 3],
  tools: i % 2 === 0 ? ['a', 'b'] : ['c'],
  agree: i % 4 !== 0,
  sat: (i % 5) + 1,
  nps: i % 11,
  staff: i,
  grid: { r1: ['c1', 'c2', 'c3'][i % 3], r2: 'c1' },
  notes: i % 10 === 0 ? `Special apple ${i}` : `note ${i}`,
});

let t: TestApp;
let admin: TestUser;
let callId: string;
let callTypeId: string;
let surveyStepId: string;
let textStepId: string;
let otherCall: { id: string; surveyStepId: string };
const submissionIds: string[] = [];

const base = () => `/api/admin/reports/calls/${callId}/steps`;
const report = (query: Record<string, string> = {}, h = admin.headers()) =>
  t.http
    .get(`${base()}/${surveyStepId}`)
    .query({ lang: 'en', ...query })
    .set(h);

/** supertest reads a binary answer into a Buffer. */
const binary = (req: Test) =>
  req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
  const call = await t.factory.call({
    steps: [
      { kind: 'text', name: 'Welcome', content: { html: '<p>Welcome</p>' } },
      { kind: 'survey', name: 'Feedback', content: SURVEY },
    ],
  });
  callId = call.id;
  callTypeId = call.callTypeId;
  textStepId = call.callType.steps[0].id;
  surveyStepId = call.callType.steps[1].id;
  const other = await t.factory.call({ steps: [{ kind: 'survey', name: 'Other', content: SURVEY }] });
  otherCall = { id: other.id, surveyStepId: other.callType.steps[0].id };

  for (let i = 0; i < 50; i++) {
    const a = await t.factory.applicant(callId);
    submissionIds.push(a.submissionId);
    await t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(a.h)
      .send({ callSubmissionId: a.submissionId, stepId: surveyStepId, content: { data: answersOf(i), currentPageNo: 1, completed: true } })
      .expect(200);
    if (i < 40) await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`).set(a.h).expect(200);
  }
  // The first 20 were submitted in January 2026 (the date filter reads the last submission).
  await t.db.query(`UPDATE call_submission SET last_submitted_at = '2026-01-10T12:00:00Z' WHERE id = ANY($1)`, [
    submissionIds.slice(0, 20),
  ]);
  // Someone answered the other call's survey too: it must never count here.
  const b = await t.factory.applicant(other.id);
  await t.http
    .post('/api/Call/UpsertCallStepResult')
    .set(b.h)
    .send({ callSubmissionId: b.submissionId, stepId: otherCall.surveyStepId, content: { data: answersOf(0), completed: true } })
    .expect(200);
});
afterAll(() => t.close());

type Q = { name: string; answered: number; choices?: { value: string; label: string; count: number; percent: number }[] } & Record<
  string,
  unknown
>;
const question = (body: { questions: Q[] }, name: string) => body.questions.find((q) => q.name === name)!;
const countsOf = (q: Q) => Object.fromEntries((q.choices ?? []).map((c) => [c.value, c.count]));

describe('the survey report (40 submitted of 50)', () => {
  let body: { total: number; state: string; questions: Q[] };
  beforeAll(async () => {
    body = (await report().expect(200)).body;
  });

  it('reads submitted answers only by default', () => {
    expect(body.state).toBe('submitted');
    expect(body.total).toBe(40);
    // The html element takes no answer: not a question of the report.
    expect(body.questions.map((q) => q.name)).toEqual(['color', 'tools', 'agree', 'sat', 'nps', 'staff', 'grid', 'notes']);
  });

  it('counts single choices with percents and labels', () => {
    const q = question(body, 'color');
    expect(q.kind).toBe('choice');
    expect(q.answered).toBe(40);
    expect(q.choices).toEqual([
      { value: 'red', label: 'Red', count: 14, percent: 35 },
      { value: 'green', label: 'Green', count: 13, percent: 32.5 },
      { value: 'blue', label: 'Blue', count: 13, percent: 32.5 },
    ]);
  });

  it('counts multiple choices per element (percent of those who answered)', () => {
    const q = question(body, 'tools');
    expect(q.kind).toBe('multi');
    expect(countsOf(q)).toEqual({ a: 20, b: 20, c: 20 });
    expect(q.choices!.map((c) => c.percent)).toEqual([50, 50, 50]);
  });

  it('counts booleans with the yes/no labels', () => {
    const q = question(body, 'agree');
    expect(q.choices).toEqual([
      { value: 'true', label: 'Yes', count: 30, percent: 75 },
      { value: 'false', label: 'No', count: 10, percent: 25 },
    ]);
  });

  it('gives a rating its distribution, mean and median', () => {
    const q = question(body, 'sat');
    expect(q.kind).toBe('rating');
    expect(countsOf(q)).toEqual({ 1: 8, 2: 8, 3: 8, 4: 8, 5: 8 });
    expect(q.stats).toEqual({ count: 40, mean: 3, median: 3, min: 1, max: 5 });
    expect(q.nps).toBeUndefined();
  });

  it('splits a 0-10 rating into promoters, passives and detractors', () => {
    const q = question(body, 'nps');
    expect(countsOf(q)).toEqual({ 0: 4, 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 3, 8: 3, 9: 3, 10: 3 });
    expect(q.stats).toEqual({ count: 40, mean: 4.65, median: 4.5, min: 0, max: 10 });
    expect(q.nps).toEqual({
      promoters: 6,
      passives: 6,
      detractors: 28,
      total: 40,
      promotersPercent: 15,
      passivesPercent: 15,
      detractorsPercent: 70,
      score: -55,
    });
  });

  it('gives a number its mean, median and a histogram of ten bars', () => {
    const q = question(body, 'staff') as Q & { histogram: { count: number; from: number; to: number }[] };
    expect(q.kind).toBe('number');
    expect(q.stats).toEqual({ count: 40, mean: 19.5, median: 19.5, min: 0, max: 39 });
    expect(q.histogram.map((b) => b.count)).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    expect(q.histogram[0].from).toBe(0);
    expect(q.histogram[9].to).toBe(39);
  });

  it('counts a matrix per row', () => {
    const q = question(body, 'grid') as Q & { rows: { value: string; label: string; answered: number; columns: Q['choices'] }[] };
    expect(q.rows.map((r) => [r.label, r.answered, Object.fromEntries(r.columns!.map((c) => [c.value, c.count]))])).toEqual([
      ['Row one', 40, { c1: 14, c2: 13, c3: 13 }],
      ['Row two', 40, { c1: 40, c2: 0, c3: 0 }],
    ]);
    expect(q.rows[1].columns![0].percent).toBe(100);
  });

  it('only counts text answers (they are listed apart)', () => {
    const q = question(body, 'notes');
    expect(q.kind).toBe('text');
    expect(q.answered).toBe(40);
    expect(q.choices).toBeUndefined();
  });
});

describe('filters', () => {
  it('reads open submissions, or all', async () => {
    const open = (await report({ state: 'open' }).expect(200)).body;
    expect(open.total).toBe(10);
    const all = (await report({ state: 'all' }).expect(200)).body;
    expect(all.total).toBe(50);
    // i % 3 == 0 for i in 0..49: 17
    expect(countsOf(question(all, 'color')).red).toBe(17);
  });

  it('reads a date range (inclusive days, UTC)', async () => {
    const jan = (await report({ from: '2026-01-01', to: '2026-01-10' }).expect(200)).body;
    expect(jan.total).toBe(20);
    expect(question(jan, 'sat').stats).toMatchObject({ count: 20, mean: 3 });
    const before = (await report({ to: '2026-01-09' }).expect(200)).body;
    expect(before.total).toBe(0);
    expect(question(before, 'color').choices!.every((c: { count: number }) => c.count === 0)).toBe(true);
  });

  it.each([
    [{ state: 'closed' }, 'state'],
    [{ from: 'yesterday' }, 'from'],
    [{ from: '2026-02-01', to: '2026-01-01' }, 'to'],
  ])('refuses %j with errors.report-filter', async (query, field) => {
    const res = await report(query as Record<string, string>).expect(400);
    expect(res.body.key).toBe('errors.report-filter');
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });
});

describe('text answers', () => {
  const answers = (query: Record<string, string>) =>
    t.http
      .get(`${base()}/${surveyStepId}/answers`)
      .query({ question: 'notes', ...query })
      .set(admin.headers());

  it('are paged on the server', async () => {
    const p1 = (await answers({ perPage: '15' }).expect(200)).body;
    expect(p1.total).toBe(40);
    expect(p1.items).toHaveLength(15);
    const p3 = (await answers({ perPage: '15', page: '3' }).expect(200)).body;
    expect(p3.items).toHaveLength(10);
    const texts = new Set([...p1.items, ...p3.items].map((i: { text: string }) => i.text));
    expect(texts.size).toBe(25);
    const past = (await answers({ perPage: '15', page: '9' }).expect(200)).body;
    expect(past).toMatchObject({ total: 40, items: [] });
  });

  it('are searched on the server (case-insensitive, wildcards literal)', async () => {
    const found = (await answers({ search: 'APPLE' }).expect(200)).body;
    expect(found.total).toBe(4);
    expect(found.items.map((i: { text: string }) => i.text).sort()).toEqual([
      'Special apple 0',
      'Special apple 10',
      'Special apple 20',
      'Special apple 30',
    ]);
    expect(found.items[0]).toMatchObject({ state: 'submitted', code: expect.any(String) });
    expect((await answers({ search: '%' }).expect(200)).body.total).toBe(0);
  });

  it('list any question as text (labels, not values)', async () => {
    const page = (await answers({ question: 'color', search: 'red', lang: 'it' }).expect(200)).body;
    expect(page.total).toBe(14);
    expect(page.items[0].text).toBe('Rosso');
  });

  it('refuse an unknown question and a bad page', async () => {
    expect((await answers({ question: 'nope' }).expect(404)).body.key).toBe('errors.report-question-not-found');
    expect((await answers({ perPage: '1000' }).expect(400)).body.key).toBe('errors.report-filter');
  });
});

describe('the survey steps of a call', () => {
  it('lists the survey steps with their submitted answers', async () => {
    const res = await t.http.get(`${base()}`).query({ callTypeId }).set(admin.headers()).expect(200);
    expect(res.body).toMatchObject({
      callId,
      callTypeId,
      steps: [{ id: surveyStepId, name: 'Feedback', questions: 8, submittedAnswers: 40 }],
    });
  });

  it('is empty for a call without survey steps', async () => {
    const plain = await t.factory.call();
    const res = await t.http.get(`/api/admin/reports/calls/${plain.id}/steps`).set(admin.headers()).expect(200);
    expect(res.body.steps).toEqual([]);
  });

  it("refuses another call's call type", async () => {
    const res = await t.http.get(`${base()}`).query({ callTypeId: randomUUID() }).set(admin.headers()).expect(404);
    expect(res.body.key).toBe('errors.call-type-not-found');
  });
});

describe('who may read it, and bad ids', () => {
  it('is refused to a plain user (403) and without a token (401)', async () => {
    const user = await t.factory.user();
    await report({}, user.headers()).expect(403);
    await t.http.get(`${base()}`).set(user.headers()).expect(403);
    await t.http.get(`${base()}/${surveyStepId}/xlsx`).set(user.headers()).expect(403);
    await t.http.get(`${base()}/${surveyStepId}/answers?question=notes`).set(user.headers()).expect(403);
    await t.http.get(`${base()}/${surveyStepId}`).expect(401);
  });

  it("answers 404 for another call's step, an unknown call or step, and ids that are not ids", async () => {
    const foreign = await t.http.get(`${base()}/${otherCall.surveyStepId}`).set(admin.headers()).expect(404);
    expect(foreign.body.key).toBe('errors.report-step-not-found');
    const unknownCall = await t.http.get(`/api/admin/reports/calls/${randomUUID()}/steps/${surveyStepId}`).set(admin.headers()).expect(404);
    expect(unknownCall.body.key).toBe('pages.admin.call-not-found');
    await t.http.get(`${base()}/${randomUUID()}`).set(admin.headers()).expect(404);
    await t.http.get(`/api/admin/reports/calls/not-an-id/steps`).set(admin.headers()).expect(404);
    await t.http.get(`${base()}/not-an-id/xlsx`).set(admin.headers()).expect(404);
  });

  it('answers 400 with a key for a step that is not a survey', async () => {
    const res = await t.http.get(`${base()}/${textStepId}`).set(admin.headers()).expect(400);
    expect(res.body.key).toBe('errors.report-not-survey');
    expect((await t.http.get(`${base()}/${textStepId}/xlsx`).set(admin.headers()).expect(400)).body.key).toBe('errors.report-not-survey');
  });
});

describe('the .xlsx export', () => {
  it('holds the figures and the raw answers, read back with exceljs', async () => {
    const res = await binary(t.http.get(`${base()}/${surveyStepId}/xlsx`).query({ lang: 'en' }).set(admin.headers())).expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/survey-report-\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Figures', 'Answers']);

    const figures = wb.getWorksheet('Figures')!;
    const rows: unknown[][] = [];
    figures.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Question', 'Row', 'Answer', 'Count', 'Percent', 'Value']);
    const find = (q: string, answer: string, row?: string) =>
      rows.find((r) => r[0] === q && r[2] === answer && (row === undefined || r[1] === row));
    expect(find('Favourite colour', 'Red')?.slice(3, 5)).toEqual([14, 0.35]);
    expect(find('Satisfaction', 'Mean')?.[5]).toBe(3);
    expect(find('Would you recommend us?', 'Median')?.[5]).toBe(4.5);
    expect(find('Would you recommend us?', 'Promoters (9–10)')?.slice(3, 5)).toEqual([6, 0.15]);
    expect(find('Would you recommend us?', 'Net promoter score')?.[5]).toBe(-55);
    expect(find('Grid', 'Col one', 'Row two')?.[3]).toBe(40);

    const answers = wb.getWorksheet('Answers')!;
    expect(answers.rowCount).toBe(41);
    const header = (answers.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Code',
      'Organization',
      'State',
      'Date',
      'Favourite colour',
      'Tools',
      'Do you agree?',
      'Satisfaction',
      'Would you recommend us?',
      'Staff',
      'Grid',
      'Notes',
    ]);
    const colors: unknown[] = [];
    answers.eachRow((r, n) => n > 1 && colors.push(r.getCell(5).value));
    expect(colors.filter((c) => c === 'Red')).toHaveLength(14);
    expect(answers.getRow(2).getCell(3).value).toBe('Submitted');
    expect(typeof answers.getRow(2).getCell(10).value).toBe('number');
    expect(answers.getRow(2).getCell(4).value).toBeInstanceOf(Date);
  });

  it("names each row's state in the singular, in the administrator's language", async () => {
    const states = async (lang: string) => {
      const res = await binary(t.http.get(`${base()}/${surveyStepId}/xlsx`).query({ lang, state: 'all' }).set(admin.headers())).expect(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as unknown as ArrayBuffer);
      const answers = wb.worksheets[1];
      const column = (answers.getRow(1).values as unknown[]).indexOf(lang === 'it' ? 'Stato' : 'État');
      const values = new Set<unknown>();
      answers.eachRow((r, n) => n > 1 && values.add(r.getCell(column).value));
      return [...values].sort();
    };
    expect(await states('it')).toEqual(['In corso', 'Inviata']);
    expect(await states('fr')).toEqual(['En cours', 'Envoyée']);
  });
});

describe('figures never stale (the report is kept only while the call data version is unchanged)', () => {
  it('reflects a new answer at once, whether the API or SQL writes it', async () => {
    const before = (await report().expect(200)).body;
    expect((await report().expect(200)).body).toEqual(before);
    const a = await t.factory.applicant(callId);
    await t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(a.h)
      .send({
        callSubmissionId: a.submissionId,
        stepId: surveyStepId,
        content: { data: { ...answersOf(1), color: 'blue' }, completed: true },
      })
      .expect(200);
    await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`).set(a.h).expect(200);
    const after = (await report().expect(200)).body;
    expect(after.total).toBe(before.total + 1);
    expect(countsOf(question(after, 'color')).blue).toBe(countsOf(question(before, 'color')).blue + 1);
    // An operator's SQL, behind the API's back.
    await t.db.query(`UPDATE step_result SET content = jsonb_set(content, '{data,color}', '"red"') WHERE submission_id = $1`, [
      a.submissionId,
    ]);
    const edited = (await report().expect(200)).body;
    expect(countsOf(question(edited, 'color'))).toEqual({
      ...countsOf(question(before, 'color')),
      red: countsOf(question(before, 'color')).red + 1,
    });
    await t.db.query('DELETE FROM step_result WHERE submission_id = $1', [a.submissionId]);
    expect((await report().expect(200)).body.total).toBe(before.total);
  });

  it("counts an autosave in its call's data version once; writes behind the API's back count too", async () => {
    const version = async (): Promise<number> =>
      Number((await t.db.query('SELECT COALESCE(sum(n), 0) AS v FROM data_version WHERE scope = $1', [callId]))[0].v);
    const a = await t.factory.applicant(callId);
    const save = (version: number, color: string) =>
      t.http
        .post('/api/Call/UpsertCallStepResult')
        .set(a.h)
        .send({ callSubmissionId: a.submissionId, stepId: surveyStepId, version, content: { data: { color }, completed: false } });
    const v0 = await version();
    await save(0, 'red').expect(200);
    expect(await version()).toBe(v0 + 1);
    await save(1, 'green').expect(200);
    expect(await version()).toBe(v0 + 2);
    // A refused save (stale version) writes nothing and counts nothing.
    await save(1, 'blue').expect(409);
    expect(await version()).toBe(v0 + 2);
    // The submission's and the answer's rows changed by hand: each statement counts.
    await t.db.query(`UPDATE step_result SET content = jsonb_set(content, '{data,color}', '"blue"') WHERE submission_id = $1`, [
      a.submissionId,
    ]);
    expect(await version()).toBe(v0 + 3);
    await t.db.query('UPDATE call_submission SET opened_at = now() WHERE id = $1', [a.submissionId]);
    expect(await version()).toBe(v0 + 4);
    // Only the version and stamp of the submission moved: not counted.
    await t.db.query('UPDATE call_submission SET version = version + 1, updated_at = now() WHERE id = $1', [a.submissionId]);
    expect(await version()).toBe(v0 + 4);
  });
});
