// Issue 4: GET /api/Call/GetCallListUser with 1,000 calls and a user whose organization has
// submissions in 200 of them, at 50 connections, against the bare node:http + pg baseline
// running the same query (target: p99 under 100 ms, at least 40% of the baseline's
// throughput); and saving a call with 50 steps (target: under 300 ms).
// Issue 19: the applicant app's first page (`?offset=0&limit=20`) at 1,000 and at 10,000 calls,
// at 50 connections (target: p99 under 50 ms, under 50 KB), beside a bare baseline answering
// the first 20 calls of the same query ordered by PostgreSQL (open first, then by name).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { accessToken, BROWSER_HEADERS, load } from '../lib.mjs';

export const name = 'calls';
const CALLS = 1000;
const SUBMISSIONS = 200;
const TEXT = '5e0c0001-0000-4000-8000-000000000001';
const UPLOAD = '5e0c0001-0000-4000-8000-000000000002';

/** The applicant list's query, as the API's CallsRepository.findAllWithSubmission runs it. */
const LIST_SQL = `SELECT c.id, c.name, c.description, c.call_type_id AS "callTypeId", c.opening_at AS "openingAt", c.closing_at AS "closingAt",
  c.call_lock_end AS "callLockEnd", c.is_user_filter_enable AS "isUserFilterEnable", c.user_filter_email AS "userFilterEmail",
  c.enable_user_download_pdf AS "enableUserDownloadPdf", c.impact_framework_id AS "impactFrameworkId",
  c.user_power_bi_workspace_id AS "userPowerBIWorkspaceID", c.user_power_bi_report_id AS "userPowerBIReportID",
  c.custom_file_id AS "customFileId", c.custom_file_name AS "customFileName",
  s.id AS "submissionId", s.closed AS "submissionClosed"
  FROM call c LEFT JOIN call_submission s ON s.call_id = c.id AND s.organization_id = $1
  WHERE ($2::uuid IS NULL OR c.id = $2::uuid)`;

/** The first page of the list, ordered and cut by PostgreSQL: the baseline of the paged list. */
const PAGE_SQL = `${LIST_SQL} ORDER BY (c.opening_at <= now() AND now() <= c.closing_at) DESC, lower(c.name), c.id LIMIT 20`;
const PAGE = '?offset=0&limit=20';

/** More calls of the same kinds, numbered from `from` (the scenario grows from 1,000 to 10,000). */
async function addCalls(db, typeId, from, to) {
  await db.query(
    `INSERT INTO call (name, description, call_type_id, opening_at, closing_at, is_user_filter_enable, user_filter_email)
     SELECT 'Bench call ' || lpad(g::text, 5, '0'),
            '<p>Grants for projects that improve their community: inclusion, education, health and the environment. Call number ' || g || '.</p>',
            $1,
            CASE WHEN g % 3 = 0 THEN now() - interval '60 days' ELSE now() - interval '1 day' END,
            CASE WHEN g % 3 = 0 THEN now() - interval '30 days' ELSE now() + interval '30 days' END,
            g % 10 = 0,
            CASE WHEN g % 10 = 0 THEN 'partner@example.org, other@example.org' ELSE '' END
       FROM generate_series($2::int, $3::int) g`,
    [typeId, from, to],
  );
}

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const user = async (email, roles) =>
    (
      await db.query(
        `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'User', $2, 'bench', $3) RETURNING id`,
        [email, roles, randomUUID()],
      )
    ).rows[0].id;
  const adminId = await user(`bench-calls-admin-${Date.now()}@example.org`, ['admin']);
  const userId = await user(`bench-calls-user-${Date.now()}@example.org`, []);
  const [{ id: orgId }] = (
    await db.query(
      `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data, created_by_id)
       VALUES ('Bench org', 'IT0', 'Via 1', 'Milano', 'Italia', 'A', 'B', 'C', 'a@b.org', true, $1) RETURNING id`,
      [userId],
    )
  ).rows;
  await db.query(`INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'owner')`, [orgId, userId]);
  const [{ id: typeId }] = (await db.query(`INSERT INTO call_type (name, description) VALUES ('Bench type', 'x') RETURNING id`)).rows;
  await db.query(`INSERT INTO step (call_type_id, name, content, sort, step_type_id) VALUES ($1, 'Intro', '{"html":"<p>x</p>"}', 1, $2)`, [
    typeId,
    TEXT,
  ]);
  // 1,000 calls: two thirds open, the rest closed or upcoming; one in ten restricted by e-mail.
  await db.query(
    `INSERT INTO call (name, description, call_type_id, opening_at, closing_at, is_user_filter_enable, user_filter_email)
     SELECT 'Bench call ' || lpad(g::text, 4, '0'),
            '<p>Grants for projects that improve their community: inclusion, education, health and the environment. Call number ' || g || '.</p>',
            $1,
            CASE WHEN g % 3 = 0 THEN now() - interval '60 days' ELSE now() - interval '1 day' END,
            CASE WHEN g % 3 = 0 THEN now() - interval '30 days' ELSE now() + interval '30 days' END,
            g % 10 = 0,
            CASE WHEN g % 10 = 0 THEN 'partner@example.org, other@example.org' ELSE '' END
       FROM generate_series(1, $2::int) g`,
    [typeId, CALLS],
  );
  await db.query(
    `INSERT INTO call_submission (call_id, organization_id, user_id, code, closed)
     SELECT c.id, $1, $2, 'B-' || row_number() OVER (), row_number() OVER () % 2 = 0
       FROM (SELECT id FROM call WHERE name LIKE 'Bench call %' ORDER BY name LIMIT $3) c`,
    [orgId, userId, SUBMISSIONS],
  );
  await db.end();
  const secret = product.jwtSecret();
  const grow = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await addCalls(c, typeId, CALLS + 1, 10_000);
    await c.end();
  };
  const userHeaders = {
    Authorization: `Bearer ${await accessToken(secret, product.url, userId, databaseUrl)}`,
    SelectedOrganizationId: orgId,
  };
  const adminHeaders = {
    Authorization: `Bearer ${await accessToken(secret, product.url, adminId, databaseUrl)}`,
    'Content-Type': 'application/json',
  };
  return {
    userHeaders,
    adminHeaders,
    grow,
    baselineRoutes: {
      '/api/Call/GetCallListUser': { sql: LIST_SQL, params: [orgId, null] },
      '/page': { sql: PAGE_SQL, params: [orgId, null] },
    },
  };
}

/** A call with 50 steps (text and upload alternating), created then saved again with the steps reordered. */
async function saveFiftySteps(product, headers) {
  const steps = Array.from({ length: 50 }, (_, i) =>
    i % 2
      ? {
          name: `Upload ${i}`,
          stepTypeId: UPLOAD,
          content: [{ file_name: `File ${i}`, file_type: 'pdf', dimensions: 1048576, mandatory: true }],
        }
      : { name: `Text ${i}`, stepTypeId: TEXT, content: { html: `<p>Step <strong>${i}</strong></p>` } },
  );
  const day = 86_400_000;
  const body = {
    name: `Bench 50 steps ${Date.now()}`,
    openingAt: new Date(Date.now() - day).toISOString(),
    closingAt: new Date(Date.now() + 30 * day).toISOString(),
  };
  const timed = async (method, path, payload) => {
    const started = performance.now();
    const res = await fetch(product.url + path, { method, headers, body: JSON.stringify(payload) });
    const ms = performance.now() - started;
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return { ms, json };
  };
  const createTimes = [];
  const updateTimes = [];
  for (let run = 0; run < 5; run++) {
    const created = await timed('POST', '/api/Call/CreateCall', { ...body, name: `${body.name} ${run}`, callType: { steps } });
    createTimes.push(created.ms);
    const saved = created.json;
    const again = saved.callType.steps.map((s) => ({ id: s.id, name: s.name, stepTypeId: s.stepTypeId, content: s.content })).reverse();
    const updated = await timed('PUT', '/api/Call/UpdateCall', {
      ...body,
      name: saved.name,
      id: saved.id,
      // An update says which version it was made from (428 without).
      version: saved.version,
      callType: { id: saved.callTypeId, version: saved.callType.version, steps: again },
    });
    updateTimes.push(updated.ms);
  }
  const stats = (a) => ({ medianMs: +a.sort((x, y) => x - y)[Math.floor(a.length / 2)].toFixed(1), maxMs: +Math.max(...a).toFixed(1) });
  return { create: stats(createTimes), update: stats(updateTimes) };
}

const side = (p, b) => ({
  product: p,
  baseline: b,
  ratio: b.requestsPerSecond ? +(p.requestsPerSecond / b.requestsPerSecond).toFixed(2) : null,
});

/** The first page as the applicant app asks for it, and its size as sent (gzip) and as JSON. */
async function firstPage(product, baseline, userHeaders) {
  const res = await fetch(`${product.url}/api/Call/GetCallListUser${PAGE}`, { headers: { ...BROWSER_HEADERS, ...userHeaders } });
  const json = await res.text();
  if (!res.ok || JSON.parse(json).length !== 20) throw new Error(`first page: ${res.status} ${json.slice(0, 200)}`);
  return {
    ...side(
      await load(`${product.url}/api/Call/GetCallListUser${PAGE}`, { headers: userHeaders, pid: product.pid }),
      await load(`${baseline.url}/page`, { headers: userHeaders }),
    ),
    jsonKb: +(Buffer.byteLength(json) / 1024).toFixed(1),
    totalCalls: Number(res.headers.get('x-total-count')),
  };
}

export async function run({ product, baseline, userHeaders, adminHeaders, grow }) {
  const whole = side(
    await load(`${product.url}/api/Call/GetCallListUser`, { headers: userHeaders, pid: product.pid }),
    await load(`${baseline.url}/api/Call/GetCallListUser`, { headers: userHeaders }),
  );
  const page1k = await firstPage(product, baseline, userHeaders);
  const save = await saveFiftySteps(product, adminHeaders);
  await grow();
  const page10k = await firstPage(product, baseline, userHeaders);
  return {
    [`GET /api/Call/GetCallListUser (${CALLS} calls, ${SUBMISSIONS} submissions)`]: whole,
    [`GET /api/Call/GetCallListUser${PAGE} (first page, ${CALLS} calls)`]: page1k,
    [`GET /api/Call/GetCallListUser${PAGE} (first page, 10,000 calls)`]: page10k,
    'save a call with 50 steps (create, then update reordered)': save,
  };
}
