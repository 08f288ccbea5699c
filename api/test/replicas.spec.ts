/**
 * Issue 19, replicas: two BUILT products (`node api/dist/main.js`) on one database, behind a
 * round-robin proxy that sends each request to the next replica (so every step of a flow
 * crosses). A sign-in through the embedded provider begun on one replica ends on the other; a
 * branding change made on one is served by the other at once; the hourly reminder schedule (here
 * every minute) runs once per tick, not once per replica. Needs `npm run build`; skipped otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { TEST_JWT_SECRET } from './app.js';
import { createScratchDatabase } from './database.js';
import { browserSignIn, exchangeBody } from './identity-flow.js';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'api/dist/main.js');
const built = existsSync(MAIN);
if (!built) console.warn('replicas.spec.ts skipped: api/dist/main.js is missing (npm run build)');
const maybe = built ? describe : describe.skip;

const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? done(a.port) : fail(new Error('no port'))));
    });
  });

/** The load balancer of the test: each request goes to the next replica in turn; counts per replica. */
function roundRobin(ports: number[]): { server: Server; served: number[] } {
  const served = ports.map(() => 0);
  let next = 0;
  const server = createHttpServer((req, res) => {
    const i = next++ % ports.length;
    served[i]++;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: ports[i], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return { server, served };
}

async function startReplica(port: number, env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`replica on ${port} stopped: ${output}`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`replica on ${port} did not become ready: ${output}`);
}

maybe('two replicas on one database (issue 19)', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  const replicas: ChildProcess[] = [];
  let ports: number[];
  let lb: { server: Server; served: number[] };
  let base: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await createScratchDatabase('ic_replicas');
    // One DATA_DIR for both, as a shared volume would be: the embedded provider's signing key lives there.
    dataDir = mkdtempSync(join(tmpdir(), 'ic-replicas-'));
    ports = [await freePort(), await freePort()];
    const lbPort = await freePort();
    base = `http://127.0.0.1:${lbPort}`;
    lb = roundRobin(ports);
    await new Promise<void>((r) => lb.server.listen(lbPort, '127.0.0.1', () => r()));
    env = {
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      JWT_SECRET: TEST_JWT_SECRET,
      DEMO_CONTENT: 'false',
      MAIL_REMINDER_SCHEDULE: '* * * * *',
      APPLICANT_UI_DIR: '/nonexistent',
      ADMIN_UI_DIR: '/nonexistent',
    };
    // One after the other: the first migrates the empty database and writes the signing key.
    for (const port of ports) replicas.push((await startReplica(port, env)).child);
  }, 200_000);

  afterAll(async () => {
    for (const r of replicas) r.kill('SIGTERM');
    await Promise.all(replicas.map((r) => (r.exitCode === null ? new Promise((done) => r.once('exit', done)) : undefined)));
    await new Promise((r) => lb?.server.close(r));
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  let adminToken: string;

  it('a sign-in begun on one replica ends on the other', async () => {
    const before = [...lb.served];
    const signIn = await browserSignIn(base, { email: 'admin@example.org', firstName: 'Ada', lastName: 'Admin' });
    const exchanged = await request(base).post('/api/Jwt/token-exchange').send(exchangeBody(signIn)).expect(200);
    adminToken = exchanged.body.token as string;
    // Every step went to the next replica: both took part in the one sign-in.
    expect(lb.served.map((n, i) => n - before[i]).every((n) => n >= 2)).toBe(true);
    for (const port of ports) {
      const me = await request(`http://127.0.0.1:${port}`).get('/api/User/sessions').set('Authorization', `Bearer ${adminToken}`);
      expect(me.status).toBe(200);
    }
  }, 60_000);

  it('a branding change made on one replica is served by the other at once', async () => {
    const [one, two] = ports.map((p) => request(`http://127.0.0.1:${p}`));
    // Read on the second first, so it holds the old configuration in its cache.
    expect((await two.get('/api/Config/GetConfig').expect(200)).body.isActive).toBe(false);
    const made = await one
      .post('/api/Config/UpsertConfig')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ name: 'Replicated' })
      .expect(200);
    expect(made.body.isActive).toBe(true);
    const changed = Date.now();
    let seen: number | undefined;
    while (Date.now() - changed < 2000) {
      if ((await two.get('/api/Config/GetConfig').expect(200)).body.name === 'Replicated') {
        seen = Date.now() - changed;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    console.log(`branding change seen by the other replica after ${seen} ms`);
    expect(seen).toBeDefined();
  }, 30_000);

  it('the reminder schedule runs once per tick, not once per replica', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // pg-boss checks schedules every 30 s; within 100 s at least one minute's job is made and run.
      const deadline = Date.now() + 100_000;
      let runs: { minute: string; jobs: number; done: number }[] = [];
      while (Date.now() < deadline) {
        runs = (
          await client.query<{ minute: string; jobs: number; done: number }>(
            `SELECT date_trunc('minute', start_after)::text AS minute, count(*)::int AS jobs, count(*) FILTER (WHERE state = 'completed')::int AS done
               FROM pgboss.job WHERE name = 'message-reminders' GROUP BY 1 ORDER BY 1`,
          )
        ).rows;
        if (runs.some((r) => r.done > 0)) break;
        await new Promise((r) => setTimeout(r, 2000));
      }
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.filter((r) => r.jobs !== 1)).toEqual([]);
      expect(runs.some((r) => r.done === 1)).toBe(true);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('on SIGTERM a replica answers not-ready but still serves through its drain, then exits', async () => {
    const port = await freePort();
    const { child, output } = await startReplica(port, { ...env, SHUTDOWN_DRAIN_MS: '3000' });
    const url = (path: string) => `http://127.0.0.1:${port}${path}`;
    // A kept-alive connection made before the signal, as a load balancer holds them.
    expect((await fetch(url('/api/health/live'))).status).toBe(200);
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    // Until the load balancer has seen the 503, what it still sends is served (not Fastify's 503 of a closing server).
    const [ready, live, config] = await Promise.all([
      fetch(url('/api/health/ready')),
      fetch(url('/api/health/live')),
      fetch(url('/api/Config/GetConfig')),
    ]);
    expect([ready.status, live.status, config.status]).toEqual([503, 200, 200]);
    expect(live.headers.get('connection')).toBe('close');
    expect(await exited).toBe(0);
    expect(output()).toContain('SIGTERM: stopping');
  }, 60_000);
});
