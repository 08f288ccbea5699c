/**
 * Power BI embedding (issue 18) against a local stand-in of Entra ID and the Power BI REST API
 * (test/powerbi-standin.ts, over HTTPS as MSAL requires): the embed data's shape, the Entra ID
 * token kept until shortly before it expires, errors mapped to 4xx/502/503 with keys, the
 * row-level-security token only for the user's own organizations, and the feature off
 * without its settings. Real PostgreSQL, real MSAL, real HTTPS.
 */
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { entraError, powerBiError, startPowerBiStandIn, type PowerBiStandIn, type StandInReport } from './powerbi-standin.js';
import { PowerBiClock, TOKEN_RENEWAL_MS } from '../src/modules/powerbi/powerbi-client.js';

const TOKEN = /\/oauth2\/v2\.0\/token$/;
const GET_REPORT = /\/reports\/[^/]+$/;
const GENERATE = /\/GenerateToken$/;

let standIn: PowerBiStandIn;
let t: TestApp;
let admin: TestUser;
let applicant: TestUser;
let orgId: string;
let stranger: TestUser;
let strangerOrg: string;
/** Console report of a call. */
let consoleReport: StandInReport;
/** Applicants' report of an open, unlocked call. */
let userReport: StandInReport;
let now: number;

const q = (r: { groupId: string; reportId: string }, extra: Record<string, string> = {}) => ({
  workspaceId: r.groupId,
  reportId: r.reportId,
  ...extra,
});

/** A call naming these reports, and the stand-in knowing them. */
async function callWith(o: { console?: StandInReport; user?: StandInReport; extra?: Record<string, unknown> }) {
  return t.factory.call({
    powerBIWorkspaceID: o.console?.groupId,
    powerBIReportID: o.console?.reportId,
    userPowerBIWorkspaceID: o.user?.groupId,
    userPowerBIReportID: o.user?.reportId,
    ...o.extra,
  });
}

beforeAll(async () => {
  standIn = await startPowerBiStandIn();
  t = await createTestApp({ ...standIn.env, POWERBI_RLS_ROLES: 'Organization' });
  now = Date.now();
  t.app.get(PowerBiClock).now = () => now;
  admin = await t.factory.user({ admin: true });
  applicant = await t.factory.user();
  orgId = (await t.factory.organization(applicant)).id;
  stranger = await t.factory.user();
  strangerOrg = (await t.factory.organization(stranger)).id;
  consoleReport = standIn.addReport({ name: 'Console' });
  userReport = standIn.addReport({ name: 'Applicants' });
  await callWith({ console: consoleReport, user: userReport });
});

afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('GET /api/PowerBi/Available', () => {
  it('is true for any signed-in user once the service principal is configured', async () => {
    const res = await t.http.get('/api/PowerBi/Available').set(applicant.headers()).expect(200);
    expect(res.body).toEqual({ available: true });
    await t.http.get('/api/PowerBi/Available').expect(401);
  });
});

describe('GET /api/PBITokens (administrators)', () => {
  it("answers exactly the spec's embed data, from Get Report In Group and GenerateToken", async () => {
    const res = await t.http.get('/api/PBITokens').query(q(consoleReport)).set(admin.headers()).expect(200);
    expect(res.body).toEqual({
      embedReport: {
        reportId: consoleReport.reportId,
        embedUrl: expect.stringMatching(/^https:\/\/app\.powerbi\.com\/reportEmbed\?reportId=/),
      },
      embedToken: { token: expect.stringMatching(/^H4sI\./) },
      showFilters: true,
    });
    // The GenerateToken request: view only, no identity for administrators, the service principal's token.
    const generate = standIn.requests.filter((r) => r.method === 'POST' && GENERATE.test(r.path)).at(-1)!;
    expect(JSON.parse(generate.body)).toEqual({ accessLevel: 'View' });
    expect(generate.authorization).toMatch(/^Bearer standin\./);
    // MSAL's client credentials grant, with the Power BI scope and the secret.
    const token = standIn.requests.find((r) => r.method === 'POST' && TOKEN.test(r.path))!;
    const form = new URLSearchParams(token.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')).toBe('https://analysis.windows.net/powerbi/api/.default');
    expect(form.get('client_id')).toBe(standIn.clientId);
  });

  it('keeps the Entra ID token: a second report does not ask the token endpoint again', async () => {
    const second = standIn.addReport({ name: 'Second' });
    await callWith({ console: second });
    const tokens = standIn.count('POST', TOKEN);
    const reports = standIn.count('GET', GET_REPORT);
    await t.http.get('/api/PBITokens').query(q(second)).set(admin.headers()).expect(200);
    expect(standIn.count('POST', TOKEN)).toBe(tokens);
    expect(standIn.count('GET', GET_REPORT)).toBe(reports + 1);
    // And the same report again is served from its embed token: no Power BI call at all.
    const generated = standIn.count('POST', GENERATE);
    await t.http.get('/api/PBITokens').query(q(second)).set(admin.headers()).expect(200);
    expect(standIn.count('POST', GENERATE)).toBe(generated);
    expect(standIn.count('GET', GET_REPORT)).toBe(reports + 1);
  });

  it('honours expiry: tokens are renewed once within five minutes of expiring, not before', async () => {
    const report = standIn.addReport({ name: 'Expiry' });
    await callWith({ console: report });
    await t.http.get('/api/PBITokens').query(q(report)).set(admin.headers()).expect(200);
    const tokens = standIn.count('POST', TOKEN);
    const generated = standIn.count('POST', GENERATE);
    const start = now;
    try {
      // The access token lives 3,599 s and the embed token 60 min: both still fresh 50 min later.
      now = start + 50 * 60_000;
      await t.http.get('/api/PBITokens').query(q(report)).set(admin.headers()).expect(200);
      expect(standIn.count('POST', TOKEN)).toBe(tokens);
      expect(standIn.count('POST', GENERATE)).toBe(generated);
      // 56 min: inside the last five minutes of both: a new access token and a new embed token.
      now = start + 3599_000 - TOKEN_RENEWAL_MS + 60_000;
      await t.http.get('/api/PBITokens').query(q(report)).set(admin.headers()).expect(200);
      expect(standIn.count('POST', TOKEN)).toBe(tokens + 1);
      expect(standIn.count('POST', GENERATE)).toBe(generated + 1);
    } finally {
      now = start + 3599_000; // later tests start from the renewed token
    }
  });

  it('asks for a new token once when Power BI says the token expired (401), then succeeds', async () => {
    const report = standIn.addReport({ name: 'Revoked' });
    await callWith({ console: report });
    const tokens = standIn.count('POST', TOKEN);
    standIn.failNext('GET', GET_REPORT, 401, powerBiError('TokenExpired'));
    await t.http.get('/api/PBITokens').query(q(report)).set(admin.headers()).expect(200);
    expect(standIn.count('POST', TOKEN)).toBe(tokens + 1);
  });

  it('maps Power BI failures: 404 not found, 403 refused (502), 500 and 429 unavailable (503 with Retry-After)', async () => {
    const report = standIn.addReport({ name: 'Failing' });
    await callWith({ console: report });
    const get = () => t.http.get('/api/PBITokens').query(q(report)).set(admin.headers());

    standIn.failNext('GET', GET_REPORT, 404, powerBiError('PowerBIEntityNotFound'));
    expect((await get().expect(404)).body).toMatchObject({ key: 'pages.admin.pbi.report-not-found' });

    standIn.failNext('GET', GET_REPORT, 403, powerBiError('Unauthorized'));
    expect((await get().expect(502)).body).toMatchObject({ key: 'pages.admin.pbi.refused' });

    standIn.failNext('POST', GENERATE, 400, powerBiError('InvalidRequest', 'requires effective identity'));
    expect((await get().expect(502)).body).toMatchObject({ key: 'pages.admin.pbi.refused' });

    standIn.failNext('GET', GET_REPORT, 500, powerBiError('InternalServerError'));
    const down = await get().expect(503);
    expect(down.body).toMatchObject({ key: 'pages.admin.pbi.unreachable' });
    expect(down.headers['retry-after']).toBe('30');

    standIn.failNext('POST', GENERATE, 429, powerBiError('TooManyRequests'), { 'Retry-After': '7' });
    const busy = await get().expect(503);
    expect(busy.body).toMatchObject({ key: 'pages.admin.pbi.unreachable' });
    expect(busy.headers['retry-after']).toBe('7');

    // A report Power BI has no more (the ids are still in the database).
    standIn.reports.delete(`${report.groupId}/${report.reportId}`.toLowerCase());
    expect((await get().expect(404)).body).toMatchObject({ key: 'pages.admin.pbi.report-not-found' });
  });

  it('maps Entra ID refusing the service principal to 502, and Entra ID failing to 503', async () => {
    const report = standIn.addReport({ name: 'Entra' });
    await callWith({ console: report });
    const get = () => t.http.get('/api/PBITokens').query(q(report)).set(admin.headers());
    now += 3600_000; // the cached token is stale: the next call asks Entra ID
    standIn.failNext('POST', TOKEN, 401, entraError('invalid_client', 7000215, 'Invalid client secret provided.'));
    expect((await get().expect(502)).body).toMatchObject({ key: 'pages.admin.pbi.refused' });
    standIn.failNext('POST', TOKEN, 503, { error: 'temporarily_unavailable' });
    expect((await get().expect(503)).body).toMatchObject({ key: 'pages.admin.pbi.unreachable' });
    await get().expect(200);
  });

  it('answers 503 within the time limit when Power BI does not answer, and only this feature degrades', async () => {
    const report = standIn.addReport({ name: 'Hanging' });
    await callWith({ console: report });
    standIn.hang('GET', new RegExp(`/reports/${report.reportId}$`));
    const started = Date.now();
    const res = await t.http.get('/api/PBITokens').query(q(report)).set(admin.headers()).expect(503);
    expect(res.body).toMatchObject({ key: 'pages.admin.pbi.unreachable' });
    expect(Date.now() - started).toBeLessThan(10_000);
    await t.http.get('/api/health').expect(200);
    await t.http.get('/api/Call/GetCallListUser').set(applicant.headers(orgId)).expect(200);
  });

  it('refuses ids the product does not name (404, Power BI not asked), bad ids (400) and plain users (403)', async () => {
    const calls = standIn.requests.length;
    const unknown = standIn.addReport({ name: 'Known to Power BI only' });
    expect((await t.http.get('/api/PBITokens').query(q(unknown)).set(admin.headers()).expect(404)).body).toMatchObject({
      key: 'pages.admin.pbi.report-not-found',
    });
    // The applicants' pair of a call is one the product names too.
    await t.http.get('/api/PBITokens').query(q(userReport)).set(admin.headers()).expect(200);
    expect(standIn.requests.slice(calls).some((r) => r.path.includes(unknown.reportId))).toBe(false);

    for (const query of [
      {},
      { workspaceId: consoleReport.groupId },
      { workspaceId: '../../etc', reportId: consoleReport.reportId },
      { workspaceId: consoleReport.groupId, reportId: 'x'.repeat(101) },
      { workspaceId: consoleReport.groupId, reportId: 'a b' },
    ]) {
      await t.http.get('/api/PBITokens').query(query).set(admin.headers()).expect(400);
    }
    await t.http.get('/api/PBITokens').query(q(consoleReport)).set(applicant.headers()).expect(403);
    await t.http.get('/api/PBITokens').query(q(consoleReport)).expect(401);
  });

  it("embeds the active configuration's report", async () => {
    const portfolio = standIn.addReport({ name: 'Portfolio' });
    await t.http.get('/api/PBITokens').query(q(portfolio)).set(admin.headers()).expect(404);
    await t.db.query(`UPDATE configuration SET workspace_power_bi_id = $1, report_power_bi_id = $2 WHERE is_active`, [
      portfolio.groupId,
      portfolio.reportId,
    ]);
    const configured = await t.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM configuration WHERE is_active`);
    if (configured[0].n === 0) {
      await t.db.query(
        `INSERT INTO configuration (name, is_active, workspace_power_bi_id, report_power_bi_id) VALUES ('Test', true, $1, $2)`,
        [portfolio.groupId, portfolio.reportId],
      );
    }
    await t.http.get('/api/PBITokens').query(q(portfolio)).set(admin.headers()).expect(200);
  });
});

describe('GET /api/PBITokens/GetPBITokenRls (applicants, row-level security)', () => {
  const rls = (user: TestUser, r: { groupId: string; reportId: string }, org: string) =>
    t.http
      .get('/api/PBITokens/GetPBITokenRls')
      .query(q(r, { orgId: org }))
      .set(user.headers());

  it("answers the call's applicants' report with the organization as the effective identity", async () => {
    const res = await rls(applicant, userReport, orgId).expect(200);
    expect(res.body).toEqual({
      embedReport: { reportId: userReport.reportId, embedUrl: expect.stringMatching(/^https:\/\//) },
      embedToken: { token: expect.any(String) },
      showFilters: false,
    });
    const generate = standIn.requests.filter((r) => r.method === 'POST' && GENERATE.test(r.path)).at(-1)!;
    expect(JSON.parse(generate.body)).toEqual({
      accessLevel: 'View',
      identities: [{ username: orgId, datasets: [userReport.datasetId], roles: ['Organization'] }],
    });
    // Each organization its own token: another organization of another user is another identity.
    const other = await rls(stranger, userReport, strangerOrg).expect(200);
    expect(other.body.embedToken.token).not.toBe(res.body.embedToken.token);
  });

  it('refuses an organization the user does not belong to (403), whatever the report', async () => {
    const generated = standIn.count('POST', GENERATE);
    expect((await rls(applicant, userReport, strangerOrg).expect(403)).body).toMatchObject({ key: 'errors.organization-forbidden' });
    await rls(applicant, userReport, randomUUID()).expect(403);
    await rls(admin, userReport, orgId).expect(403);
    expect(standIn.count('POST', GENERATE)).toBe(generated);
  });

  it("refuses ids that are no call's applicants' report (404): unknown, the console's pair, a call filtered out", async () => {
    const unknown = standIn.addReport();
    expect((await rls(applicant, unknown, orgId).expect(404)).body).toMatchObject({ key: 'pages.admin.pbi.report-not-found' });
    await rls(applicant, consoleReport, orgId).expect(404);
    const filtered = standIn.addReport();
    await callWith({ user: filtered, extra: { isUserFilterEnable: true, userFilterEmail: 'someone@else.test' } });
    await rls(applicant, filtered, orgId).expect(404);
  });

  it('refuses a locked call until its lock end date (409)', async () => {
    const locked = standIn.addReport();
    await callWith({ user: locked, extra: { callLockEnd: new Date(Date.now() + 7 * 86_400_000) } });
    expect((await rls(applicant, locked, orgId).expect(409)).body).toMatchObject({ key: 'pages.admin.pbi.locked' });
  });

  it('refuses a bad organization id (400)', async () => {
    await t.http
      .get('/api/PBITokens/GetPBITokenRls')
      .query(q(userReport, { orgId: 'nope' }))
      .set(applicant.headers())
      .expect(400);
    await t.http.get('/api/PBITokens/GetPBITokenRls').query(q(userReport)).set(applicant.headers()).expect(400);
  });
});

describe('GET /api/admin/pbi-reports', () => {
  it('lists the calls with Power BI ids, one page with its total, searchable', async () => {
    const named = await callWith({ console: standIn.addReport(), extra: { name: 'Zeta analytics call' } });
    await t.factory.call({ name: 'Without analytics' });
    const res = await t.http.get('/api/admin/pbi-reports').query({ range: '[0,99]' }).set(admin.headers()).expect(200);
    const names = (res.body as { name: string }[]).map((r) => r.name);
    expect(names).toContain('Zeta analytics call');
    expect(names).not.toContain('Without analytics');
    expect(res.headers['content-range']).toMatch(new RegExp(`^pbi-reports 0-\\d+/${names.length}$`));
    const search = await t.http
      .get('/api/admin/pbi-reports')
      .query({ filter: JSON.stringify({ q: 'zeta' }) })
      .set(admin.headers())
      .expect(200);
    expect(search.body).toEqual([expect.objectContaining({ id: named.id, powerBIWorkspaceID: named.powerBIWorkspaceID })]);
    await t.http.get('/api/admin/pbi-reports').set(applicant.headers()).expect(403);
  });
});

describe('without the Power BI settings', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off?.close());

  it('is not available, and the embed endpoints answer 503 with a key', async () => {
    const user = await off.factory.user({ admin: true });
    expect((await off.http.get('/api/PowerBi/Available').set(user.headers()).expect(200)).body).toEqual({ available: false });
    const res = await off.http.get('/api/PBITokens').query(q(consoleReport)).set(user.headers()).expect(503);
    expect(res.body).toMatchObject({ key: 'pages.admin.pbi.unavailable' });
  });
});

describe('with Power BI unreachable', () => {
  let down: TestApp;
  beforeAll(async () => {
    // A port nobody listens on.
    down = await createTestApp({
      ...standIn.env,
      POWERBI_AUTHORITY_HOST: 'https://127.0.0.1:9',
      POWERBI_API_URL: 'https://127.0.0.1:9/v1.0/myorg',
    });
  });
  afterAll(() => down?.close());

  it('answers 503 for the reports and everything else still works', async () => {
    const user = await down.factory.user({ admin: true });
    const res = await down.http.get('/api/PBITokens').query(q(consoleReport)).set(user.headers()).expect(503);
    expect(res.body).toMatchObject({ key: 'pages.admin.pbi.unreachable' });
    expect((await down.http.get('/api/PowerBi/Available').set(user.headers()).expect(200)).body).toEqual({ available: true });
    await down.http.get('/api/health').expect(200);
    await down.http.get('/api/admin/calls').set(user.headers()).expect(200);
  });
});
