// Issue 18: the portfolio dashboard of a call with 100,000 submissions, at 10 connections.
// Target: p99 under 300 ms. The product keeps a dashboard's figures per call and state while
// the call's data version is unchanged (docs/decisions/reporting-performance.md), so the load
// measures what the console gets when nobody writes; the first request of each state, and
// requests right after a submission changes, are timed alone (computed by PostgreSQL). The bare
// baseline runs the product's own three statements (api/dist/.../portfolio.sql.js) as one, on
// every request: what the dashboard would cost uncached.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { accessToken, BROWSER_HEADERS, load } from '../lib.mjs';

export const name = 'dashboard';
const SUBMISSIONS = 100_000;
const CONNECTIONS = 10;

const sqlModule = () => import(new URL('../../api/dist/modules/dashboard/portfolio.sql.js', import.meta.url).href);

/**
 * A call whose type has a welcome text, a survey, a miniDyi step and a quiz, and 100,000
 * submissions: 60% submitted, 10% reopened, 30% in progress; 80% answered the survey, 70% the
 * miniDyi (two SDGs, three outcomes of two indicators each out of 60 outcomes, a budget, an
 * SROI from 0 to 12), the submitted ones have a quiz score; organizations in 40 cities of 8 countries.
 */
export async function seed(db, n = SUBMISSIONS) {
  const run = Date.now();
  const day = 86_400_000;
  const [{ id: ownerId }] = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'Applicant', '{}', 'bench', $2) RETURNING id`,
      [`bench-dash-owner-${run}@example.org`, randomUUID()],
    )
  ).rows;
  const [{ id: typeId }] = (await db.query(`INSERT INTO call_type (name) VALUES ($1) RETURNING id`, [`Dashboard bench ${run}`])).rows;
  const step = async (name, kind, sort, content) =>
    (
      await db.query(
        `INSERT INTO step (call_type_id, name, content, sort, step_type_id)
         SELECT $1, $2, $3, $4, id FROM step_type WHERE name = $5 RETURNING id`,
        [typeId, name, JSON.stringify(content), sort, kind],
      )
    ).rows[0].id;
  await step('Welcome', 'text', 0, { html: '<p>Welcome</p>' });
  const survey = await step('About the project', 'survey', 1, { pages: [{ elements: [{ type: 'text', name: 'mission' }] }] });
  const impact = await step('Impact', 'miniDyi', 2, {
    frameworkId: randomUUID(),
    showSdgFilter: true,
    maxOutcomeSelect: 4,
    maxSdgSelect: 4,
  });
  await step('Quiz', 'quiz', 3, { pages: [{ elements: [{ type: 'radiogroup', name: 'q1', choices: ['a', 'b'] }] }] });
  const opening = new Date(run - 60 * day);
  const [{ id: callId }] = (
    await db.query(`INSERT INTO call (name, call_type_id, opening_at, closing_at) VALUES ($1, $2, $3, $4) RETURNING id`, [
      `Dashboard bench ${run}`,
      typeId,
      opening,
      new Date(run + 5 * day),
    ])
  ).rows;
  await db.query(
    `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data, created_by_id)
     SELECT 'Dash org ' || $2 || '-' || i, 'IT' || lpad(i::text, 9, '0'), 'Via Roma ' || i,
            'City ' || (i % 40), (ARRAY['Italy','France','Spain','Germany','Portugal','Greece','Austria','Belgium'])[1 + (i % 40) % 8],
            'Anna', 'Rossi', 'President', 'a' || i || '@example.org', true, $1
       FROM generate_series(1, $3::int) i`,
    [ownerId, run, n],
  );
  await db.query(
    `INSERT INTO call_submission (call_id, organization_id, user_id, code, closed, opened_at, submitted_at, last_submitted_at, closed_at, quiz_score, sroi_score)
     SELECT $1, o.id, $2, 'D' || $4 || '-' || o.i, o.i % 10 < 6,
            $3::timestamptz + (o.i % 55) * interval '1 day' + (o.i % 86400) * interval '1 second',
            CASE WHEN o.i % 10 < 7 THEN $3::timestamptz + (o.i % 55 + o.i % 5) * interval '1 day' + interval '2 hours' END,
            CASE WHEN o.i % 10 < 7 THEN $3::timestamptz + (o.i % 55 + o.i % 5) * interval '1 day' + interval '2 hours' END,
            CASE WHEN o.i % 10 < 6 THEN $3::timestamptz + (o.i % 55 + o.i % 5) * interval '1 day' + interval '2 hours' END,
            CASE WHEN o.i % 10 < 6 THEN ((o.i * 7) % 101) / 100.0 END,
            CASE WHEN o.i % 10 < 7 THEN ((o.i * 13) % 97) / 8.0 END
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM organization WHERE name LIKE 'Dash org ' || $4 || '-%') o`,
    [callId, ownerId, opening, run],
  );
  await db.query(
    `INSERT INTO step_result (submission_id, step_id, content)
     SELECT s.id, $2, jsonb_build_object('data', jsonb_build_object('mission', 'We help ' || s.i || ' people in our neighbourhood every year'), 'currentPageNo', 0, 'completed', true)
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM call_submission WHERE call_id = $1) s WHERE s.i % 10 < 8`,
    [callId, survey],
  );
  await db.query(
    `INSERT INTO step_result (submission_id, step_id, content, score)
     SELECT s.id, $2, jsonb_build_object(
              'stepId', $3::text,
              'sdg', jsonb_build_array(1 + s.i % 17, 1 + (s.i * 3 + 1) % 17),
              'budget', 10000 + (s.i % 90) * 1000, 'budgetSpent', null, 'maxOutcome', 4, 'maxSdg', 4, 'isSdgEnabled', true,
              'selectedOutcomes', (
                SELECT jsonb_agg(jsonb_build_object(
                         'outcomeId', md5('outcome' || ((s.i + k * 7) % 60))::uuid, 'outcomeName', 'Outcome ' || ((s.i + k * 7) % 60),
                         'sdg', 1 + ((s.i + k * 7) % 60) % 17, 'stakeholderId', md5('stakeholder')::uuid, 'stakeholderName', 'Young people',
                         'indicators', (
                           SELECT jsonb_agg(jsonb_build_object(
                                    'indicatorId', md5('indicator' || ((s.i + k * 7) % 60) || '-' || j)::uuid,
                                    'indicatorName', 'Indicator ' || ((s.i + k * 7) % 60) || '.' || j, 'indicatorTargetValue', 100 + j,
                                    'proxyId', md5('proxy' || j)::uuid, 'proxyName', 'Proxy ' || j, 'proxyValue', 25.5))
                             FROM generate_series(1, 2) j)))
                  FROM generate_series(0, 2) k)),
            ((s.i * 13) % 97) / 8.0
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM call_submission WHERE call_id = $1) s WHERE s.i % 10 < 7`,
    [callId, impact, impact],
  );
  // What the miniDyi save keeps for each submission (SubmissionRepository.keepImpactFacts), from the same domain rule.
  const { impactFacts } = await import('@impact-calls/domain');
  const answers = (await db.query('SELECT submission_id AS sid, content FROM step_result WHERE step_id = $1', [impact])).rows;
  const facts = answers.map(({ sid, content }) => ({ sid, ...impactFacts(content) }));
  await db.query(
    `INSERT INTO submission_impact (submission_id, sdgs, outcome_ids, indicator_ids, custom_outcomes, budget)
     SELECT x.sid, x."sdgs", x."outcomeIds", x."indicatorIds", x."customOutcomes", x.budget
       FROM jsonb_to_recordset($1::jsonb) AS x(sid uuid, "sdgs" smallint[], "outcomeIds" text[], "indicatorIds" text[], "customOutcomes" int, budget float8)`,
    [JSON.stringify(facts)],
  );
  await db.query('ANALYZE call_submission; ANALYZE step_result; ANALYZE organization; ANALYZE submission_impact');
  return callId;
}

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const callId = await seed(db);
  const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);
  const [{ id: adminId }] = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'Admin', '{admin}', 'bench', $2) RETURNING id`,
      [`bench-dash-admin-${Date.now()}@example.org`, randomUUID()],
    )
  ).rows;
  await db.end();
  const headers = { Authorization: `Bearer ${await accessToken(product.jwtSecret(), product.url, adminId, databaseUrl)}` };
  const sql = await sqlModule();
  const where = sql.scopeWhere(true);
  const params = ['all', callId];
  // The product's three statements as one, on a bare node:http + pg server.
  const baselineSql = `SELECT (SELECT row_to_json(a) FROM (${sql.submissionFiguresSql(where)}) a) AS submissions,
                              (SELECT row_to_json(b) FROM (${sql.impactFiguresSql(where)}) b) AS impact,
                              (SELECT json_agg(c) FROM (${sql.funnelSql(where)}) c) AS funnel`;
  return { headers, callId, seedSeconds, baselineRoutes: { '/api/admin/dashboard/portfolio': { sql: baselineSql, params, single: true } } };
}

/** One dashboard computed afresh (no cache), timed from the outside. */
async function timeOnce(url, headers) {
  const t = performance.now();
  const res = await fetch(url, { headers: { ...BROWSER_HEADERS, ...headers } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`dashboard: ${res.status}`);
  return Math.round(performance.now() - t);
}

export async function run({ product, baseline, headers, callId, seedSeconds, databaseUrl }) {
  const path = `/api/admin/dashboard/portfolio?callId=${callId}`;
  // Cold: the first request of each state computes it (the figures are kept per call and state).
  const cold = {};
  for (const state of ['all', 'closed', 'open']) cold[state] = await timeOnce(`${product.url}${path}&state=${state}`, headers);
  // A submission of the call changes before each of these: the dashboard is computed again.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const afterWrite = [];
  for (let i = 0; i < 3; i++) {
    await db.query(
      `UPDATE call_submission SET quiz_score = $2, version = version + 1 WHERE id = (SELECT id FROM call_submission WHERE call_id = $1 AND closed ORDER BY id LIMIT 1)`,
      [callId, i % 2 ? 0.15 : 0.95],
    );
    afterWrite.push(await timeOnce(`${product.url}${path}`, headers));
  }
  await db.end();
  const p = await load(`${product.url}${path}`, { connections: CONNECTIONS, headers });
  const b = await load(`${baseline.url}/api/admin/dashboard/portfolio`, { connections: CONNECTIONS });
  // The statements alone, one request at a time (no concurrency).
  const serial = [];
  for (let i = 0; i < 5; i++) serial.push(await timeOnce(`${baseline.url}/api/admin/dashboard/portfolio`, {}));
  return {
    [`seed ${SUBMISSIONS} submissions`]: { seconds: seedSeconds },
    'first request per state, computed (ms)': cold,
    'right after a submission changes, computed (ms)': afterWrite,
    [`GET ${path.split('?')[0]} (one call, ${SUBMISSIONS.toLocaleString('en')} submissions, ${CONNECTIONS} connections)`]: {
      product: p,
      baseline: b,
      // null: no baseline request finished within the run (each takes seconds on a loaded machine).
      ratio: b.requestsPerSecond ? +(p.requestsPerSecond / b.requestsPerSecond).toFixed(2) : null,
    },
    'baseline statements, one request at a time (ms)': serial,
  };
}
