/**
 * The embedded PostgreSQL's watchdog: `node embedded-watchdog.js <product pid> <its start time>
 * <data folder> <server pid>`. Once the product is gone without stopping its server (`kill -9`),
 * it stops that server (only that one, never one a later start made) and exits; SIGTERM ends it.
 * No Nest, no database driver: it must stay small and never fail.
 */
import { alive, isPostmasterOf, processStartTime, stopServer } from './embedded-database.js';

const [productPid, productStart, databaseDir, serverPid] = process.argv.slice(2);
const pid = Number(productPid);
const server = Number(serverPid);
const POLL_MS = 500;

function productAlive(): boolean {
  if (!alive(pid)) return false;
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
