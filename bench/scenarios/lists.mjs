// Issue 19: the console's submissions list at 100,000 submissions, 25-row pages at 10
// connections, for each sort, filter and search the list offers (target: p99 under 100 ms per
// page). Each page is measured on the product and, side by side, on the bare node:http + pg
// baseline running a plain statement for the same page (the four-table join, the same WHERE and
// ORDER BY, LIMIT 25, no count): what one statement costs without the framework.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { accessToken, BROWSER_HEADERS, loadFigures } from '../lib.mjs';

export const name = 'lists';
const SUBMISSIONS = 100_000;
const CALLS = 20;
const ORGANIZATIONS = SUBMISSIONS / CALLS;
const USERS = 2_000;
const CONNECTIONS = 10;
const WARM_UP = 1;
const SECONDS = 4;

const WORDS = ['Verde', 'Città', 'Solidale', 'Futuro', 'Comunità', 'Énergie', 'Libre', 'Aurora', 'Ponte', 'Mare', 'Sole', 'Terra'];

/**
 * 20 calls, 5,000 organizations (names of two words out of twelve, some accented), each in
 * every call, 2,000 applicant users: 100,000 submissions, 60% closed, 70% submitted, opened
 * over 55 days, quiz and SROI scores on most.
 */
export async function seed(db) {
  const run = Date.now();
  const day = 86_400_000;
  const [{ id: typeId }] = (await db.query(`INSERT INTO call_type (name) VALUES ($1) RETURNING id`, [`Lists bench ${run}`])).rows;
  const opening = new Date(run - 60 * day);
  await db.query(
    `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject)
     SELECT 'applicant' || g || '.' || $1 || '@' || (ARRAY['example.org','esempio.it','exemple.fr'])[1 + g % 3], 'Bench', 'User ' || g, '{}', 'bench-lists', md5($1 || '-' || g)
       FROM generate_series(1, $2::int) g`,
    [run, USERS],
  );
  await db.query(
    `INSERT INTO call (name, call_type_id, opening_at, closing_at)
     SELECT 'Bando ' || (ARRAY['Inclusione','Ambiente','Cultura','Salute','Educazione'])[1 + g % 5] || ' ' || $3 || '-' || g, $1, $2::timestamptz, $2::timestamptz + interval '90 days'
       FROM generate_series(1, $4::int) g`,
    [typeId, opening, run, CALLS],
  );
  await db.query(
    `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data)
     SELECT 'Associazione ' || w[1 + i % 12] || ' ' || w[1 + (i / 12) % 12] || ' ' || i, 'IT' || lpad(i::text, 9, '0'), 'Via Roma ' || i,
            'City ' || (i % 40), 'Italy', 'Anna', 'Rossi', 'President', 'org' || i || '.' || $3 || '@example.org', true
       FROM generate_series(1, $1::int) i, (SELECT $2::text[] AS w) words`,
    [ORGANIZATIONS, WORDS, run],
  );
  await db.query(
    `INSERT INTO call_submission (call_id, organization_id, user_id, code, closed, opened_at, submitted_at, last_submitted_at, closed_at, quiz_score, sroi_score)
     SELECT c.id, o.id, u.id, 'L' || $2 || '-' || (c.n * $3 + o.n),
            x % 10 < 6,
            $1::timestamptz + (x % 55) * interval '1 day' + (x % 86400) * interval '1 second',
            CASE WHEN x % 10 < 7 THEN $1::timestamptz + (x % 55 + x % 5) * interval '1 day' + (x % 7200) * interval '1 second' END,
            CASE WHEN x % 10 < 7 THEN $1::timestamptz + (x % 55 + x % 5) * interval '1 day' + (x % 7200) * interval '1 second' END,
            CASE WHEN x % 10 < 6 THEN $1::timestamptz + (x % 55 + x % 5) * interval '1 day' + (x % 7200) * interval '1 second' END,
            CASE WHEN x % 10 < 6 THEN ((x * 7) % 101) / 100.0 END,
            CASE WHEN x % 10 < 7 THEN ((x * 13) % 97) / 8.0 END
       FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM call WHERE call_type_id = $4) c
      CROSS JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM organization WHERE contact_email LIKE '%.' || $2 || '@example.org') o
      CROSS JOIN LATERAL (SELECT (c.n * 7919 + o.n * 104729) % 1000003 AS x) h
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM app_user WHERE issuer = 'bench-lists') u ON u.n = (o.n + c.n) % $5`,
    [opening, run, ORGANIZATIONS, typeId, USERS],
  );
  await db.query('ANALYZE call_submission; ANALYZE organization; ANALYZE call; ANALYZE app_user');
  const some = (
    await db.query(`SELECT call_id, organization_id FROM call_submission WHERE code LIKE $1 ORDER BY code LIMIT 1`, [`L${run}-%`])
  ).rows[0];
  return { run, opening, callId: some.call_id, organizationId: some.organization_id };
}

const PLAIN_SELECT = `SELECT s.id, s.code, s.call_id AS "callId", c.name AS "callName", s.organization_id AS "organizationId", o.name AS "organizationName",
  u.email AS "userEmail", s.closed, s.opened_at AS "openedAt", s.submitted_at AS "submittedAt", s.last_submitted_at AS "lastSubmittedAt",
  s.closed_at AS "closedAt", s.quiz_score AS "quizScore", s.sroi_score AS "sroiScore"
  FROM call_submission s JOIN call c ON c.id = s.call_id JOIN organization o ON o.id = s.organization_id JOIN app_user u ON u.id = s.user_id`;
const COLUMN = {
  code: 's.code',
  callName: 'c.name',
  organizationName: 'o.name',
  status: 's.closed',
  openedAt: 's.opened_at',
  submittedAt: 's.submitted_at',
  lastSubmittedAt: 's.last_submitted_at',
  closedAt: 's.closed_at',
  quizScore: 's.quiz_score',
  sroiScore: 's.sroi_score',
};

/** The pages measured: [label, sort, filter, plain WHERE, its parameters]. */
function pages({ opening, callId, organizationId }) {
  const day = 86_400_000;
  const from = new Date(opening.getTime() + 10 * day).toISOString();
  const to = new Date(opening.getTime() + 17 * day).toISOString();
  const list = [];
  for (const field of Object.keys(COLUMN)) {
    for (const order of field === 'openedAt' ? ['DESC', 'ASC'] : ['ASC', 'DESC']) {
      list.push([`sort ${field} ${order}`, [field, order], {}, '', []]);
    }
  }
  list.push(['page 100 (rows 2475-2499), openedAt DESC', ['openedAt', 'DESC'], {}, '', [], [2475, 2499]]);
  list.push(['filter callId', ['openedAt', 'DESC'], { callId }, 's.call_id = $1', [callId]]);
  list.push(['filter organizationId', ['openedAt', 'DESC'], { organizationId }, 's.organization_id = $1', [organizationId]]);
  list.push(['filter status closed', ['openedAt', 'DESC'], { status: 'closed' }, 's.closed', []]);
  list.push(['filter status open', ['openedAt', 'DESC'], { status: 'open' }, 'NOT s.closed', []]);
  list.push([
    'filter opened one week',
    ['openedAt', 'DESC'],
    { openedFrom: from, openedTo: to },
    's.opened_at >= $1 AND s.opened_at <= $2',
    [from, to],
  ]);
  list.push([
    'filter submitted one week',
    ['submittedAt', 'DESC'],
    { submittedFrom: from, submittedTo: to },
    's.submitted_at >= $1 AND s.submitted_at <= $2',
    [from, to],
  ]);
  const search = () => `(o.name ILIKE $1 OR s.code ILIKE $1 OR c.name ILIKE $1 OR u.email ILIKE $1)`;
  for (const q of ['verde futuro', 'città', 'ÉNERGIE', 'applicant1234.', 'esempio.it', 'Ambiente', '-4242']) {
    list.push([`search "${q}"`, ['openedAt', 'DESC'], { q }, search(), [`%${q}%`]]);
  }
  list.push([
    'search "comunità" + status closed, by organizationName',
    ['organizationName', 'ASC'],
    { q: 'comunità', status: 'closed' },
    `${search()} AND s.closed`,
    ['%comunità%'],
  ]);
  return list;
}

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const seeded = await seed(db);
  const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);
  const [{ id: adminId }] = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'Admin', '{admin}', 'bench', $2) RETURNING id`,
      [`bench-lists-admin-${Date.now()}@example.org`, randomUUID()],
    )
  ).rows;
  await db.end();
  const headers = { Authorization: `Bearer ${await accessToken(product.jwtSecret(), product.url, adminId, databaseUrl)}` };
  const measured = pages(seeded).map(([label, sort, filter, where, params, range = [0, 24]], i) => {
    const [field, order] = sort;
    const nulls = order === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST';
    const sql = `${PLAIN_SELECT} ${where ? `WHERE ${where}` : ''} ORDER BY ${COLUMN[field]} ${order} ${nulls}, s.id ASC OFFSET ${range[0]} LIMIT ${range[1] - range[0] + 1}`;
    const query = `range=${encodeURIComponent(JSON.stringify(range))}&sort=${encodeURIComponent(JSON.stringify(sort))}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
    return { label, path: `/api/admin/submissions?${query}`, baselinePath: `/page-${i}`, sql, params };
  });
  const baselineRoutes = Object.fromEntries(measured.map((m) => [m.baselinePath, { sql: m.sql, params: m.params }]));
  return { headers, seedSeconds, measured, baselineRoutes };
}

async function measure(url, headers = {}) {
  const options = { url, connections: CONNECTIONS, headers: { ...BROWSER_HEADERS, ...headers } };
  await autocannon({ ...options, duration: WARM_UP });
  return loadFigures(await autocannon({ ...options, duration: SECONDS }));
}

export async function run({ product, baseline, headers, measured, seedSeconds }) {
  const out = { [`seed ${SUBMISSIONS} submissions`]: { seconds: seedSeconds } };
  for (const m of measured) {
    // The page answers what it should before it is timed.
    const res = await fetch(product.url + m.path, { headers });
    const rows = await res.json();
    if (!res.ok || !Array.isArray(rows)) throw new Error(`${m.label}: ${res.status} ${JSON.stringify(rows).slice(0, 200)}`);
    const p = await measure(product.url + m.path, headers);
    const b = await measure(baseline.url + m.baselinePath);
    out[`${m.label} (${rows.length} rows of ${res.headers.get('content-range')?.split('/')[1]})`] = {
      product: p,
      baseline: b,
      ratio: b.requestsPerSecond ? +(p.requestsPerSecond / b.requestsPerSecond).toFixed(2) : null,
    };
  }
  return out;
}
