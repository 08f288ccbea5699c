/**
 * Issue 19, "a compose file that starts": the BUILT product (`node api/dist/main.js`, as the image
 * runs it) started as an unprivileged user (uid/gid 65534, `setpriv`) with the image's settings:
 * NODE_ENV=production, DATA_DIR on a folder only that user may write (the image's volume), an
 * external PostgreSQL and identity provider. It must start (it creates its upload staging folder in
 * DATA_DIR at start) and answer /api/health; over a folder it cannot write it must stop with one line
 * naming DATA_DIR. Needs root (to drop to another user) and `npm run build`; skipped otherwise.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchDatabase } from './database.js';

const ROOT = resolve(new URL('.', import.meta.url).pathname, '../..');
const MAIN = join(ROOT, 'api/dist/main.js');
const NOBODY = 65534;
const dropPrivileges = ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups'];

function whyNot(): string | undefined {
  if (process.getuid?.() !== 0) return 'not running as root (cannot start the product as another user)';
  if (!existsSync(MAIN)) return `${MAIN} is missing (npm run build)`;
  const probe = spawnSync('setpriv', [...dropPrivileges, process.execPath, '-e', `require('fs').readFileSync(${JSON.stringify(MAIN)})`], {
    cwd: ROOT,
  });
  if (probe.error) return `setpriv: ${probe.error.message}`;
  if (probe.status !== 0) return `uid ${NOBODY} cannot read ${MAIN}: ${probe.stderr.toString().trim()}`;
  return undefined;
}

const reason = whyNot();
if (reason) console.warn(`non-root.spec.ts skipped: ${reason}`);
const maybe = reason ? describe.skip : describe;

const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? done(a.port) : fail(new Error('no port'))));
    });
  });

/** Starts the built product as uid 65534; answers whether /api/health said 200 and its output. */
async function runAsNobody(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<{ healthy: boolean; exitCode: number | null; output: string }> {
  const port = await freePort();
  const child = spawn('setpriv', [...dropPrivileges, process.execPath, MAIN], {
    cwd: ROOT,
    // The image's settings (Dockerfile) and compose's, nothing inherited from the test run.
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: 'a-test-secret-long-enough-for-hs256-0123456789',
      // Read at the first sign-in only: nothing needs to answer there for this test.
      OIDC_ISSUER: 'http://127.0.0.1:9/realms/impact-calls',
      OIDC_CLIENT_ID: 'impact-calls',
      OIDC_CLIENT_SECRET: 'impact-calls-secret',
      DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let healthy = false;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        healthy = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await exited;
  return { healthy, exitCode: child.exitCode, output };
}

maybe('the built product as an unprivileged user (the image runs as `node`, not root)', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  const folders: string[] = [];
  beforeAll(async () => {
    db = await createScratchDatabase('ic_nonroot');
  });
  afterAll(async () => {
    await db?.drop();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  it('starts with DATA_DIR on its own writable volume, creating its folders there', async () => {
    const volume = mkdtempSync(join(tmpdir(), 'ic-volume-'));
    folders.push(volume);
    chownSync(volume, NOBODY, NOBODY);
    const r = await runAsNobody({ DATA_DIR: volume, DATABASE_URL: db.url });
    expect({ healthy: r.healthy, output: r.healthy ? '' : r.output }).toEqual({ healthy: true, output: '' });
    expect(readdirSync(volume)).toContain('incoming-uploads');
    expect(statSync(join(volume, 'incoming-uploads')).uid).toBe(NOBODY);
  }, 120_000);

  it('over a folder it cannot write, stops at once with one line naming DATA_DIR (not an EACCES stack trace)', async () => {
    const rootOwned = mkdtempSync(join(tmpdir(), 'ic-root-owned-'));
    folders.push(rootOwned);
    const r = await runAsNobody({ DATA_DIR: join(rootOwned, 'data'), DATABASE_URL: db.url }, 30_000);
    expect(r.healthy).toBe(false);
    expect(r.exitCode).toBe(1);
    expect(r.output).toMatch(/^Invalid setting DATA_DIR: .*cannot be written by user 65534 \(EACCES\)/m);
    expect(r.output).not.toContain('    at ');
  }, 60_000);
});
