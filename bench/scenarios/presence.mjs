// Issue 32: presence of 200 members on 100 applications (two members of each organization with
// its application open): each member's stream (GET /api/presence/submissions/{id}, Server-Sent
// Events) open, and every member moving to another step (PUT /api/presence/submissions/{id})
// about once every 2 s, 100 moves a second in all. Measured: the time from a move's request to
// its arrival on the other member's stream (target: p99 under 1 s), and the moves' own latency.
// Side by side: a bare node:http server holding the same 200 streams and relaying each move to
// the other member's stream (no access check, no framework, no database), under the same load.
import { createServer } from 'node:http';
import pg from 'pg';
import { accessToken } from '../lib.mjs';
import { stats } from './submissions.mjs';

export const name = 'presence';
const ORGANIZATIONS = 100;
const MOVE_EVERY_MS = 2_000;
const SECONDS = 20;

/** Moves above the write limit: the limiter still counts every request. */
export async function before() {
  return { env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_IP_PER_MINUTE: '1000000' } };
}

/** An open call, 100 organizations each with two members and one application of the call. */
async function seed(db) {
  const run = Date.now();
  const day = 86_400_000;
  const [{ id: typeId }] = (await db.query(`INSERT INTO call_type (name) VALUES ($1) RETURNING id`, [`Presence bench ${run}`])).rows;
  const [{ id: callId }] = (
    await db.query(`INSERT INTO call (name, call_type_id, opening_at, closing_at) VALUES ($1, $2, $3, $4) RETURNING id`, [
      `Presence bench ${run}`,
      typeId,
      new Date(run - day),
      new Date(run + 30 * day),
    ])
  ).rows;
  const users = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject)
       SELECT 'member' || g || '.' || $1 || '@example.org', 'Member', 'N' || g, '{}', 'bench-presence', md5($1 || '-m-' || g)
         FROM generate_series(1, $2::int) g ORDER BY g RETURNING id`,
      [run, 2 * ORGANIZATIONS],
    )
  ).rows.map((r) => r.id);
  const apps = [];
  for (let i = 0; i < ORGANIZATIONS; i++) {
    const [a, b] = [users[2 * i], users[2 * i + 1]];
    const [{ id: orgId }] = (
      await db.query(
        `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data, created_by_id)
         VALUES ($1, 'IT000000000', 'Via Roma 1', 'Milano', 'Italy', 'Anna', 'Rossi', 'President', 'org@example.org', true, $2) RETURNING id`,
        [`Presence ${run} ${i}`, a],
      )
    ).rows;
    await db.query(`INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'owner')`, [
      orgId,
      a,
      b,
    ]);
    const [{ id: submissionId }] = (
      await db.query(`INSERT INTO call_submission (call_id, organization_id, user_id, code) VALUES ($1, $2, $3, $4) RETURNING id`, [
        callId,
        orgId,
        a,
        `PR${run}-${i}`,
      ])
    ).rows;
    apps.push({ orgId, submissionId, members: [a, b] });
  }
  return { apps };
}

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { apps } = await seed(db);
  await db.end();
  const secret = product.jwtSecret();
  const members = [];
  for (const app of apps)
    for (const userId of app.members)
      members.push({
        app,
        userId,
        headers: {
          Authorization: `Bearer ${await accessToken(secret, product.url, userId, databaseUrl)}`,
          SelectedOrganizationId: app.orgId,
        },
      });
  return { members };
}

/** Reads a Server-Sent Events body, handing each event to `on`. */
async function readEvents(res, on) {
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) on(event, JSON.parse(data));
      }
    }
  } catch {
    // aborted at the end
  }
}

/**
 * Opens every member's stream at `streamUrl(m)`, then moves each member about every MOVE_EVERY_MS
 * with `move(m, step, connectionId)`; a move's latency is to the other member's stream.
 */
async function drive(members, streamUrl, move) {
  const abort = new AbortController();
  const sent = new Map();
  const arrivals = [];
  const moves = [];
  const errors = [];
  await Promise.all(
    members.map(async (m) => {
      const res = await fetch(streamUrl(m), { headers: m.headers, signal: abort.signal });
      if (!res.ok) throw new Error(`stream ${res.status} ${await res.text()}`);
      let hello;
      m.ready = new Promise((r) => (hello = r));
      void readEvents(res, (event, data) => {
        if (event === 'hello') {
          m.connectionId = data.connectionId;
          hello();
        }
        if (event === 'presence')
          for (const o of data.others) {
            const t = sent.get(o.step);
            if (t !== undefined) {
              arrivals.push(performance.now() - t);
              sent.delete(o.step);
            }
          }
      });
      await m.ready;
    }),
  );
  const end = performance.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    members.map(async (m, i) => {
      await new Promise((r) => setTimeout(r, (i * MOVE_EVERY_MS) / members.length));
      while (performance.now() < end) {
        const step = `s${++n}`;
        const t = performance.now();
        sent.set(step, t);
        const status = await move(m, step);
        moves.push(performance.now() - t);
        if (status >= 300) errors.push(status);
        await new Promise((r) => setTimeout(r, MOVE_EVERY_MS * (0.5 + Math.random())));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 1_000));
  abort.abort();
  return { moves: moves.length, errors: errors.length, lost: sent.size, arrival: stats(arrivals), move: stats(moves) };
}

/** The bare baseline: the same streams and moves, relayed in memory to the application's other stream. */
async function startBareRelay() {
  const streams = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const [, , app, who] = url.pathname.split('/');
    if (req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`event: hello\ndata: {"connectionId":"${who}"}\n\n`);
      streams.set(`${app}/${who}`, res);
      req.on('close', () => streams.delete(`${app}/${who}`));
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { step, other } = JSON.parse(body);
      streams.get(`${app}/${other}`)?.write(`event: presence\ndata: ${JSON.stringify({ others: [{ userId: who, name: who, step }] })}\n\n`);
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((r) => (server.closeAllConnections(), server.close(r))),
  };
}

export async function run({ product, members }) {
  const out = {};
  const productFigures = await drive(
    members,
    (m) => `${product.url}/api/presence/submissions/${m.app.submissionId}?step=start`,
    async (m, step) =>
      (
        await fetch(`${product.url}/api/presence/submissions/${m.app.submissionId}`, {
          method: 'PUT',
          headers: { ...m.headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ connectionId: m.connectionId, step }),
        })
      ).status,
  );
  const bare = await startBareRelay();
  const bareMembers = members.map((m) => ({ ...m, headers: {} }));
  const baselineFigures = await drive(
    bareMembers,
    (m) => `${bare.url}/p/${m.app.submissionId}/${m.userId}`,
    async (m, step) =>
      (
        await fetch(`${bare.url}/p/${m.app.submissionId}/${m.userId}`, {
          method: 'PUT',
          body: JSON.stringify({ step, other: m.app.members.find((u) => u !== m.userId) }),
        })
      ).status,
  );
  await bare.stop();
  out[`presence: ${members.length} members on ${ORGANIZATIONS} applications, a move every ~${MOVE_EVERY_MS / 1000} s each`] = {
    product: productFigures,
    baseline: baselineFigures,
  };
  out.goals = {
    'presence: move to the other member, p99 (ms)': {
      value: productFigures.arrival.p99,
      goal: '< 1000',
      met: productFigures.arrival.p99 < 1000 && productFigures.errors === 0 && productFigures.lost === 0,
    },
  };
  return out;
}
