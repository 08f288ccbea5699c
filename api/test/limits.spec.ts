import { createTestApp, HIGH_RATE_LIMITS, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import { FILL_UPLOAD_SLOTS, testFiles, type TestUser } from './factory.js';
import { addressKey } from '../src/modules/limits/rate-limiter.service.js';

/**
 * Issue 13, finding 3: limits on writes, uploads and new organizations (per user and per
 * address, 429 with a key and Retry-After, across replicas), and quotas (organizations per user,
 * files per submission, stored bytes per organization). On a scratch database of their own: the
 * shared counters of other test files' requests must not count here.
 */
let scratch: { url: string; drop(): Promise<void> };
const apps: TestApp[] = [];
beforeAll(async () => {
  scratch = await createScratchDatabase('ic_limits');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await scratch.drop();
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ ...HIGH_RATE_LIMITS, ...env }, scratch.url);
  apps.push(t);
  return t;
}

let nextAddress = 1;
/** A client address of its own for each test (trust proxy is loopback: X-Forwarded-For names the client). */
const address = () => `203.0.113.${nextAddress++}`;

async function applicant(t: TestApp) {
  const call = await t.factory.fillCall();
  const a = await t.factory.applicant(call.id);
  const stepOf = (name: string) => call.callType.steps.find((s) => s.name === name)!.id;
  return { ...a, call, surveyStepId: stepOf('About you'), uploadStepId: stepOf('Documents'), version: 0 };
}

/** An autosave with the version the last one answered, as the app sends it. */
async function save(t: TestApp, a: Awaited<ReturnType<typeof applicant>>, ip: string, mission: string) {
  const res = await t.http
    .post('/api/Call/UpsertCallStepResult')
    .set(a.h)
    .set('X-Forwarded-For', ip)
    .send({
      callSubmissionId: a.submissionId,
      stepId: a.surveyStepId,
      content: { data: { mission }, currentPageNo: 0, completed: false },
      version: a.version,
    });
  if (res.status === 200) a.version = res.body.version as number;
  return res;
}

describe('rate limits', () => {
  it('per user: the 21st write in a minute is 429 errors.too-many-requests with Retry-After; reads and other users go on', async () => {
    const t = await app({ RATE_LIMIT_WRITES_PER_MINUTE: '20' });
    const a = await applicant(t);
    const ip = address();
    for (let i = 0; i < 20; i++) expect((await save(t, a, ip, `v${i}`)).status).toBe(200);
    const refused = await save(t, a, ip, 'too many');
    expect(refused.status).toBe(429);
    expect(refused.body.key).toBe('errors.too-many-requests');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body.retryAfter).toBe(wait);
    // Refused means not saved.
    const saved = await t.http.get(`/api/Call/GetStepResult?submissionId=${a.submissionId}&stepId=${a.surveyStepId}`).set(a.h).expect(200);
    expect(saved.body.content.data).toEqual({ mission: 'v19' });
    // Reads are not writes; another user (same address) is not limited by this one.
    await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`).set(a.h).set('X-Forwarded-For', ip).expect(200);
    const b = await applicant(t);
    expect((await save(t, b, ip, 'other user')).status).toBe(200);
  });

  it('per address: many users behind one address share its budget; another address does not', async () => {
    const t = await app({ RATE_LIMIT_WRITES_PER_IP_PER_MINUTE: '30' });
    const ip = address();
    const users = await Promise.all([applicant(t), applicant(t), applicant(t)]);
    let accepted = 0;
    for (let i = 0; i < 12; i++) for (const a of users) if ((await save(t, a, ip, `m${i}`)).status === 200) accepted++;
    expect(accepted).toBe(30);
    expect((await save(t, users[0], address(), 'elsewhere')).status).toBe(200);
    // Signed-out writes count by address too.
    const anonymousIp = address();
    const t2 = await app({ RATE_LIMIT_SIGN_INS_PER_IP_PER_MINUTE: '5' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await t2.http.post('/api/Jwt/refresh').set('X-Forwarded-For', anonymousIp).send({ refresh_token: 'x' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('IPv6 clients count by their /64', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('198.51.100.1')).toBe('198.51.100.1');
  });

  it('uploads: per user, apart from other writes', async () => {
    const t = await app({ RATE_LIMIT_UPLOADS_PER_MINUTE: '3' });
    const a = await applicant(t);
    const ip = address();
    const upload = () =>
      t.http
        .post('/api/FileUpload/UploadFile')
        .set(a.h)
        .set('X-Forwarded-For', ip)
        .field('CallSubmissionId', a.submissionId)
        .field('StepId', a.uploadStepId)
        .field('SlotIndex', '0')
        .attach('File', testFiles.pdf(), 'plan.pdf');
    for (let i = 0; i < 3; i++) expect((await upload()).status).toBe(200);
    const refused = await upload();
    expect([refused.status, refused.body.key]).toEqual([429, 'errors.too-many-requests']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await save(t, a, ip, 'a save still goes')).status).toBe(200);
  });

  it('new organizations: per user and hour', async () => {
    const t = await app({ RATE_LIMIT_ORGANIZATIONS_PER_HOUR: '2' });
    const user = await t.factory.user();
    const ip = address();
    const create = () =>
      t.http.post('/api/Organization/CreateOrganization').set(user.headers()).set('X-Forwarded-For', ip).send(organizationBody(t));
    expect((await create()).status).toBe(200);
    expect((await create()).status).toBe(200);
    const refused = await create();
    expect([refused.status, refused.body.key]).toEqual([429, 'errors.too-many-requests']);
    // The hour's window ends on the clock's hour: the wait runs to it (in the hour's last minute, under 60 s).
    const toHourEnd = Math.ceil((3_600_000 - (Date.now() % 3_600_000)) / 1000);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(Math.min(60, toHourEnd - 5));
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await orgCount(t, user)).toBe(2);
  });

  it('hold across replicas: two API processes on one database share one budget', async () => {
    const env = { RATE_LIMIT_WRITES_PER_MINUTE: '20' };
    const a1 = await app(env);
    const a2 = await app(env);
    const a = await applicant(a1);
    const ip = address();
    let accepted = 0;
    for (let i = 0; i < 20; i++) for (const t of [a1, a2]) if ((await save(t, a, ip, `r${i}`)).status === 200) accepted++;
    expect(accepted).toBe(20);
  });

  it('a replica that has not seen a key yet accepts at most half the limit before it learns the shared count', async () => {
    const env = { RATE_LIMIT_WRITES_PER_MINUTE: '20' };
    const a1 = await app(env);
    const a2 = await app(env);
    const a = await applicant(a1);
    const ip = address();
    for (let i = 0; i < 20; i++) expect((await save(a1, a, ip, `x${i}`)).status).toBe(200);
    expect((await save(a1, a, ip, 'over')).status).toBe(429);
    let more = 0;
    for (let i = 0; i < 15; i++) if ((await save(a2, a, ip, `y${i}`)).status === 200) more++;
    expect(more).toBeLessThanOrEqual(10);
    expect((await save(a2, a, ip, 'over')).status).toBe(429);
  });

  it('a real applicant is never limited by the defaults: 150 autosaves in a row', async () => {
    const t = await createTestApp({}, scratch.url);
    apps.push(t);
    const a = await applicant(t);
    const ip = address();
    for (let i = 0; i < 150; i++) expect((await save(t, a, ip, `typing ${i}`)).status).toBe(200);
  });
});

describe('quotas', () => {
  it('organizations per user: 409 errors.quota.organizations naming the quota', async () => {
    const t = await app({ QUOTA_ORGANIZATIONS_PER_USER: '2' });
    const user = await t.factory.user();
    const create = () => t.http.post('/api/Organization/CreateOrganization').set(user.headers()).send(organizationBody(t));
    const all = await Promise.all([create(), create(), create(), create()]);
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    const refused = all.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ key: 'errors.quota.organizations', quota: 'organizations-per-user', limit: 2 });
    expect(await orgCount(t, user)).toBe(2);
  });

  it('files per submission: 409 errors.quota.files; replacing a slot’s file is not one more', async () => {
    const t = await app({ QUOTA_FILES_PER_SUBMISSION: '1' });
    const a = await applicant(t);
    const upload = (slot: number) =>
      t.http
        .post('/api/FileUpload/UploadFile')
        .set(a.h)
        .field('CallSubmissionId', a.submissionId)
        .field('StepId', a.uploadStepId)
        .field('SlotIndex', String(slot))
        .attach('File', slot === 0 ? testFiles.pdf() : testFiles.png(), slot === 0 ? 'plan.pdf' : 'logo.png');
    expect((await upload(0)).status).toBe(200);
    expect((await upload(0)).status).toBe(200);
    const refused = await upload(1);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'errors.quota.files', quota: 'files-per-submission', limit: 1 });
    expect(FILL_UPLOAD_SLOTS).toHaveLength(2);
    expect(await files(t, a.submissionId)).toBe(1);
  });

  it('stored bytes per organization: 413 errors.quota.storage, and the refused file is not kept', async () => {
    const t = await app({ QUOTA_MB_PER_ORGANIZATION: '1' });
    const a = await applicant(t);
    const upload = (slot: number, bytes: number) =>
      t.http
        .post('/api/FileUpload/UploadFile')
        .set(a.h)
        .field('CallSubmissionId', a.submissionId)
        .field('StepId', a.uploadStepId)
        .field('SlotIndex', String(slot))
        .attach('File', slot === 0 ? testFiles.pdf(bytes) : testFiles.png(bytes), slot === 0 ? 'plan.pdf' : 'logo.png');
    expect((await upload(1, 700 * 1024)).status).toBe(200);
    const refused = await upload(0, 1000);
    expect(refused.status).toBe(200); // 700 KB + 1000 bytes fit in 1 MB
    const over = await upload(1, 400 * 1024 + 1); // replaces the 700 KB: still fits
    expect(over.status).toBe(200);
    const twice = await t.http
      .post('/api/FileUpload/UploadFile')
      .set(a.h)
      .field('CallSubmissionId', a.submissionId)
      .field('StepId', a.uploadStepId)
      .field('SlotIndex', '1')
      .attach('File', testFiles.png(1024 * 1024), 'big.png');
    expect(twice.status).toBe(413);
    expect(twice.body).toMatchObject({ key: 'errors.quota.storage', quota: 'bytes-per-organization', limit: 1024 * 1024 });
    // The slot keeps the file it had.
    const [row] = await t.db.query('SELECT dimensions FROM attachment WHERE submission_id = $1 AND slot_index = 1', [a.submissionId]);
    expect(Number(row.dimensions)).toBe(400 * 1024 + 1);
    expect(await files(t, a.submissionId)).toBe(2);
  });
});

function organizationBody(t: TestApp) {
  return {
    name: t.factory.unique('Limited org'),
    reg_number: 'IT01234567890',
    street_name: 'Via Roma 1',
    city_name: 'Milano',
    country: 'Italy',
    contact_name: 'Ada',
    contact_surname: 'Lovelace',
    contact_role: 'Director',
    contact_email: 'ada@applicant.test',
    personalData: true,
  };
}

async function orgCount(t: TestApp, user: TestUser): Promise<number> {
  return (
    (await t.db.query("SELECT count(*)::int AS n FROM organization_member WHERE user_id = $1 AND role = 'owner'", [user.id])) as {
      n: number;
    }[]
  )[0].n;
}

async function files(t: TestApp, submissionId: string): Promise<number> {
  return ((await t.db.query('SELECT count(*)::int AS n FROM attachment WHERE submission_id = $1', [submissionId])) as { n: number }[])[0].n;
}
