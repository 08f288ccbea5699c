import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { createApp } from '../src/app.factory.js';
import { loadSettings, type Settings } from '../src/config/settings.js';
import { Factory } from './factory.js';

export interface TestApp {
  app: NestFastifyApplication;
  settings: Settings;
  http: TestAgent;
  db: DataSource;
  factory: Factory;
  close(): Promise<void>;
}

/** Rate limits no test reaches unless it means to. */
export const HIGH_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  RATE_LIMIT_WRITES_PER_IP_PER_MINUTE: '10000000',
  RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000',
  RATE_LIMIT_UPLOADS_PER_IP_PER_MINUTE: '10000000',
  RATE_LIMIT_ORGANIZATIONS_PER_HOUR: '1000000',
  RATE_LIMIT_ORGANIZATIONS_PER_IP_PER_HOUR: '10000000',
  RATE_LIMIT_SIGN_INS_PER_IP_PER_MINUTE: '10000000',
};

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Boots the whole API on the test database. `env` overrides settings (e.g. CUSTOMIZE_EMAIL_DOMAIN). */
export async function createTestApp(
  env: Record<string, string> = {},
  databaseUrl = process.env.TEST_DATABASE_URL!,
  logDestination?: DestinationStream,
): Promise<TestApp> {
  const settings = loadSettings({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEMO_CONTENT: 'false',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ic-data-')),
    ADMIN_EMAILS: 'admin@example.org',
    CUSTOMIZE_EMAIL_DOMAIN: 'example.org',
    APPLICANT_UI_DIR: '/nonexistent',
    ADMIN_UI_DIR: '/nonexistent',
    // Every test file shares one database and one client address: the limits would add up across
    // the whole run. Tests of the limits set their own (test/limits.spec.ts, on a scratch database).
    ...HIGH_RATE_LIMITS,
    ...env,
  });
  const app = await createApp(settings, databaseUrl, { demo: false, logDestination });
  const db = app.get<DataSource>(getDataSourceToken());
  return {
    app,
    settings,
    http: request(app.getHttpServer()),
    db,
    factory: new Factory(app),
    close: () => app.close(),
  };
}
