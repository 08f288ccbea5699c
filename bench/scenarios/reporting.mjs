// Issue 18: reporting.
// - Survey report (surveyReport below): the report of a 20-question survey step answered by
//   10,000 submitted applications (every kind the report aggregates: choices, checkboxes,
//   booleans, ratings with a 0-10 one, numbers, matrices, comments), at 1 and 10 connections;
//   target p99 under 200 ms. The API keeps a report while the call's data version is unchanged
//   (docs/decisions/reporting-performance.md), so the load measures what the console gets when
//   nobody writes; the first request, and requests right after an answer changes, are timed
//   alone (computed by PostgreSQL). Side by side: the bare baseline (node:http + pg) running the
//   very same aggregate statement (imported from the built API) with the same parameters, on
//   every request (what the report costs uncached).
// - Dashboard (the dashboard's own figure: a call with 100,000 submissions, p99 under 300 ms at 10
//   connections) is added to this file by the dashboard's work: give it its own setup/run
//   functions next to surveyReport's and call them from `setup` and `run` (marked below).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { accessToken, BROWSER_HEADERS, load } from '../lib.mjs';

export const name = 'reporting';

const SUBMISSIONS = Number(process.env.BENCH_REPORT_SUBMISSIONS ?? 10_000);
const CONNECTIONS = 10;
const SURVEY_KIND = '5e0c0001-0000-4000-8000-000000000005';
const DAY = 86_400_000;

/** The 20 questions: 5 single choices, 3 checkboxes, 2 booleans, 3 ratings (one 0-10), 2 numbers, 2 matrices, 3 comments. */
export const REPORT_QUESTIONS = [
  ...[1, 2, 3, 4, 5].map((n) => ({ type: 'radiogroup', name: `choice${n}`, title: `Choice ${n}`, choices: ['a', 'b', 'c', 'd', 'e'] })),
  ...[1, 2, 3].map((n) => ({ type: 'checkbox', name: `multi${n}`, title: `Multiple ${n}`, choices: ['w', 'x', 'y', 'z'] })),
  ...[1, 2].map((n) => ({ type: 'boolean', name: `yes${n}`, title: `Yes or no ${n}` })),
  { type: 'rating', name: 'rate1', title: 'Rate 1' },
  { type: 'rating', name: 'rate2', title: 'Rate 2', rateMin: 1, rateMax: 10 },
  { type: 'rating', name: 'nps', title: 'Recommend', rateMin: 0, rateMax: 10 },
  ...[1, 2].map((n) => ({ type: 'text', inputType: 'number', name: `num${n}`, title: `Number ${n}` })),
  ...[1, 2].map((n) => ({
    type: 'matrix',
    name: `grid${n}`,
    title: `Grid ${n}`,
    rows: ['r1', 'r2', 'r3', 'r4'],
    columns: ['c1', 'c2', 'c3', 'c4', 'c5'],
  })),
  ...[1, 2, 3].map((n) => ({ type: 'comment', name: `text${n}`, title: `Text ${n}` })),
];

/** The arrays of question names the API sends with the aggregate (ReportsService's reportNames). */
const NAMES = {
  all: REPORT_QUESTIONS.map((q) => q.name),
  values: REPORT_QUESTIONS.filter((q) => ['radiogroup', 'boolean', 'rating'].includes(q.type)).map((q) => q.name),
  multi: REPORT_QUESTIONS.filter((q) => q.type === 'checkbox').map((q) => q.name),
  matrix: REPORT_QUESTIONS.filter((q) => q.type === 'matrix').map((q) => q.name),
  numeric: REPORT_QUESTIONS.filter((q) => q.type === 'rating' || q.inputType === 'number').map((q) => q.name),
  histogram: REPORT_QUESTIONS.filter((q) => q.inputType === 'number').map((q) => q.name),
};

/** One submission's answers, from its number i (SQL): varied, so every group has several values. */
const ANSWERS_SQL = `jsonb_build_object(
  'choice1', (ARRAY['a','b','c','d','e'])[1 + i % 5], 'choice2', (ARRAY['a','b','c','d','e'])[1 + (i / 3) % 5],
  'choice3', (ARRAY['a','b','c','d','e'])[1 + (i * 7) % 5], 'choice4', (ARRAY['a','b','c','d','e'])[1 + (i / 7) % 5],
  'choice5', (ARRAY['a','b','c','d','e'])[1 + (i * 3) % 5],
  'multi1', CASE WHEN i % 2 = 0 THEN '["w","x"]'::jsonb ELSE '["y"]'::jsonb END,
  'multi2', CASE WHEN i % 3 = 0 THEN '["w","x","z"]'::jsonb ELSE '["x"]'::jsonb END,
  'multi3', CASE WHEN i % 4 = 0 THEN '["z"]'::jsonb ELSE '["w","y"]'::jsonb END,
  'yes1', i % 3 <> 0, 'yes2', i % 5 = 0,
  'rate1', 1 + i % 5, 'rate2', 1 + (i * 7) % 10, 'nps', i % 11,
  'num1', i % 1000, 'num2', round((i % 97) * 1.5, 1),
  'grid1', jsonb_build_object('r1', 'c' || (1 + i % 5), 'r2', 'c' || (1 + (i / 2) % 5), 'r3', 'c1', 'r4', 'c' || (1 + (i * 3) % 5)),
  'grid2', jsonb_build_object('r1', 'c' || (1 + (i / 5) % 5), 'r2', 'c2', 'r3', 'c' || (1 + i % 5), 'r4', 'c5'),
  'text1', 'An answer of a few words, number ' || i, 'text2', 'Our project helps people in town ' || (i % 50),
  'text3', repeat('A longer story about what we do. ', 1 + i % 4))`;

/** The survey report's world: a call with one survey step of 20 questions, SUBMISSIONS submitted applications answering all. */
async function surveyReportSetup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const stamp = Date.now().toString(36);
  const user = async (email, roles) =>
    (
      await db.query(
        `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'User', $2, 'bench', $3) RETURNING id`,
        [email, roles, randomUUID()],
      )
    ).rows[0].id;
  const adminId = await user(`bench-report-admin-${stamp}@example.org`, ['admin']);
  const applicantId = await user(`bench-report-applicant-${stamp}@applicant.test`, []);
  const admin = { Authorization: `Bearer ${await accessToken(product.jwtSecret(), product.url, adminId, databaseUrl)}` };

  const res = await fetch(`${product.url}/api/Call/CreateCall`, {
    method: 'POST',
    headers: { ...admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: `Bench report ${stamp}`,
      description: '<p>Report</p>',
      openingAt: new Date(Date.now() - DAY).toISOString(),
      closingAt: new Date(Date.now() + 30 * DAY).toISOString(),
      callType: { steps: [{ name: 'Survey', stepTypeId: SURVEY_KIND, content: { pages: [{ elements: REPORT_QUESTIONS }] } }] },
    }),
  });
  const call = await res.json();
  if (res.status !== 201 && res.status !== 200) throw new Error(`CreateCall: ${res.status} ${JSON.stringify(call).slice(0, 300)}`);
  const stepId = call.callType.steps[0].id;

  const started = performance.now();
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data, created_by_id)
     SELECT $1 || i, 'IT' || lpad(i::text, 11, '0'), 'Via Roma ' || i, 'Milano', 'Italia', 'Ada', 'Lovelace', 'Director', 'ada' || i || '@applicant.test', true, $2
       FROM generate_series(1, $3) i`,
    [`R${stamp} `, applicantId, SUBMISSIONS],
  );
  await db.query(
    `INSERT INTO call_submission (call_id, organization_id, user_id, code, closed, opened_at, submitted_at, last_submitted_at, closed_at)
     SELECT $1, o.id, $2, $3 || row_number() OVER (), true, now() - interval '20 days', now() - (row_number() OVER ()) * interval '1 minute',
            now() - (row_number() OVER ()) * interval '1 minute', now()
       FROM organization o WHERE o.name LIKE $4`,
    [call.id, applicantId, `R${stamp}-`, `R${stamp} %`],
  );
  await db.query(
    `INSERT INTO step_result (submission_id, step_id, content)
     SELECT s.id, $1, jsonb_build_object('data', ${ANSWERS_SQL}, 'currentPageNo', 0, 'completed', true)
       FROM (SELECT id, (row_number() OVER (ORDER BY id))::int AS i FROM call_submission WHERE call_id = $2) s`,
    [stepId, call.id],
  );
  await db.query('COMMIT');
  await db.query('ANALYZE');
  await db.end();
  console.log(`reporting: seeded ${SUBMISSIONS} submissions in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The baseline runs the product's own statement (from the built API), with the parameters the API sends.
  const { reportAggregateSql, reportAggregateParams, reportStatementSize } =
    await import('../../api/dist/modules/reports/reports.repository.js');
  const size = reportStatementSize(NAMES.all.length);
  const selection = { stepId, callId: call.id, closed: true, from: null, to: null };
  return {
    admin,
    callId: call.id,
    stepId,
    databaseUrl,
    baselineRoutes: {
      '/report': { sql: reportAggregateSql(size), params: reportAggregateParams(selection, NAMES, NAMES.all, size, 10) },
    },
  };
}

/** One report request timed from the outside; answers its JSON and milliseconds. */
async function timed(url, headers) {
  const t = performance.now();
  const res = await fetch(url, { headers: { ...BROWSER_HEADERS, ...headers } });
  const body = await res.json();
  if (!res.ok) throw new Error(`report: ${res.status}`);
  return { body, ms: Math.round(performance.now() - t) };
}

async function surveyReportRun({ product, baseline, admin, callId, stepId, databaseUrl }) {
  const url = `${product.url}/api/admin/reports/calls/${callId}/steps/${stepId}?lang=en`;
  // The first request computes the report; a sanity check: every question is there and counts all the submissions.
  const first = await timed(url, admin);
  const report = first.body;
  if (report.total !== SUBMISSIONS || report.questions?.length !== 20) throw new Error(`report: ${JSON.stringify(report).slice(0, 300)}`);
  // An applicant changes an answer (as an autosave does) before each of these: the report is computed again, and shows it.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const afterWrite = [];
  for (let i = 0; i < 5; i++) {
    await db.query(
      `UPDATE step_result SET content = jsonb_set(content, '{data,choice1}', to_jsonb($2::text)), updated_at = now(), version = version + 1
        WHERE id = (SELECT id FROM step_result WHERE step_id = $1 ORDER BY id LIMIT 1)`,
      [stepId, `changed-${i}`],
    );
    const r = await timed(url, admin);
    const values = r.body.questions.find((q) => q.name === 'choice1').choices.filter((c) => c.value.startsWith('changed-'));
    if (values.length !== 1 || values[0].value !== `changed-${i}` || values[0].count !== 1)
      throw new Error(`report after a write: ${JSON.stringify(values)}`);
    afterWrite.push(r.ms);
  }
  await db.end();
  const one = await load(url, { connections: 1, headers: admin });
  const p = await load(url, { connections: CONNECTIONS, headers: admin });
  const b = await load(`${baseline.url}/report`, { connections: CONNECTIONS });
  return {
    'survey report: first request, computed (ms)': first.ms,
    'survey report: right after an answer changes, computed (ms)': afterWrite,
    [`GET survey report (20 questions, ${SUBMISSIONS} submissions), 1 connection`]: one,
    [`GET survey report (20 questions, ${SUBMISSIONS} submissions), ${CONNECTIONS} connections`]: {
      product: p,
      baseline: b,
      ratio: +(p.requestsPerSecond / b.requestsPerSecond).toFixed(2),
    },
  };
}

export async function setup(context) {
  const survey = await surveyReportSetup(context);
  // Dashboard: `const dashboard = await dashboardSetup(context);` and merge its baselineRoutes below.
  return { ...survey, baselineRoutes: { ...survey.baselineRoutes } };
}

export async function run(context) {
  return {
    ...(await surveyReportRun(context)),
    // Dashboard: `...(await dashboardRun(context)),`
  };
}
