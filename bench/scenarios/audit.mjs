// Issue 32: what the audit trail adds to an administrator's save. The save measured: a call's review
// settings (PUT /api/admin/reviews/calls/{id}/settings), one administrator saving back to back (no queue), on the product (which
// records the audit event in the save's transaction). Side by side, a bare node:http + pg server
// making the same write alone (one upsert) and audited as the product does (the settings read
// before, BEGIN, the upsert, the audit_event insert with its diff, COMMIT): the difference of the
// two is what the audit costs a save (target: under 1 ms at p50).
import { createServer } from 'node:http';
import pg from 'pg';
import { accessToken } from '../lib.mjs';
import { stats } from './submissions.mjs';

export const name = 'audit';
const CONNECTIONS = 1;
const SECONDS = 8;
const BODY = { reviewsPerApplication: 3, aggregate: 'mean', disagreementThreshold: 30 };

/** Saves above the write limit: the limiter still counts every request. */
export async function before() {
  return { env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_IP_PER_MINUTE: '1000000' } };
}

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const run = Date.now();
  const [{ id: typeId }] = (await db.query(`INSERT INTO call_type (name) VALUES ($1) RETURNING id`, [`Audit bench ${run}`])).rows;
  const callIds = (
    await db.query(
      `INSERT INTO call (name, call_type_id, opening_at, closing_at)
       SELECT $1 || ' ' || g, $2, now(), now() + interval '30 days' FROM generate_series(1, $3::int) g RETURNING id`,
      [`Audit bench ${run}`, typeId, CONNECTIONS],
    )
  ).rows.map((r) => r.id);
  const [{ id: adminId }] = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'Admin', '{admin}', 'bench-audit', $1) RETURNING id`,
      [`audit-admin-${run}@example.org`],
    )
  ).rows;
  await db.end();
  const token = await accessToken(product.jwtSecret(), product.url, adminId, databaseUrl);
  return { callIds, adminId, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } };
}

const UPSERT = `INSERT INTO review_settings (call_id, reviews_per_application, aggregate, disagreement_threshold) VALUES ($1, $2, $3, $4)
  ON CONFLICT (call_id) DO UPDATE SET reviews_per_application = excluded.reviews_per_application, aggregate = excluded.aggregate,
  disagreement_threshold = excluded.disagreement_threshold`;

/** The bare server: `/plain/{callId}` writes the settings; `/audited/{callId}` writes them as the product does with its audit event. */
async function startBare(databaseUrl, adminId) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const server = createServer(async (req, res) => {
    await new Promise((done) => req.resume().on('end', done));
    const [, kind, callId] = req.url.split('/');
    const args = [callId, BODY.reviewsPerApplication, BODY.aggregate, BODY.disagreementThreshold];
    try {
      if (kind === 'plain') await pool.query(UPSERT, args);
      else {
        const c = await pool.connect();
        try {
          const before = (
            await c.query(`SELECT reviews_per_application, aggregate, disagreement_threshold FROM review_settings WHERE call_id = $1`, [
              callId,
            ])
          ).rows[0];
          await c.query('BEGIN');
          await c.query(UPSERT, args);
          await c.query(
            `INSERT INTO audit_event (actor_id, actor_email, actor_role, action, entity, entity_id, summary, diff, request_id, ip)
             VALUES ($1, 'audit-admin@example.org', 'admin', 'review-setup.settings', 'call', $2, 'Audit bench', $3::jsonb, 'bench', '127.0.0.1')`,
            [adminId, callId, JSON.stringify({ changed: [], before: before ?? null })],
          );
          await c.query('COMMIT');
        } finally {
          c.release();
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(BODY));
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: async () => (server.close(), pool.end()) };
}

/** CONNECTIONS closed loops of PUT for `seconds` (after a short warm-up): latencies to a tenth of a millisecond. */
async function measure(urlOf, headers = {}, seconds = SECONDS) {
  const loop = async (i, until, latencies, errors) => {
    const url = urlOf(i);
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(BODY),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      if (!res.ok) errors.push(res.status);
    }
  };
  const warm = performance.now() + 2_000;
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => loop(i, warm, [], [])));
  const latencies = [];
  const errors = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => loop(i, until, latencies, errors)));
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    ...stats(latencies),
    errors: errors.length,
    firstErrors: errors.slice(0, 3),
  };
}

export async function run({ product, databaseUrl, callIds, adminId, headers }) {
  const productFigures = await measure((i) => `${product.url}/api/admin/reviews/calls/${callIds[i]}/settings`, headers);
  const bare = await startBare(databaseUrl, adminId);
  const plain = await measure((i) => `${bare.url}/plain/${callIds[i]}`);
  const audited = await measure((i) => `${bare.url}/audited/${callIds[i]}`);
  await bare.stop();
  const added = +(audited.p50 - plain.p50).toFixed(2);
  return {
    [`an administrator's save (review settings), ${CONNECTIONS} connections`]: {
      product: productFigures,
      baseline: plain,
      baselineAudited: audited,
    },
    goals: { 'audit: added to a save, p50 (ms)': { value: added, goal: '< 1', met: added < 1 } },
  };
}
