import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import { pendingSchemaSql } from '../src/generate-migration.js';
import { migrations } from '../src/database/migrations/index.js';
import { Sql } from '../src/database/sql.js';
import { jest } from '@jest/globals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('schema', () => {
  it('has no pending migration: entities match the migrated schema', async () => {
    const { up } = await pendingSchemaSql(t.app.get<DataSource>(getDataSourceToken()));
    expect(up).toEqual([]);
  });

  it('lists every migration file in the index', () => {
    const files = readdirSync(join(import.meta.dirname, '../src/database/migrations')).filter((f) => /^\d+-[a-z0-9-]+\.ts$/.test(f));
    expect(migrations.map((m) => new m().name).sort()).toEqual(
      files
        .map((f) =>
          (new Function(`return ${JSON.stringify(f)}`)() as string).replace(
            /^(\d+)-(.*)\.ts$/,
            (_: string, ts: string, name: string) =>
              name.replace(/(^|-)(\w)/g, (__: string, ___: string, c: string) => c.toUpperCase()) + ts,
          ),
        )
        .sort(),
    );
  });
});

describe('HTTP basics', () => {
  it('answers /api/health with the database up', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body.info.database.status).toBe('up');
  });

  it('answers a burst of /api/health checks with fewer database pings than checks (they share the ping under way), and pings again for the next', async () => {
    const sql = t.app.get(Sql);
    const ping = jest.spyOn(sql, 'ping');
    const pings = () => ping.mock.calls.length;
    // The burst's ping takes 500 ms (a busy database), so the checks surely arrive while it is under way.
    const original = Sql.prototype.ping;
    ping.mockImplementation(async function (this: Sql) {
      await new Promise((r) => setTimeout(r, 500));
      return original.apply(this);
    });
    try {
      const burst = await Promise.all(Array.from({ length: 20 }, () => t.http.get('/api/health')));
      expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
      const afterBurst = pings();
      expect(afterBurst).toBeGreaterThanOrEqual(1);
      expect(afterBurst).toBeLessThan(10);
      await t.http.get('/api/health').expect(200);
      expect(pings()).toBe(afterBurst + 1);
    } finally {
      ping.mockRestore();
    }
  });

  it('answers /api/health with 503 and the database down when the database is gone', async () => {
    const scratch = await createScratchDatabase('ic_health');
    const app = await createTestApp({}, scratch.url);
    try {
      await app.http.get('/api/health').expect(200);
      await scratch.drop(); // WITH (FORCE): every connection of the pool is cut
      const res = await app.http.get('/api/health').expect(503);
      expect(res.body.details.database.status).toBe('down');
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('answers an unknown /api path with a JSON 404 and a key', async () => {
    const res = await t.http.get('/api/NoSuchGroup/NoSuchThing').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toMatchObject({ statusCode: 404, key: 'errors.not-found' });
  });

  it('refuses malformed JSON with 400 errors.malformed-json', async () => {
    const admin = await t.factory.user({ admin: true });
    const res = await t.http
      .post('/api/Config/UpsertConfig')
      .set(admin.headers())
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, key: 'errors.malformed-json' });
  });

  it('refuses a body over the limit with 413 errors.payload-too-large', async () => {
    const admin = await t.factory.user({ admin: true });
    const res = await t.http
      .post('/api/Config/UpsertConfig')
      .set(admin.headers())
      .send({ name: 'x', landingHtml: 'a'.repeat(1_100_000) })
      .expect(413);
    expect(res.body.key).toBe('errors.payload-too-large');
  });

  it('sets security headers and a request id', async () => {
    const res = await t.http.get('/api/Config/GetConfig').set('X-Request-Id', 'trace-123').expect(200);
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('prototype keys', () => {
  it.each([
    '{"name":"x","__proto__":{"isAdmin":true}}',
    '{"name":"x","constructor":{"prototype":{"polluted":true}}}',
    '{"name":"x","nested":{"__proto__":1}}',
  ])('refuses %s with 400 errors.forbidden-key and saves nothing', async (body) => {
    const admin = await t.factory.user({ admin: true });
    const res = await t.http
      .post('/api/Config/UpsertConfig')
      .set(admin.headers())
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
    expect(res.body.key).toBe('errors.forbidden-key');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
