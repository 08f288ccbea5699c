import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './app.js';

/**
 * The HTTP habits the API kept when it moved from Express to Fastify (docs/decisions/fastify.md):
 * routes in any letter case and with a trailing slash, request bodies of the types it takes (and
 * 415 with the key for the others), an empty JSON body read as none, HEAD on every GET, security
 * headers and X-Request-Id on every answer, and the single-page applications' files and history
 * fallback.
 */
describe('the HTTP pipeline on Fastify', () => {
  let t: TestApp;
  const applicant = mkdtempSync(join(tmpdir(), 'ic-spa-'));
  beforeAll(async () => {
    mkdirSync(join(applicant, 'assets'));
    writeFileSync(join(applicant, 'index.html'), '<!doctype html><title>applicant</title>');
    writeFileSync(join(applicant, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp({ APPLICANT_UI_DIR: applicant });
  });
  afterAll(() => t.close());

  it('matches routes in any letter case and with a trailing slash, as Express did', async () => {
    await t.http.get('/api/config/getconfig').expect(200);
    await t.http.get('/api/Config/GetConfig/').expect(200);
    await t.http.get('/api/health/live').expect(200, { status: 'ok' });
  });

  it('answers HEAD on a GET route, with the headers and no body', async () => {
    const res = await t.http.head('/api/Config/GetConfig').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text ?? '').toBe('');
  });

  it('refuses a body of a type it does not take with 415 and the key, and reads an empty JSON body as none', async () => {
    const res = await t.http.post('/api/Call/CreateCallType').set('Content-Type', 'text/plain').send('name=x').expect(415);
    expect(res.body.key).toBe('errors.unsupported-media-type');
    // Signed out: the guard answers, not the body parser.
    await t.http.post('/api/Jwt/logout').set('Content-Type', 'application/json').send('').expect(401);
  });

  it('puts the security headers and the request id on answers, errors included', async () => {
    for (const res of [await t.http.get('/api/Config/GetConfig').expect(200), await t.http.get('/api/NoSuch/Route').expect(404)]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("serves the app's files, index.html for its other pages, and never for /api", async () => {
    const asset = await t.http.get('/assets/app-1234.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/calls/123', '/assets/missing.js']) {
      const res = await t.http.get(page).expect(200);
      expect([page, res.text, res.headers['cache-control']]).toEqual([page, '<!doctype html><title>applicant</title>', 'no-cache']);
    }
    const api = await t.http.get('/api/NoSuch/Route').expect(404);
    expect(api.body.key).toBe('errors.not-found');
    await t.http.get('/assets/..%2f..%2fetc%2fpasswd').expect(200, '<!doctype html><title>applicant</title>');
  });
});
