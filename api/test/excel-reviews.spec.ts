/**
 * The console's Excel export with reviews (issue 31): each application's review figures and
 * decision on the first sheet, and a "Reviews" sheet with one row per review, a column per
 * criterion (retired ones marked). Reviews made through the review routes, the workbook read back
 * with exceljs.
 */
import { jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from './app.js';
import { binary } from './documents-fixtures.js';
import type { TestUser } from './factory.js';
import { EXPORT_PAGE } from '../src/modules/documents/excel-export.service.js';

jest.setTimeout(120_000);

let t: TestApp;
let A: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  A = (await t.factory.user({ admin: true })).headers();
});
afterAll(() => t.close());

const hour = 3600 * 1000;
const PHASE = {
  name: 'Scoring',
  startsAt: new Date(Date.now() - hour).toISOString(),
  endsAt: new Date(Date.now() + 48 * hour).toISOString(),
  mayScore: true,
  seeOthers: 'always',
  blind: false,
  mayDecide: true,
};
const RUBRIC = [
  { name: 'Impact', min: 0, max: 10, step: 1, weight: 2, required: true },
  { name: 'Feasibility', min: 1, max: 5, step: 0.5, weight: 1, required: false },
];

type Criterion = { id: string; name: string };

/** A call with `n` submitted applications, a phase in force and the rubric; the aggregate as given. */
async function reviewedCall(n: number, o: { name?: string; aggregate?: 'mean' | 'median' } = {}) {
  const call = await t.factory.call(o.name ? { name: o.name } : {});
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = await t.factory.applicant(call.id);
    await t.http.post(`/api/admin/submissions/${a.submissionId}/close`).set(A).expect(200);
    ids.push(a.submissionId);
  }
  await t.http
    .put(`/api/admin/reviews/calls/${call.id}/settings`)
    .set(A)
    .send({ reviewsPerApplication: 3, aggregate: o.aggregate ?? 'mean', disagreementThreshold: 30 })
    .expect(200);
  await t.http
    .put(`/api/admin/reviews/calls/${call.id}/phases`)
    .set(A)
    .send({ phases: [PHASE] })
    .expect(200);
  const criteria = (await t.http.put(`/api/admin/reviews/calls/${call.id}/rubric`).set(A).send({ criteria: RUBRIC }).expect(200))
    .body as Criterion[];
  const codes = (await t.db.query('SELECT id, code FROM call_submission WHERE id = ANY($1)', [ids])) as { id: string; code: string }[];
  const codeOf = new Map(codes.map((c) => [c.id, c.code]));
  return { call, ids, criteria, codes: ids.map((id) => codeOf.get(id)!) };
}

async function reviewer(callId: string, name: { firstName: string; lastName: string }): Promise<TestUser & { reviewerId: string }> {
  const u = await t.factory.user({ email: `${t.factory.unique('rev')}@panel.test`, ...name });
  const list = (
    await t.http
      .post(`/api/admin/reviews/calls/${callId}/reviewers`)
      .set(A)
      .send({ emails: [u.email] })
      .expect(200)
  ).body as {
    id: string;
    email: string;
  }[];
  return { ...u, reviewerId: list.find((r) => r.email === u.email.toLowerCase())!.id };
}

async function assign(callId: string, submissionIds: string[], reviewers: { reviewerId: string }[]) {
  await t.http
    .post(`/api/admin/reviews/calls/${callId}/assignments`)
    .set(A)
    .send({ submissionIds, reviewerIds: reviewers.map((r) => r.reviewerId) })
    .expect(200);
}

/** The reviewer's review of the application with this code: saved, and submitted unless `draft`. */
async function review(
  r: TestUser,
  callId: string,
  code: string,
  body: {
    scores?: Record<string, number>;
    recommendation?: string;
    commentApplicant?: string;
    commentPanel?: string;
    abstainReason?: string;
  },
  draft = false,
) {
  const mine = (await t.http.get(`/api/reviews/calls/${callId}/assignments`).set(r.headers()).expect(200)).body as {
    id: string;
    code: string;
  }[];
  const id = mine.find((a) => a.code === code)!.id;
  await t.http
    .put(`/api/reviews/assignments/${id}/review`)
    .set(r.headers())
    .send({
      version: 0,
      scores: body.scores ?? {},
      recommendation: body.recommendation ?? null,
      commentApplicant: body.commentApplicant ?? '',
      commentPanel: body.commentPanel ?? '',
      abstained: body.abstainReason !== undefined,
      abstainReason: body.abstainReason ?? '',
    })
    .expect(200);
  if (!draft) await t.http.post(`/api/reviews/assignments/${id}/submit`).set(r.headers()).send({ version: 1 }).expect(200);
}

const exportXlsx = async (filter: Record<string, unknown>, lang = 'en') => {
  const res = await binary(
    t.http
      .get('/api/admin/exports/submissions/xlsx')
      .query({ filter: JSON.stringify(filter), lang })
      .set(A),
  ).expect(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.body as unknown as ArrayBuffer);
  return wb;
};

const headers = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);
/** The sheet's rows as objects keyed by header. */
function records(ws: ExcelJS.Worksheet): Record<string, unknown>[] {
  const names = headers(ws) as string[];
  const out: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    out.push(Object.fromEntries(names.map((h, i) => [h, row.getCell(i + 1).value ?? null])));
  });
  return out;
}

describe('the Excel export with reviews', () => {
  let ctx: Awaited<ReturnType<typeof reviewedCall>>;
  let r1: TestUser & { reviewerId: string };
  let r3: TestUser & { reviewerId: string };

  beforeAll(async () => {
    ctx = await reviewedCall(3, { aggregate: 'median' });
    const { call, ids, codes, criteria } = ctx;
    const [impact, feasibility] = criteria.map((c) => c.id);
    r1 = await reviewer(call.id, { firstName: 'Grace', lastName: 'Hopper' });
    const r2 = await reviewer(call.id, { firstName: 'Alan', lastName: 'Turing' });
    r3 = await reviewer(call.id, { firstName: 'Emmy', lastName: 'Noether' });
    const r4 = await reviewer(call.id, { firstName: 'Kurt', lastName: 'Gödel' });
    await assign(call.id, [ids[0]], [r1, r2, r3, r4]);
    await assign(call.id, [ids[1]], [r1, r2]);
    // Application 1: three scores (100, 80, 20: median 80, mean 66.67, spread 80) and an abstention.
    await review(r1, call.id, codes[0], {
      scores: { [impact]: 10, [feasibility]: 5 },
      recommendation: 'fund',
      commentApplicant: 'A clear plan',
      commentPanel: '=HYPERLINK("http://evil.example","x")',
    });
    await review(r2, call.id, codes[0], { scores: { [impact]: 8 }, recommendation: 'maybe' });
    await review(r3, call.id, codes[0], { abstainReason: 'I advised them last year' });
    await review(r4, call.id, codes[0], { scores: { [impact]: 2 }, recommendation: 'do-not-fund' });
    // Application 2: one review in progress, one not started.
    await review(r1, call.id, codes[1], { scores: { [impact]: 7 } }, true);
    // Feasibility's scale changes once scoring started: the old criterion is retired, its scores kept.
    const changed = [RUBRIC[0], { ...RUBRIC[1], max: 10, step: 1 }].map((c, i) => ({ ...c, id: criteria[i].id }));
    await t.http.put(`/api/admin/reviews/calls/${call.id}/rubric`).set(A).send({ criteria: changed, confirmed: true }).expect(200);
    // Application 1 approved and released; application 2 on the waiting list, pending.
    await t.http
      .put(`/api/admin/reviews/calls/${call.id}/decisions`)
      .set(A)
      .send({ submissionIds: [ids[0]], decision: 'approved' })
      .expect(200);
    await t.http.post(`/api/admin/reviews/calls/${call.id}/release`).set(A).send({ includeComments: false }).expect(200);
    await t.http
      .put(`/api/admin/reviews/calls/${call.id}/decisions`)
      .set(A)
      .send({ submissionIds: [ids[1]], decision: 'waiting-list' })
      .expect(200);
  });

  it('adds each application’s review figures and decision to the first sheet', async () => {
    const wb = await exportXlsx({ callId: ctx.call.id });
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Applications', 'Answers', 'Impact design', 'Reviews']);
    const s1 = wb.worksheets[0];
    expect(headers(s1).slice(-7)).toEqual([
      'Reviews done',
      'Reviews assigned',
      'Review score',
      'Score as',
      'Spread',
      'Decision',
      'Decision released',
    ]);
    const byCode = new Map(records(s1).map((r) => [r.Code, r]));
    expect(byCode.size).toBe(3);
    // The abstention counts as done, not in the score; the call aggregates by median.
    expect(byCode.get(ctx.codes[0])).toMatchObject({
      'Reviews done': 4,
      'Reviews assigned': 4,
      'Review score': 80,
      'Score as': 'Median',
      Spread: 80,
      Decision: 'Approved',
      'Decision released': 'Yes',
    });
    expect(byCode.get(ctx.codes[1])).toMatchObject({
      'Reviews done': 0,
      'Reviews assigned': 2,
      'Review score': null,
      Spread: null,
      Decision: 'Waiting list',
      'Decision released': 'No',
    });
    expect(byCode.get(ctx.codes[2])).toMatchObject({
      'Reviews done': 0,
      'Reviews assigned': 0,
      'Review score': null,
      Decision: null,
      'Decision released': null,
    });
    expect(s1.getColumn(headers(s1).indexOf('Review score') + 1).numFmt).toBe('0.00');
  });

  it('has a Reviews sheet: one row per review, a column per criterion with the retired one marked', async () => {
    const wb = await exportXlsx({ callId: ctx.call.id });
    const ws = wb.getWorksheet('Reviews')!;
    expect(headers(ws)).toEqual([
      'Code',
      'Call',
      'Reviewer',
      'Reviewer e-mail',
      'Review status',
      'Impact',
      'Feasibility',
      'Feasibility (retired)',
      'Weighted score',
      'Recommendation',
      'Comment for the applicant',
      'Comment for the panel',
      'Abstained',
      'Reason for abstaining',
      'Review submitted on',
    ]);
    const rows = records(ws);
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.Code === ctx.codes[0])).toHaveLength(4);
    expect(rows.filter((r) => r.Code === ctx.codes[1])).toHaveLength(2);
    expect(rows.every((r) => r.Call === ctx.call.name)).toBe(true);
    const of = (code: string, name: string) => rows.find((r) => r.Code === code && r.Reviewer === name)!;

    const grace = of(ctx.codes[0], 'Grace Hopper');
    expect(grace).toMatchObject({
      'Reviewer e-mail': r1.email,
      'Review status': 'Submitted',
      Impact: 10,
      Feasibility: null,
      'Feasibility (retired)': 5,
      'Weighted score': 100,
      Recommendation: 'Fund',
      'Comment for the applicant': 'A clear plan',
      'Comment for the panel': `'=HYPERLINK("http://evil.example","x")`,
      Abstained: 'No',
      'Reason for abstaining': null,
    });
    expect(grace['Review submitted on']).toBeInstanceOf(Date);
    expect(of(ctx.codes[0], 'Alan Turing')).toMatchObject({ Impact: 8, 'Weighted score': 80, Recommendation: 'Maybe' });
    expect(of(ctx.codes[0], 'Kurt Gödel')).toMatchObject({ Impact: 2, 'Weighted score': 20, Recommendation: 'Do not fund' });
    expect(of(ctx.codes[0], 'Emmy Noether')).toMatchObject({
      'Reviewer e-mail': r3.email,
      'Review status': 'Submitted',
      Impact: null,
      'Weighted score': null,
      Recommendation: null,
      Abstained: 'Yes',
      'Reason for abstaining': 'I advised them last year',
    });
    expect(of(ctx.codes[1], 'Grace Hopper')).toMatchObject({
      'Review status': 'In progress',
      Impact: 7,
      'Review submitted on': null,
    });
    expect(of(ctx.codes[1], 'Alan Turing')).toMatchObject({ 'Review status': 'To do', Impact: null, Abstained: 'No' });
  });

  it('translates the headers and words (Italian, French)', async () => {
    const it = await exportXlsx({ callId: ctx.call.id }, 'it');
    expect(it.worksheets.map((w) => w.name)).toEqual(['Candidature', 'Risposte', 'Impatto', 'Valutazioni']);
    const itFirst = new Map(records(it.worksheets[0]).map((r) => [r.Codice, r]));
    expect(itFirst.get(ctx.codes[0])).toMatchObject({
      'Valutazioni fatte': 4,
      'Punteggio come': 'Mediana',
      Decisione: 'Approvata',
      'Decisione pubblicata': 'Sì',
    });
    const itReviews = it.getWorksheet('Valutazioni')!;
    expect(headers(itReviews)).toContain('Feasibility (ritirato)');
    expect(records(itReviews).find((r) => r.Valutatore === 'Emmy Noether' && r.Codice === ctx.codes[0])).toMatchObject({
      'Stato della valutazione': 'Inviata',
      Astenuto: 'Sì',
    });

    const fr = await exportXlsx({ callId: ctx.call.id }, 'fr');
    expect(fr.worksheets.map((w) => w.name)).toEqual(['Candidatures', 'Réponses', 'Impact', 'Évaluations']);
    const frReviews = records(fr.getWorksheet('Évaluations')!);
    expect(frReviews.find((r) => r.Évaluateur === 'Grace Hopper' && r.Code === ctx.codes[0])).toMatchObject({
      Recommandation: 'Financer',
      "État de l'évaluation": 'Envoyée',
    });
  });

  it('leaves an export of calls without reviews as it was', async () => {
    const other = await reviewedCall(1);
    const wb = await exportXlsx({ callId: other.call.id });
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Applications', 'Answers', 'Impact design']);
    expect(headers(wb.worksheets[0])).not.toContain('Reviews done');
    expect(headers(wb.worksheets[0]).at(-1)).toBe('Budget spent');
  });
});

describe('the Excel export of several reviewed calls', () => {
  it('names each criterion with its call, and uses each call’s own aggregate', async () => {
    const tag = t.factory.unique('Panel');
    const a = await reviewedCall(1, { name: `${tag} A`, aggregate: 'mean' });
    const b = await reviewedCall(1, { name: `${tag} B`, aggregate: 'median' });
    for (const c of [a, b]) {
      const r = await reviewer(c.call.id, { firstName: 'Ada', lastName: 'Byron' });
      await assign(c.call.id, c.ids, [r]);
      await review(r, c.call.id, c.codes[0], { scores: { [c.criteria[0].id]: 5 }, recommendation: 'maybe' });
    }
    const wb = await exportXlsx({ q: tag });
    const ws = wb.getWorksheet('Reviews')!;
    expect(headers(ws).slice(5, 9)).toEqual([`${tag} A: Impact`, `${tag} A: Feasibility`, `${tag} B: Impact`, `${tag} B: Feasibility`]);
    const rows = records(ws);
    expect(rows.find((r) => r.Code === a.codes[0])).toMatchObject({ [`${tag} A: Impact`]: 5, [`${tag} B: Impact`]: null });
    expect(rows.find((r) => r.Code === b.codes[0])).toMatchObject({ [`${tag} A: Impact`]: null, [`${tag} B: Impact`]: 5 });
    const first = new Map(records(wb.worksheets[0]).map((r) => [r.Code, r]));
    expect(first.get(a.codes[0])).toMatchObject({ 'Score as': 'Mean', 'Review score': 50 });
    expect(first.get(b.codes[0])).toMatchObject({ 'Score as': 'Median', 'Review score': 50 });
  });
});

describe('the Excel export with reviews, over more than a page', () => {
  it('writes every application’s figures and every review once, in the export’s order', async () => {
    const call = await t.factory.call();
    const count = EXPORT_PAGE + 5;
    for (let i = 0; i < count; i++) await t.factory.applicant(call.id);
    // Reviews inserted directly: two per application, the second one submitted with the application's index as its score.
    const [{ id: reviewerA }] = (await t.db.query('INSERT INTO call_reviewer (call_id, email) VALUES ($1, $2) RETURNING id', [
      call.id,
      `${t.factory.unique('a')}@panel.test`,
    ])) as { id: string }[];
    const [{ id: reviewerB }] = (await t.db.query('INSERT INTO call_reviewer (call_id, email) VALUES ($1, $2) RETURNING id', [
      call.id,
      `${t.factory.unique('b')}@panel.test`,
    ])) as { id: string }[];
    await t.db.query(
      `INSERT INTO review (call_id, submission_id, reviewer_id, source)
       SELECT call_id, id, $2, 'manual' FROM call_submission WHERE call_id = $1`,
      [call.id, reviewerA],
    );
    await t.db.query(
      `INSERT INTO review (call_id, submission_id, reviewer_id, source, score, saved_at, submitted_at, recommendation)
       SELECT call_id, id, $2, 'manual', (row_number() OVER (ORDER BY code))::float8, now(), now(), 'fund'
       FROM call_submission WHERE call_id = $1`,
      [call.id, reviewerB],
    );
    const wb = await exportXlsx({ callId: call.id });
    const first = records(wb.worksheets[0]);
    expect(first).toHaveLength(count);
    expect(first.every((r) => r['Reviews done'] === 1 && r['Reviews assigned'] === 2)).toBe(true);
    const scores = first.map((r) => r['Review score'] as number).sort((x, y) => x - y);
    expect(scores).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    const reviews = records(wb.getWorksheet('Reviews')!);
    expect(reviews).toHaveLength(2 * count);
    // Same order as the first sheet, each application's two reviews together.
    const codes = first.map((r) => r.Code);
    expect(reviews.filter((_, i) => i % 2 === 0).map((r) => r.Code)).toEqual(codes);
    expect(reviews.filter((_, i) => i % 2 === 1).map((r) => r.Code)).toEqual(codes);
    expect(reviews.filter((r) => r['Review status'] === 'To do')).toHaveLength(count);
    // A reviewer invited but never signed in has no name: the cell is empty.
    expect(reviews.every((r) => r.Reviewer === null)).toBe(true);
  });
});
