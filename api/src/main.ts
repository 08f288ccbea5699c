import 'reflect-metadata';
import { join } from 'node:path';
import { createApp } from './app.factory.js';
import { loadSettings, SettingError, type Settings } from './config/settings.js';
import { startEmbeddedPostgres, type RunningDatabase } from './database/embedded-database.js';

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (e) {
    if (e instanceof SettingError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  let embedded: RunningDatabase | undefined;
  let databaseUrl = settings.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(join(settings.dataDir, 'postgres'), settings.embeddedPostgresPort);
    databaseUrl = embedded.url;
  }

  const app = await createApp(settings, databaseUrl);
  const server = app.getHttpServer() as import('node:http').Server;
  // Slow or stuck clients cannot hold connections forever (security.md, Limits); keep-alive
  // outlives a typical load balancer's idle timeout so it never sends to a closed socket.
  server.requestTimeout = 120_000;
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  await app.listen(settings.port, settings.host);
  const url = settings.publicUrl;
  console.log(
    [
      '',
      `Impact Calls is running on ${url}`,
      `  applicants    ${url}/`,
      `  console       ${url}/admin`,
      `  API docs      ${url}/api/docs`,
      `  health        ${url}/api/health`,
      settings.oidc ? `  sign-in       ${settings.oidc.issuer}` : `  sign-in       ${url}/oidc (embedded development provider; admin: ${settings.adminEmails.join(', ')})`,
      `  database      ${embedded ? `embedded PostgreSQL in ${join(settings.dataDir, 'postgres')}` : 'DATABASE_URL'}`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping...`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
