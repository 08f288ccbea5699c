/**
 * The embedded PostgreSQL's watchdog (started by startEmbeddedPostgres for `npm start`):
 * `node embedded-watchdog.js <product pid> <its start time> <data folder> <server pid>`. Every
 * half second it looks whether the product is still there; once it is gone (killed with
 * `kill -9`, crashed without stopping the server), it stops that server, the way a leftover is
 * stopped at the next start, and exits: only the server it was given, never one a new start of
 * the product has made meanwhile. A clean stop of the product ends it with SIGTERM.
 * No Nest, no database driver: it must stay small (a few MB) and never fail.
 */
import { isPostmasterOf, processStartTime, stopServer } from './embedded-database.js';

const [productPid, productStart, databaseDir, serverPid] = process.argv.slice(2);
const pid = Number(productPid);
const server = Number(serverPid);
const POLL_MS = 500;

function productAlive(): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The same pid may have been given to another process since.
  const start = processStartTime(pid);
  return !productStart || start === undefined || start === productStart;
}

async function watch(): Promise<void> {
  while (productAlive()) await new Promise((r) => setTimeout(r, POLL_MS));
  if (isPostmasterOf(server, databaseDir)) await stopServer(server, databaseDir);
}

if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(server) || server <= 0 || !databaseDir) process.exit(2);
process.on('SIGTERM', () => process.exit(0));
watch().then(
  () => process.exit(0),
  () => process.exit(1),
);
