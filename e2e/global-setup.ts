/**
 * Starts the BUILT product for the end-to-end tests: `node api/dist/main.js` from the
 * repository root on a free port, with a fresh data folder, an embedded PostgreSQL on
 * another free port (or, when DATABASE_URL is set, a scratch database on that server),
 * demo content on. The returned function stops it (process group) and removes it all.
 * Set E2E_BASE_URL to test a server that is already running instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './support/free-port';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 120_000;

async function waitForHealth(url: string, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The product stopped while starting (exit ${child.exitCode ?? child.signalCode}):\n${readFileSync(log, 'utf8').slice(-4000)}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The product did not answer ${url}/api/health within ${START_TIMEOUT_MS / 1000} s:\n${readFileSync(log, 'utf8').slice(-4000)}`,
  );
}

async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `impact_calls_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return done();
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal); // the whole group: node and its PostgreSQL
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    kill('SIGTERM');
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => undefined; // an external server

  const main = join(ROOT, 'api/dist/main.js');
  for (const built of [main, join(ROOT, 'applicant-ui/dist/index.html'), join(ROOT, 'admin-ui/dist/index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` before the end-to-end tests`);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'impact-calls-e2e-'));
  // As root, the embedded PostgreSQL runs as the `postgres` user: it must reach its folder.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'true',
    LOG_LEVEL: 'warn',
  };
  // Hermetic: the embedded identity provider, local files, the built apps of this tree, and
  // the JWT secret the product writes under DATA_DIR (test sessions are signed with it).
  for (const name of [
    'JWT_SECRET',
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'ADMIN_EMAILS',
    'CUSTOMIZE_EMAIL_DOMAIN',
    'S3_BUCKET',
    'SMTP_URL',
    'FILES_DIR',
    'APPLICANT_UI_DIR',
    'ADMIN_UI_DIR',
  ]) {
    delete env[name];
  }

  let database: { url: string; drop: () => Promise<void> } | undefined;
  if (process.env.DATABASE_URL) {
    database = await scratchDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = database.url;
  } else {
    const pgPort = await freePort();
    env.EMBEDDED_PG_PORT = String(pgPort);
    delete env.DATABASE_URL;
    process.env.E2E_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${pgPort}/impact_calls`;
  }
  if (database) process.env.E2E_DATABASE_URL = database.url;

  const log = join(dataDir, 'product.log');
  const out = createWriteStream(log);
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);

  try {
    await waitForHealth(publicUrl, child, log);
  } catch (e) {
    await stop(child);
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }

  process.env.E2E_BASE_URL = publicUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await stop(child);
    await database?.drop().catch((e: unknown) => console.warn('could not drop the e2e database:', e));
    if (process.env.E2E_KEEP_DATA) console.log(`e2e data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
}
