// Issue 31: the review of a call of 10,000 submitted applications by 100 reviewers, 3 reviews each.
// - Automatic assignment of 10,000 x 3 to 100 reviewers (POST .../assignments/automatic): wall
//   time (target under 5 s) and balance (maxLoad - minLoad <= 1), then the same run again (it
//   must change nothing). Then every review is filled with SQL: submitted, random scores.
// - The ranked list (GET .../applications), 25-row pages at 10 connections, for every sort field
//   ASC and DESC on the first and the last page, and each filter (target: p99 under 100 ms per
//   page). Side by side: the bare baseline running the page as one ranking statement (CTE, WHERE,
//   ORDER BY, OFFSET, LIMIT and window count), what each page cost before the product kept the
//   call's ranked list by data version.
// - Score autosave (PUT /api/reviews/assignments/{id}/review) at 50 connections, closed loop:
//   50 reviewers, each saving their own assignments in turn with the version the last save
//   answered (target: p99 under 50 ms); then paced as people type (one save every 500 ms each).
//   Baseline: the bare server running the UPDATE on a random review. The write rate limits are
//   raised for this product: a reviewer's closed loop would otherwise be refused (240 writes a
//   minute) and the figures would be of 429s.
// - Decisions: 10,000 set in one PUT, then released (POST .../release): wall time of the release
//   (target under 10 s: the 10,000 messages queued, not sent).
// Each one-shot request is timed beside its writes in plain SQL (rolled back), with the product's
// and PostgreSQL's CPU and the statements seen running (pg_stat_activity sampled every 20 ms).
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { accessToken, BROWSER_HEADERS, load, loadFigures } from '../lib.mjs';
import { backendsCpu, client, cpuMs, stats } from './submissions.mjs';

export const name = 'review';
const APPLICATIONS = 10_000;
const REVIEWERS = 100;
const PER_APPLICATION = 3;
const LIST_CONNECTIONS = 10;
const LIST_WARM_UP = 1;
const LIST_SECONDS = 4;
const SAVE_CONNECTIONS = 50;
const SAVE_WARM_UP = 4;
const SAVE_SECONDS = 10;
const PACED_INTERVAL_MS = 500;
const PACED_SECONDS = 10;
const PAGE = 25;
const GOALS = { assignSeconds: 5, listP99Ms: 100, saveP99Ms: 50, releaseSeconds: 10 };

const WORDS = ['Verde', 'Città', 'Solidale', 'Futuro', 'Comunità', 'Énergie', 'Libre', 'Aurora', 'Ponte', 'Mare', 'Sole', 'Terra'];
const CRITERIA = [
  { name: 'Impact', weight: 2 },
  { name: 'Feasibility', weight: 1 },
  { name: 'Budget', weight: 1 },
];

/** Writes above a reviewer's closed loop: the limiter still counts every request. */
export async function before() {
  return { env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_IP_PER_MINUTE: '1000000' } };
}

/**
 * A call (phase in force: not blind, may score, may decide; 3 reviews per application; a rubric
 * of 3 criteria 0-10), 10,000 organizations each with its applicant and a submitted application,
 * 100 reviewer users on another mail domain (no conflict), and an administrator.
 */
async function seed(db) {
  const run = Date.now();
  const day = 86_400_000;
  const [{ id: typeId }] = (await db.query(`INSERT INTO call_type (name) VALUES ($1) RETURNING id`, [`Review bench ${run}`])).rows;
  const [{ id: callId }] = (
    await db.query(`INSERT INTO call (name, call_type_id, opening_at, closing_at) VALUES ($1, $2, $3, $4) RETURNING id`, [
      `Review bench ${run}`,
      typeId,
      new Date(run - 90 * day),
      new Date(run - 5 * day),
    ])
  ).rows;
  await db.query(
    `INSERT INTO review_settings (call_id, reviews_per_application, aggregate, disagreement_threshold) VALUES ($1, $2, 'mean', 30)`,
    [callId, PER_APPLICATION],
  );
  await db.query(
    `INSERT INTO review_phase (call_id, name, starts_at, ends_at, may_score, see_others, blind, may_decide)
     VALUES ($1, 'Scoring', now() - interval '1 day', now() + interval '7 days', true, 'after-own', false, true)`,
    [callId],
  );
  const criteria = [];
  for (const [position, c] of CRITERIA.entries())
    criteria.push(
      (
        await db.query(
          `INSERT INTO review_criterion (call_id, position, name, guidance, min_score, max_score, step, weight, required)
           VALUES ($1, $2, $3, $4, 0, 10, 1, $5, true) RETURNING id`,
          [callId, position, c.name, JSON.stringify({ en: `How good is the ${c.name.toLowerCase()}` }), c.weight],
        )
      ).rows[0].id,
    );
  await db.query(
    `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject, language)
     SELECT 'applicant' || g || '.' || $1 || '@example.org', 'Bench', 'Applicant ' || g, '{}', 'bench-review', md5($1 || '-a-' || g),
            (ARRAY['it','en','fr'])[1 + g % 3]
       FROM generate_series(1, $2::int) g`,
    [run, APPLICATIONS],
  );
  await db.query(
    `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data, created_by_id)
     SELECT 'Associazione ' || w[1 + g % 12] || ' ' || w[1 + (g / 12) % 12] || ' ' || g, 'IT' || lpad(g::text, 9, '0'), 'Via Roma ' || g,
            'City ' || (g % 40), 'Italy', 'Anna', 'Rossi', 'President', 'org' || g || '.' || $1 || '@example.org', true, u.id
       FROM generate_series(1, $2::int) g
       JOIN app_user u ON u.email = 'applicant' || g || '.' || $1 || '@example.org', (SELECT $3::text[] AS w) words`,
    [run, APPLICATIONS, WORDS],
  );
  await db.query(
    `INSERT INTO call_submission (call_id, organization_id, user_id, code, closed, opened_at, submitted_at, last_submitted_at, closed_at)
     SELECT $1, o.id, o.created_by_id, 'RV' || $2 || '-' || lpad(n::text, 5, '0'), true,
            $3::timestamptz + (n % 60) * interval '1 day', $3::timestamptz + (n % 60 + 1) * interval '1 day' + (n % 86400) * interval '1 second',
            $3::timestamptz + (n % 60 + 1) * interval '1 day' + (n % 86400) * interval '1 second',
            $3::timestamptz + (n % 60 + 1) * interval '1 day' + (n % 86400) * interval '1 second'
       FROM (SELECT id, created_by_id, row_number() OVER (ORDER BY id) AS n FROM organization WHERE contact_email LIKE '%.' || $2 || '@example.org') o`,
    [callId, String(run), new Date(run - 90 * day)],
  );
  const reviewerUsers = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject)
       SELECT 'reviewer' || g || '.' || $1 || '@panel.example', 'Reviewer', 'N' || g, '{}', 'bench-review', md5($1 || '-r-' || g)
         FROM generate_series(1, $2::int) g
       RETURNING id, email`,
      [run, REVIEWERS],
    )
  ).rows;
  await db.query(`INSERT INTO call_reviewer (call_id, user_id, email) SELECT $1, u, e FROM unnest($2::uuid[], $3::text[]) AS t(u, e)`, [
    callId,
    reviewerUsers.map((u) => u.id),
    reviewerUsers.map((u) => u.email),
  ]);
  const [{ id: adminId }] = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'Admin', '{admin}', 'bench', $2) RETURNING id`,
      [`bench-review-admin-${run}@example.org`, randomUUID()],
    )
  ).rows;
  await db.query('ANALYZE call_submission; ANALYZE organization; ANALYZE app_user; ANALYZE call_reviewer');
  return { run, callId, criteria, reviewerUsers, adminId };
}

/** A page of the ranked list as one plain statement (what review.repository.ts ran per page before the kept list). */
const RANKED = `WITH figures AS (
  SELECT s.id, s.code, o.name AS organization_name, s.submitted_at,
         coalesce(rs.reviews_done, 0) AS reviews_done, coalesce(rs.reviews_assigned, 0) AS reviews_assigned,
         rs.mean AS score, rs.spread, d.decision, d.released_at
    FROM call_submission s
    JOIN organization o ON o.id = s.organization_id
    LEFT JOIN review_summary rs ON rs.submission_id = s.id
    LEFT JOIN review_decision d ON d.submission_id = s.id
   WHERE s.call_id = $1 AND s.closed = true
), ranked AS (
  SELECT *, CASE WHEN score IS NULL THEN NULL ELSE rank() OVER (ORDER BY score DESC NULLS LAST) END::int AS rank FROM figures
)
SELECT *, count(*) OVER ()::int AS total FROM ranked`;
const COLUMN = {
  rank: 'rank',
  score: 'score',
  spread: 'spread',
  reviewsDone: 'reviews_done',
  code: 'code',
  organizationName: 'organization_name',
  submittedAt: 'submitted_at',
  decision: 'decision',
};

/** The pages measured: [label, sort, filter, plain WHERE (after $1, the call), its parameters, range]. */
function pages() {
  const last = [APPLICATIONS - PAGE, APPLICATIONS - 1];
  const list = [];
  for (const field of Object.keys(COLUMN))
    for (const order of ['ASC', 'DESC']) {
      list.push([`sort ${field} ${order}, first page`, [field, order], {}, '', [], [0, PAGE - 1]]);
      list.push([`sort ${field} ${order}, last page`, [field, order], {}, '', [], last]);
    }
  list.push([
    'filter q "verde"',
    ['rank', 'ASC'],
    { q: 'verde' },
    `(lower(code) LIKE $2 OR lower(organization_name) LIKE $2)`,
    ['%verde%'],
  ]);
  list.push(['filter decision approved', ['rank', 'ASC'], { decision: 'approved' }, 'decision = $2', ['approved']]);
  list.push(['filter decision none', ['rank', 'ASC'], { decision: 'none' }, 'decision IS NULL', []]);
  list.push(['filter disagreement', ['rank', 'ASC'], { disagreement: true }, 'spread > 30', []]);
  list.push([
    'filter reviews complete',
    ['rank', 'ASC'],
    { reviews: 'complete' },
    'reviews_assigned > 0 AND reviews_done = reviews_assigned',
    [],
  ]);
  return list;
}

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const seeded = await seed(db);
  const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);
  await db.end();
  const secret = product.jwtSecret();
  const headers = {
    Authorization: `Bearer ${await accessToken(secret, product.url, seeded.adminId, databaseUrl)}`,
    'Content-Type': 'application/json',
  };
  const reviewers = [];
  for (const u of seeded.reviewerUsers)
    reviewers.push({ userId: u.id, headers: { Authorization: `Bearer ${await accessToken(secret, product.url, u.id, databaseUrl)}` } });

  const measured = pages().map(([label, sort, filter, where, params, range = [0, PAGE - 1]], i) => {
    const [field, order] = sort;
    const sql = `${RANKED} ${where ? `WHERE ${where}` : ''} ORDER BY ${COLUMN[field]} ${order} NULLS LAST, code OFFSET ${range[0]} LIMIT ${range[1] - range[0] + 1}`;
    const query = `range=${encodeURIComponent(JSON.stringify(range))}&sort=${encodeURIComponent(JSON.stringify(sort))}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
    return {
      label,
      path: `/api/admin/reviews/calls/${seeded.callId}/applications?${query}`,
      baselinePath: `/page-${i}`,
      sql,
      params: [seeded.callId, ...params],
    };
  });
  // The baseline's save: one UPDATE of a random assignment (filled once they exist), parameters drawn per request.
  const saveIds = [];
  const saveRoute = {
    sql: `UPDATE review SET scores = $1::jsonb, score = $2, recommendation = 'fund', comment_panel = $3, version = version + 1, saved_at = now()
           WHERE id = $4 RETURNING id, scores, score, recommendation, comment_applicant, comment_panel, abstained, abstain_reason, version, saved_at, submitted_at`,
    get params() {
      const [a, b, c] = [rnd(11), rnd(11), rnd(11)];
      return [
        JSON.stringify({ [seeded.criteria[0]]: a, [seeded.criteria[1]]: b, [seeded.criteria[2]]: c }),
        Math.round(((2 * a + b + c) / 40) * 10000) / 100,
        `Panel note ${a}${b}${c}`,
        saveIds[rnd(saveIds.length)],
      ];
    },
    single: true,
  };
  const baselineRoutes = Object.fromEntries([
    ...measured.map((m) => [m.baselinePath, { sql: m.sql, params: m.params }]),
    ['/save', saveRoute],
  ]);
  return { ...seeded, headers, reviewers, measured, seedSeconds, baselineRoutes, saveIds };
}

const rnd = (n) => Math.floor(Math.random() * n);
const seconds = (ms) => +(ms / 1000).toFixed(2);

/**
 * Times one request of the product (wall, the product's CPU, PostgreSQL's CPU) while sampling the
 * statements running on the database every 20 ms: answers the figures, the top statements (ms
 * seen running, approximately) and the parsed answer.
 */
async function oneShot(product, databaseUrl, method, path, headers, body) {
  const sampler = new pg.Client({ connectionString: databaseUrl });
  await sampler.connect();
  const seen = new Map();
  let sampling = true;
  let last = performance.now();
  const sampling$ = (async () => {
    while (sampling) {
      const { rows } = await sampler.query(
        `SELECT regexp_replace(left(query, 160), '\\s+', ' ', 'g') AS q, wait_event_type AS w FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      const now = performance.now();
      for (const r of rows) {
        const key = `${r.q}${r.w ? ` [wait ${r.w}]` : ''}`;
        seen.set(key, (seen.get(key) ?? 0) + (now - last));
      }
      last = now;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const cpu0 = cpuMs(product.pid);
  const pg0 = await backendsCpu(databaseUrl);
  const t0 = performance.now();
  const res = await fetch(product.url + path, {
    method,
    headers: { ...BROWSER_HEADERS, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const wallMs = performance.now() - t0;
  const productCpuMs = cpuMs(product.pid) - cpu0;
  const pg1 = await backendsCpu(databaseUrl);
  sampling = false;
  await sampling$;
  await sampler.end();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  const postgresCpuMs = [...pg1].reduce((sum, [pid, ms]) => sum + ms - (pg0.get(pid) ?? 0), 0);
  const statements = [...seen.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([q, ms]) => `${Math.round(ms)} ms: ${q}`);
  return {
    figures: { seconds: seconds(wallMs), productCpuMs: Math.round(productCpuMs), postgresCpuMs: Math.round(postgresCpuMs), statements },
    body: text ? JSON.parse(text) : null,
  };
}

/** `statements` in one transaction, rolled back: what the writes cost in plain SQL. */
async function plainWrites(databaseUrl, statements) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const t0 = performance.now();
  await db.query('BEGIN');
  const rows = [];
  for (const [sql, params] of statements) rows.push((await db.query(sql, params)).rowCount);
  const ms = performance.now() - t0;
  await db.query('ROLLBACK');
  await db.query('VACUUM ANALYZE review, review_event, review_decision, message, call_submission');
  await db.end();
  return { seconds: seconds(ms), rows };
}

async function measurePage(url, headers = {}) {
  const options = { url, connections: LIST_CONNECTIONS, headers: { ...BROWSER_HEADERS, ...headers } };
  await autocannon({ ...options, duration: LIST_WARM_UP });
  return loadFigures(await autocannon({ ...options, duration: LIST_SECONDS }));
}

/** A reviewer's save of assignment `a`: three scores, a recommendation, comments, the version last answered. */
function saveBody(a, criteria, n) {
  return {
    version: a.version,
    scores: { [criteria[0]]: rnd(11), [criteria[1]]: rnd(11), [criteria[2]]: rnd(11) },
    recommendation: 'fund',
    commentApplicant: 'Clear goals; the budget could be more detailed.',
    commentPanel: `Panel note, save ${n}: strong partners, measurable outcomes.`,
    abstained: false,
    abstainReason: '',
  };
}

/**
 * Closed loop: each reviewer saves their assignments in turn, one save in flight, for `ms`
 * (every reviewer its own connection); answers the save latencies and errors.
 */
async function closedLoopSaves(product, reviewers, criteria, ms) {
  const http = client(product.url, reviewers.length);
  const end = performance.now() + ms;
  let n = 0;
  await Promise.all(
    reviewers.map(async (r) => {
      for (let i = 0; performance.now() < end; i++) {
        const a = r.assignments[i % r.assignments.length];
        const saved = await http.send('save', 'PUT', `/api/reviews/assignments/${a.id}/review`, r.headers, saveBody(a, criteria, n++));
        if (saved) a.version = saved.version;
        else a.version = await currentVersion(http, r, a);
      }
    }),
  );
  http.close();
  return { latencies: http.latencies.save ?? [], errors: http.errors };
}

/** After a refused save: the version the workspace shows now. */
async function currentVersion(http, r, a) {
  const ws = await http.send('reread', 'GET', `/api/reviews/assignments/${a.id}`, r.headers);
  return ws?.review.version ?? a.version;
}

/** Paced: each reviewer saves every `interval` ms, as an autosave while typing; latency from when the save was due. */
async function pacedSaves(product, reviewers, criteria, interval, ms) {
  const http = client(product.url, reviewers.length);
  const t0 = performance.now() + 20;
  let n = 0;
  await Promise.all(
    reviewers.map(async (r, j) => {
      const offset = (j * interval) / reviewers.length;
      for (let k = 0; offset + k * interval < ms; k++) {
        const due = t0 + offset + k * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((res) => setTimeout(res, wait));
        const a = r.assignments[k % r.assignments.length];
        const saved = await http.send('save', 'PUT', `/api/reviews/assignments/${a.id}/review`, r.headers, saveBody(a, criteria, n++), due);
        if (saved) a.version = saved.version;
        else a.version = await currentVersion(http, r, a);
      }
    }),
  );
  http.close();
  return { latencies: http.latencies.save ?? [], errors: http.errors };
}

export async function run({ product, baseline, databaseUrl, headers, reviewers, measured, seedSeconds, callId, criteria, saveIds }) {
  const out = { [`seed ${APPLICATIONS} applications, ${REVIEWERS} reviewers`]: { seconds: seedSeconds } };
  const goals = {};
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const reviewerIds = (await db.query(`SELECT id FROM call_reviewer WHERE call_id = $1 ORDER BY created_at, id`, [callId])).rows.map(
    (r) => r.id,
  );

  // 1. Automatic assignment. First its writes in plain SQL (rolled back): reviewer (3n + k) mod 100 on the n-th application.
  const plainAssign = await plainWrites(databaseUrl, [
    [
      `INSERT INTO review (call_id, submission_id, reviewer_id, source, assigned_by_id)
       SELECT $1, s.id, ($2::uuid[])[1 + ((s.n * ${PER_APPLICATION} + k) % ${REVIEWERS})], 'auto', NULL
         FROM (SELECT id, row_number() OVER (ORDER BY submitted_at, id) - 1 AS n FROM call_submission WHERE call_id = $1 AND closed) s,
              generate_series(0, ${PER_APPLICATION - 1}) k`,
      [callId, reviewerIds],
    ],
    [
      `INSERT INTO review_event (call_id, kind, actor_id, submission_id, reviewer_id) SELECT call_id, 'assigned', NULL, submission_id, reviewer_id FROM review WHERE call_id = $1`,
      [callId],
    ],
  ]);
  const assign = await oneShot(product, databaseUrl, 'POST', `/api/admin/reviews/calls/${callId}/assignments/automatic`, headers);
  const loads = (
    await db.query(
      `SELECT (SELECT min(n) FROM (SELECT count(*) n FROM review WHERE call_id = $1 GROUP BY reviewer_id) a) AS min,
              (SELECT max(n) FROM (SELECT count(*) n FROM review WHERE call_id = $1 GROUP BY reviewer_id) a) AS max,
              (SELECT count(*) FROM review WHERE call_id = $1)::int AS total,
              (SELECT count(*) FROM (SELECT submission_id FROM review WHERE call_id = $1 GROUP BY submission_id HAVING count(*) <> ${PER_APPLICATION}) x)::int AS wrong,
              (SELECT count(DISTINCT reviewer_id) FROM review WHERE call_id = $1)::int AS reviewers`,
      [callId],
    )
  ).rows[0];
  const again = await oneShot(product, databaseUrl, 'POST', `/api/admin/reviews/calls/${callId}/assignments/automatic`, headers);
  const balance = assign.body.maxLoad - assign.body.minLoad;
  out[`automatic assignment ${APPLICATIONS} x ${PER_APPLICATION} to ${REVIEWERS} reviewers`] = {
    request: assign.figures,
    answer: assign.body,
    rows: {
      reviews: loads.total,
      applicationsWithout3: loads.wrong,
      reviewers: loads.reviewers,
      minLoad: Number(loads.min),
      maxLoad: Number(loads.max),
    },
    baselinePlainWrites: plainAssign,
  };
  out['automatic assignment again (nothing to change)'] = { request: again.figures, answer: again.body };
  goals['automatic assignment (s)'] = {
    value: assign.figures.seconds,
    goal: `< ${GOALS.assignSeconds}`,
    met: assign.figures.seconds < GOALS.assignSeconds,
  };
  goals['assignment balance (maxLoad - minLoad)'] = {
    value: balance,
    goal: '<= 1',
    met: balance <= 1 && loads.total === APPLICATIONS * PER_APPLICATION && loads.wrong === 0,
  };

  // Every review filled, as reviewers would have: submitted, random scores, the weighted score 0..100; a third decided (pending).
  const fill0 = performance.now();
  await db.query(
    `UPDATE review r SET scores = jsonb_build_object($2::text, x.a, $3::text, x.b, $4::text, x.c),
            score = round(((2 * x.a + x.b + x.c) / 40.0 * 100)::numeric, 2),
            recommendation = (ARRAY['fund','maybe','do-not-fund'])[1 + (x.a + x.b) % 3],
            comment_applicant = 'The project is clear; consider a wider partnership.', comment_panel = 'Solid.',
            version = r.version + 2, saved_at = now(), submitted_at = now()
       FROM (SELECT id, floor(random() * 11)::int AS a, floor(random() * 11)::int AS b, floor(random() * 11)::int AS c FROM review WHERE call_id = $1) x
      WHERE r.id = x.id`,
    [callId, ...criteria],
  );
  // Each application's figures, as the product rewrites them with every change to its reviews (review-summary-refresh).
  await db.query(
    `INSERT INTO review_summary (submission_id, call_id, reviews_assigned, reviews_done, mean, median, spread)
     SELECT s.id, s.call_id, count(r.id), count(r.id) FILTER (WHERE r.submitted_at IS NOT NULL),
            avg(r.score) FILTER (WHERE r.submitted_at IS NOT NULL AND NOT r.abstained),
            percentile_cont(0.5) WITHIN GROUP (ORDER BY r.score) FILTER (WHERE r.submitted_at IS NOT NULL AND NOT r.abstained),
            max(r.score) FILTER (WHERE r.submitted_at IS NOT NULL AND NOT r.abstained) - min(r.score) FILTER (WHERE r.submitted_at IS NOT NULL AND NOT r.abstained)
       FROM call_submission s LEFT JOIN review r ON r.submission_id = s.id
      WHERE s.call_id = $1 AND s.closed GROUP BY s.id, s.call_id
     ON CONFLICT (submission_id) DO UPDATE SET reviews_assigned = excluded.reviews_assigned, reviews_done = excluded.reviews_done,
            mean = excluded.mean, median = excluded.median, spread = excluded.spread`,
    [callId],
  );
  await db.query(
    `INSERT INTO review_decision (submission_id, call_id, decision)
     SELECT id, call_id, (ARRAY['shortlisted','approved','rejected','waiting-list'])[1 + n % 4]
       FROM (SELECT id, call_id, row_number() OVER (ORDER BY id) AS n FROM call_submission WHERE call_id = $1 AND closed) s WHERE n % 3 = 0`,
    [callId],
  );
  await db.query('VACUUM ANALYZE review');
  await db.query('ANALYZE review_decision; ANALYZE review_summary');
  out['fill 30,000 reviews and 3,333 pending decisions (SQL)'] = { seconds: seconds(performance.now() - fill0) };

  // 2. The ranked list.
  let worstList = { p99: 0 };
  for (const m of measured) {
    const res = await fetch(product.url + m.path, { headers: { ...BROWSER_HEADERS, ...headers } });
    const rows = await res.json();
    if (!res.ok || !Array.isArray(rows)) throw new Error(`${m.label}: ${res.status} ${JSON.stringify(rows).slice(0, 200)}`);
    // One request at a time first (median of 3): the page's own latency, no queue in front of it.
    const alone = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await (await fetch(product.url + m.path, { headers: { ...BROWSER_HEADERS, ...headers } })).arrayBuffer();
      alone.push(performance.now() - t);
    }
    const p = await measurePage(product.url + m.path, headers);
    const b = await measurePage(baseline.url + m.baselinePath);
    p.aloneMs = Math.round(alone.sort((x, y) => x - y)[1]);
    const label = `ranked list at ${LIST_CONNECTIONS} connections: ${m.label} (${rows.length} rows of ${res.headers.get('content-range')?.split('/')[1]})`;
    out[label] = { product: p, baseline: b, ratio: b.requestsPerSecond ? +(p.requestsPerSecond / b.requestsPerSecond).toFixed(2) : null };
    if (p.p99 > worstList.p99) worstList = { p99: p.p99, label };
  }
  // Where a page's time goes in PostgreSQL: the plan of the statement (the baseline's, the same as the product's) for the first page by rank.
  const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${measured[0].sql}`, measured[0].params)).rows.map((r) => r['QUERY PLAN']);
  out['ranked list: plan of the first page by rank'] = { lines: plan };
  goals['ranked list p99, worst page (ms)'] = {
    value: worstList.p99,
    page: worstList.label,
    goal: `< ${GOALS.listP99Ms}`,
    met: worstList.p99 < GOALS.listP99Ms,
  };

  // 3. Score autosave: reviewers 51-100 warm up, reviewers 1-50 are measured (each its own assignments, never shared).
  const assignments = (
    await db.query(
      `SELECT r.id, r.version, v.user_id FROM review r JOIN call_reviewer v ON v.id = r.reviewer_id WHERE r.call_id = $1 ORDER BY r.submission_id`,
      [callId],
    )
  ).rows;
  for (const r of reviewers)
    r.assignments = assignments.filter((a) => a.user_id === r.userId).map((a) => ({ id: a.id, version: a.version }));
  const measuredReviewers = reviewers.slice(0, SAVE_CONNECTIONS);
  const warmReviewers = reviewers.slice(SAVE_CONNECTIONS, 2 * SAVE_CONNECTIONS);
  // The baseline writes the warm-up reviewers' assignments only: the measured ones keep the versions their reviewers hold.
  saveIds.push(...warmReviewers.flatMap((r) => r.assignments.map((a) => a.id)));
  await closedLoopSaves(product, warmReviewers, criteria, SAVE_WARM_UP * 1000);
  const cpu0 = cpuMs(product.pid);
  const pg0 = await backendsCpu(databaseUrl);
  const t0 = performance.now();
  const closed = await closedLoopSaves(product, measuredReviewers, criteria, SAVE_SECONDS * 1000);
  const closedSeconds = (performance.now() - t0) / 1000;
  const pg1 = await backendsCpu(databaseUrl);
  const savePgMs = [...pg1].reduce((sum, [pid, ms]) => sum + ms - (pg0.get(pid) ?? 0), 0);
  const closedStats = stats(closed.latencies);
  const saveBaseline = await load(`${baseline.url}/save`, {
    connections: SAVE_CONNECTIONS,
    seconds: SAVE_SECONDS,
    method: 'PUT',
    body: '{}',
  });
  out[`score autosave, closed loop at ${SAVE_CONNECTIONS} connections (${SAVE_CONNECTIONS} reviewers)`] = {
    product: {
      requestsPerSecond: Math.round(closed.latencies.length / closedSeconds),
      ...closedStats,
      errors: closed.errors.length,
      cpuMsPerRequest: +((cpuMs(product.pid) - cpu0) / Math.max(1, closed.latencies.length)).toFixed(2),
      postgresCpuMsPerRequest: +(savePgMs / Math.max(1, closed.latencies.length)).toFixed(2),
      ...(closed.errors.length ? { firstErrors: closed.errors.slice(0, 3) } : {}),
    },
    baseline: saveBaseline,
    ratio: saveBaseline.requestsPerSecond ? +(closed.latencies.length / closedSeconds / saveBaseline.requestsPerSecond).toFixed(2) : null,
  };
  const paced = await pacedSaves(product, measuredReviewers, criteria, PACED_INTERVAL_MS, PACED_SECONDS * 1000);
  out[`score autosave, paced: ${SAVE_CONNECTIONS} reviewers each saving every ${PACED_INTERVAL_MS} ms`] = {
    targetRate: (SAVE_CONNECTIONS * 1000) / PACED_INTERVAL_MS,
    ...stats(paced.latencies),
    errors: paced.errors.length,
    ...(paced.errors.length ? { firstErrors: paced.errors.slice(0, 3) } : {}),
  };
  goals[`score autosave p99 at ${SAVE_CONNECTIONS} connections (ms)`] = {
    value: closedStats.p99,
    goal: `< ${GOALS.saveP99Ms}`,
    met: closedStats.p99 < GOALS.saveP99Ms && closed.errors.length === 0,
    pacedP99: stats(paced.latencies).p99,
  };

  // 4. Decisions: 10,000 set in one request, then released at once.
  const ids = (await db.query(`SELECT id FROM call_submission WHERE call_id = $1 AND closed ORDER BY id`, [callId])).rows.map((r) => r.id);
  const plainDecide = await plainWrites(databaseUrl, [
    [
      `INSERT INTO review_decision (submission_id, call_id, decision, decided_by_id) SELECT s, $1, 'approved', NULL FROM unnest($2::uuid[]) s
       ON CONFLICT (submission_id) DO UPDATE SET decision = excluded.decision, decided_at = now() WHERE review_decision.released_at IS NULL`,
      [callId, ids],
    ],
    [
      `INSERT INTO review_event (call_id, kind, submission_id, details) SELECT $1, 'decided', s, '{"decision":"approved"}' FROM unnest($2::uuid[]) s`,
      [callId, ids],
    ],
  ]);
  const decide = await oneShot(product, databaseUrl, 'PUT', `/api/admin/reviews/calls/${callId}/decisions`, headers, {
    submissionIds: ids,
    decision: 'approved',
  });
  out[`set ${ids.length} decisions in one request`] = { request: decide.figures, answer: decide.body, baselinePlainWrites: plainDecide };

  const plainRelease = await plainWrites(databaseUrl, [
    [`UPDATE review_decision SET released_at = now() WHERE call_id = $1 AND released_at IS NULL`, [callId]],
    [
      `UPDATE call_submission s SET decision = d.decision, decision_released_at = now() FROM review_decision d WHERE d.submission_id = s.id AND d.call_id = $1`,
      [callId],
    ],
    [
      `INSERT INTO message (kind, user_id, submission_id, call_id, organization_id, dedupe_key, params)
       SELECT 'decision-' || d.decision, s.user_id, s.id, s.call_id, s.organization_id, 'decision:bench:' || s.id, NULL
         FROM review_decision d JOIN call_submission s ON s.id = d.submission_id WHERE d.call_id = $1`,
      [callId],
    ],
    [
      `INSERT INTO review_event (call_id, kind, submission_id) SELECT call_id, 'released', submission_id FROM review_decision WHERE call_id = $1`,
      [callId],
    ],
  ]);
  const messages0 = (await db.query(`SELECT count(*)::int AS n FROM message WHERE call_id = $1 AND kind LIKE 'decision-%'`, [callId]))
    .rows[0].n;
  const release = await oneShot(product, databaseUrl, 'POST', `/api/admin/reviews/calls/${callId}/release`, headers, {
    includeComments: true,
  });
  const messages = (await db.query(`SELECT count(*)::int AS n FROM message WHERE call_id = $1 AND kind LIKE 'decision-%'`, [callId]))
    .rows[0].n;
  out[`release ${ids.length} decisions (messages queued)`] = {
    request: release.figures,
    answer: release.body,
    decisionMessagesInTable: messages - messages0,
    baselinePlainWrites: plainRelease,
  };
  goals['release of 10,000 decisions (s)'] = {
    value: release.figures.seconds,
    goal: `< ${GOALS.releaseSeconds}`,
    met: release.figures.seconds < GOALS.releaseSeconds && release.body.queued === ids.length,
  };
  await db.end();
  out.goals = goals;
  for (const [k, v] of Object.entries(goals)) console.log(`goal ${k}: ${v.value} (${v.goal}) ${v.met ? 'met' : 'MISSED'}`);
  return out;
}
