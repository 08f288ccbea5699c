import 'reflect-metadata';
import { join } from 'node:path';
import { createApp } from './app.factory.js';
import { checkWritableFolders, loadSettings, SettingError, type Settings } from './config/settings.js';
import { startEmbeddedPostgres, type RunningDatabase } from './database/embedded-database.js';
import { isDatabaseOutage } from './common/http/error.filter.js';
import { drainAndClose, Traffic } from './common/lifecycle/traffic.js';
import { tracing } from './common/http/trace-route.js';

async function main(): Promise<void> {
  const settings = loadSettings();
  checkWritableFolders(settings);
  loaded = settings;

  let embedded: RunningDatabase | undefined;
  let databaseUrl = settings.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(join(settings.dataDir, 'postgres'), settings.embeddedPostgresPort, {
      watchdog: true,
      log: (line) => console.log(line),
    });
    databaseUrl = embedded.url;
  }

  const app = await createApp(settings, databaseUrl).catch(async (e: unknown) => {
    await embedded?.stop().catch(() => undefined);
    throw e;
  });
  const server = app.getHttpServer() as import('node:http').Server;
  // Slow or stuck clients cannot hold connections forever (security.md, Limits); keep-alive
  // outlives a typical load balancer's idle timeout so it never sends to a closed socket.
  server.requestTimeout = 120_000;
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  try {
    await app.listen(settings.port, settings.host);
  } catch (e) {
    await app.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new Error(`Port ${settings.port} on ${settings.host} is already in use: stop what uses it, or set PORT`, { cause: e });
    throw e;
  }
  const url = settings.publicUrl;
  console.log(
    [
      '',
      `Impact Calls is running on ${url}`,
      `  applicants    ${url}/`,
      `  console       ${url}/admin`,
      `  API docs      ${url}/api/docs`,
      `  health        ${url}/api/health (live: /api/health/live, ready: /api/health/ready)`,
      settings.oidc
        ? `  sign-in       ${settings.oidc.issuer}`
        : `  sign-in       ${url}/oidc (embedded development provider; admin: ${settings.adminEmails.join(', ')})`,
      `  database      ${embedded ? `embedded PostgreSQL in ${join(settings.dataDir, 'postgres')}` : 'DATABASE_URL'}`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  // Under `npm start`'s supervisor (scripts/supervise.mjs): from now on an exit is a crash to restart,
  // not a start that failed. The callback takes a closed channel's error (else an 'error' event).
  process.send?.('ready', undefined, {}, () => undefined);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const { drainMs, timeoutMs } = settings.shutdown;
    console.log(
      `${signal}: stopping (not ready now; ${drainMs} ms for the load balancer, then up to ${timeoutMs} ms for requests in flight)...`,
    );
    setTimeout(() => process.exit(1), drainMs + timeoutMs + 15_000).unref();
    const report = await drainAndClose(server, app.get(Traffic), settings.shutdown);
    if (!report.finished) console.log(`${report.cutOff} request(s) still running after ${timeoutMs} ms were cut off`);
    await app.close();
    await embedded?.stop();
    if (tracing()) await (await import('./telemetry.js')).shutdownTelemetry().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * One readable line for any start failure, never `undefined` (a wrong setting: the line naming it);
 * the stack follows only with LOG_LEVEL=debug or trace.
 */
function startFailure(e: unknown, settings: Settings | undefined): string {
  if (e instanceof SettingError) return e.message;
  let reason: string;
  if (e instanceof Error) reason = e.message || e.name;
  else if (e === undefined || e === null || e === '') reason = 'it stopped without saying why';
  else if (typeof e === 'object') reason = JSON.stringify(e);
  else reason = String(e);
  const code = (e as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && !reason.includes(code)) reason += ` (${code})`;
  if (settings?.databaseUrl && isDatabaseOutage(e)) reason = `the database of DATABASE_URL cannot be reached: ${reason}`;
  return `Impact Calls could not start: ${reason}`;
}

let loaded: Settings | undefined;
main().catch((e: unknown) => {
  console.error(startFailure(e, loaded));
  if (e instanceof Error && !(e instanceof SettingError) && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) console.error(e.stack);
  process.exit(1);
});
