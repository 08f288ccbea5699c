import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import type { TestUser } from './factory.js';

// A 1x1 PNG and GIF, and a file that only claims to be a PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAAAAACw=';
const FAKE_PNG = Buffer.from('#!/bin/sh\necho not an image\n').toString('base64');

/**
 * Configuration is global (one active at a time), so these tests run on their own
 * scratch database, never on the shared one.
 */
let t: TestApp;
let drop: () => Promise<void>;
let customizer: TestUser;
let plainAdmin: TestUser;
let applicant: TestUser;

beforeAll(async () => {
  const db = await createScratchDatabase('ic_config');
  drop = db.drop;
  t = await createTestApp({}, db.url);
  customizer = await t.factory.user({ admin: true, email: 'brand@example.org' });
  plainAdmin = await t.factory.user({ admin: true, email: 'ops@elsewhere.test' });
  applicant = await t.factory.user();
});
afterAll(async () => {
  await t.close();
  await drop();
});

const upsert = (body: object, user: TestUser = customizer) => t.http.post('/api/Config/UpsertConfig').set(user.headers()).send(body);

describe('Config group', () => {
  it('answers built-in defaults before any configuration exists', async () => {
    const res = await t.http.get('/api/Config/GetConfig').expect(200);
    expect(res.body).toMatchObject({ id: '00000000-0000-0000-0000-000000000000', defaultLanguage: 'it', isActive: false });
  });

  it('makes the first configuration active and keeps exactly one active', async () => {
    const first = (await upsert({ name: 'First', landingHtml: '<p>Hello</p>' }).expect(200)).body;
    expect(first.isActive).toBe(true);
    const second = (await upsert({ name: 'Second', defaultLanguage: 'en' }).expect(200)).body;
    expect(second.isActive).toBe(false);
    expect((await t.http.get('/api/Config/GetConfig').expect(200)).body.name).toBe('First');

    await t.http.post(`/api/Config/ActivateConfig?id=${second.id}`).set(customizer.headers()).expect(200);
    const list = (await t.http.get('/api/Config/GetConfigList').set(customizer.headers()).expect(200)).body as {
      name: string;
      isActive: boolean;
    }[];
    expect(list.filter((c) => c.isActive).map((c) => c.name)).toEqual(['Second']);
    expect((await t.http.get('/api/Config/GetConfig').expect(200)).body.name).toBe('Second');
  });

  it('lets the database refuse a second active configuration or none', async () => {
    await expect(t.db.query('UPDATE configuration SET is_active = true')).rejects.toThrow();
    await expect(t.db.query('UPDATE configuration SET is_active = false')).rejects.toThrow(/exactly one configuration/);
  });

  it('refuses to delete the active configuration and deletes another', async () => {
    const active = (await t.http.get('/api/Config/GetConfig')).body;
    const res = await t.http.delete(`/api/Config/DeleteConfig?id=${active.id}`).set(customizer.headers()).expect(409);
    expect(res.body.key).toBe('pages.admin.error-config-active');
    const spare = (await upsert({ name: 'Spare' }).expect(200)).body;
    await t.http.delete(`/api/Config/DeleteConfig?id=${spare.id}`).set(customizer.headers()).expect(204);
    await t.http.delete(`/api/Config/DeleteConfig?id=${spare.id}`).set(customizer.headers()).expect(404);
  });

  it('updates with the version read and answers 409 to a stale one', async () => {
    const created = (await upsert({ name: 'Versioned' }).expect(200)).body;
    const updated = (await upsert({ id: created.id, version: created.version, name: 'Versioned 2', listName: 'Bandi' }).expect(200)).body;
    expect(updated).toMatchObject({ name: 'Versioned 2', listName: 'Bandi' });
    const stale = await upsert({ id: created.id, version: created.version, name: 'Lost update' }).expect(409);
    expect(stale.body.key).toBe('errors.stale-version');
    expect((await t.http.get(`/api/admin/configurations/${created.id}`).set(customizer.headers())).body.name).toBe('Versioned 2');
  });

  it('answers 304 to a browser revalidating the active configuration, and a new ETag once it changes', async () => {
    const first = await t.http.get('/api/Config/GetConfig').expect(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    // Weak: the same ETag goes with the gzip form of the bytes (docs/decisions/compression.md).
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    await t.http.get('/api/Config/GetConfig').set('If-None-Match', etag).expect(304);
    const active = first.body as { id: string; version: number; name: string };
    await upsert({ id: active.id, version: active.version, name: `${active.name} (renamed)` }).expect(200);
    const changed = await t.http.get('/api/Config/GetConfig').set('If-None-Match', etag).expect(200);
    expect(changed.body.name).toBe(`${active.name} (renamed)`);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('stores empty analytics ids as null', async () => {
    const c = (await upsert({ name: 'Analytics', reportPowerBiId: '  ', workspacePowerBiId: '' }).expect(200)).body;
    expect(c.reportPowerBiId).toBeNull();
    expect(c.workspacePowerBiId).toBeNull();
  });
});

describe('texts per language (issue 14)', () => {
  const get = (query = '', headers: Record<string, string> = {}) => t.http.get(`/api/Config/GetConfig${query}`).set(headers).expect(200);

  it('answers the texts of the language asked for, each falling back to the default language', async () => {
    const active = (await get()).body as { id: string; version: number };
    const saved = (
      await upsert({
        id: active.id,
        version: active.version,
        name: 'Multilingual',
        defaultLanguage: 'it',
        listName: 'Bandi aperti',
        message: '<p>Benvenuti</p>',
        texts: {
          en: { listName: 'Open calls', message: '<p>Welcome</p>', landingHtml: '<p>Landing</p>' },
          fr: { listName: 'Appels ouverts' },
        },
      }).expect(200)
    ).body;
    expect(saved.texts).toEqual({
      it: { message: '<p>Benvenuti</p>', listName: 'Bandi aperti', landingHtml: '', dataConsentText: '' },
      en: { message: '<p>Welcome</p>', listName: 'Open calls', landingHtml: '<p>Landing</p>', dataConsentText: '' },
      fr: { message: '', listName: 'Appels ouverts', landingHtml: '', dataConsentText: '' },
    });

    const it = (await get()).body;
    expect(it).toMatchObject({ language: 'it', listName: 'Bandi aperti', message: '<p>Benvenuti</p>', landingHtml: '' });
    expect(it).not.toHaveProperty('texts');
    expect((await get('?lang=en')).body).toMatchObject({
      language: 'en',
      listName: 'Open calls',
      message: '<p>Welcome</p>',
      landingHtml: '<p>Landing</p>',
    });
    // French has only a list name: the rest is Italian, the default language.
    expect((await get('?lang=fr')).body).toMatchObject({ language: 'fr', listName: 'Appels ouverts', message: '<p>Benvenuti</p>' });
    // Without lang, the browser's Accept-Language decides (and the answer says it varies with it).
    const byHeader = await get('', { 'Accept-Language': 'de-DE,fr-FR;q=0.9,en;q=0.8' });
    expect(byHeader.body.language).toBe('fr');
    expect(byHeader.headers.vary).toMatch(/Accept-Language/);
    expect((await get('', { 'Accept-Language': 'de, es;q=0.5' })).body.language).toBe('it');
    // Each language has its own ETag; a browser revalidating its language gets 304.
    const en = await get('?lang=en');
    expect(en.headers.etag).not.toBe((await get('?lang=fr')).headers.etag);
    await t.http
      .get('/api/Config/GetConfig?lang=en')
      .set('If-None-Match', en.headers.etag as string)
      .expect(304);
  });

  it('forgets every language once the configuration changes', async () => {
    const active = (await get()).body as { id: string; version: number };
    await get('?lang=en');
    await upsert({ id: active.id, version: active.version, name: 'Multilingual', texts: { en: { listName: 'Calls now open' } } }).expect(
      200,
    );
    expect((await get('?lang=en')).body.listName).toBe('Calls now open');
    // The default language's plain fields follow the default language.
    const current = (await get()).body as { id: string; version: number };
    const english = (await upsert({ id: current.id, version: current.version, name: 'Multilingual', defaultLanguage: 'en' }).expect(200))
      .body;
    expect(english.listName).toBe('Calls now open');
    expect((await get('?lang=fr')).body.message).toBe('<p>Welcome</p>');
  });

  it('clears a text sent as null or empty (the console sends null for an emptied field), never a 500', async () => {
    const active = (await get()).body as { id: string; version: number };
    const saved = (
      await upsert({ id: active.id, version: active.version, name: 'Multilingual', texts: { en: { listName: null, message: '' } } }).expect(
        200,
      )
    ).body;
    expect(saved.texts.en).toMatchObject({ listName: '', message: '' });
    const plain = (await upsert({ id: saved.id, version: saved.version, name: 'Multilingual', message: null }).expect(200)).body;
    expect(plain.message).toBe('');
  });

  it('refuses an unknown language and unsafe HTML in any language, naming the field', async () => {
    expect((await t.http.get('/api/Config/GetConfig?lang=de').expect(400)).body.key).toBe('errors.validation');
    const unsafe = await upsert({ name: 'X', texts: { fr: { landingHtml: '<script>alert(1)</script>' } } }).expect(400);
    expect(unsafe.body).toMatchObject({ key: 'errors.unsafe-html' });
    expect(unsafe.body.errors).toHaveProperty(['texts.fr.landingHtml']);
    const unknown = await upsert({ name: 'X', texts: { de: { listName: 'Aufrufe' } } }).expect(400);
    expect(unknown.body.key).toBe('errors.validation');
    const tooLong = await upsert({ name: 'X', texts: { en: { listName: 'x'.repeat(201) } } }).expect(400);
    expect(tooLong.body.key).toBe('errors.validation');
  });
});

describe('Config bad input', () => {
  it.each([
    ['landingHtml', '<p>Hi</p><script>alert(1)</script>'],
    ['message', '<img src=x onerror="alert(1)">'],
    ['dataConsentText', '<a href="javascript:alert(1)">consent</a>'],
    ['landingHtml', '<a href=" jav&#x09;ascript:alert(1)">x</a>'],
    ['landingHtml', '<iframe src="https://example.org"></iframe>'],
  ])('refuses unsafe HTML in %s with 400 errors.unsafe-html and saves nothing', async (field, html) => {
    const name = t.factory.unique('unsafe');
    const res = await upsert({ name, [field]: html }).expect(400);
    expect(res.body).toMatchObject({ key: 'errors.unsafe-html' });
    expect(res.body.errors[field]).toBeDefined();
    const names = ((await t.http.get('/api/Config/GetConfigList').set(customizer.headers())).body as { name: string }[]).map((c) => c.name);
    expect(names).not.toContain(name);
  });

  it('keeps safe rich HTML and drops what is not on the allowlist', async () => {
    const c = (
      await upsert({
        name: 'Rich',
        landingHtml: '<h2 style="color:red">Title</h2><p><strong>Bold</strong> <a href="https://x.org" target="_blank">link</a></p>',
      }).expect(200)
    ).body;
    expect(c.landingHtml).toBe(
      '<h2>Title</h2><p><strong>Bold</strong> <a href="https://x.org" target="_blank" rel="noopener noreferrer">link</a></p>',
    );
  });

  it('refuses unknown fields, wrong types and missing names with field errors', async () => {
    const unknown = await upsert({ name: 'X', isActive: true }).expect(400);
    expect(unknown.body).toMatchObject({ key: 'errors.validation' });
    expect(unknown.body.errors.isActive).toMatch(/not an accepted field/);
    const wrongType = await upsert({ name: 'X', languageSelection: 'yes', logoWidth: 'big' }).expect(400);
    expect(Object.keys(wrongType.body.errors).sort()).toEqual(['languageSelection', 'logoWidth']);
    const missing = await upsert({}).expect(400);
    expect(missing.body.errors.name).toBeDefined();
    const badLanguage = await upsert({ name: 'X', defaultLanguage: 'de' }).expect(400);
    expect(badLanguage.body.errors.defaultLanguage).toBeDefined();
  });

  it('accepts a PNG or GIF logo, as base64 or data URL, and refuses fakes and oversized logos', async () => {
    const png = (await upsert({ name: 'Logo', logoBase64: PNG }).expect(200)).body;
    expect(png.logoBase64).toBe(`data:image/png;base64,${PNG}`);
    await upsert({ name: 'Logo gif', logoBase64: `data:image/gif;base64,${GIF}` }).expect(200);
    expect((await upsert({ name: 'Fake', logoBase64: FAKE_PNG }).expect(400)).body.key).toBe('errors.logo-type');
    expect((await upsert({ name: 'Bad', logoBase64: '%%%not-base64' }).expect(400)).body.key).toBe('errors.logo-invalid');
    const huge = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(600 * 1024)]).toString('base64');
    expect((await upsert({ name: 'Huge', logoBase64: huge }).expect(400)).body.key).toBe('errors.logo-too-large');
  });

  it('refuses malformed ids in queries', async () => {
    await t.http.post('/api/Config/ActivateConfig?id=not-a-uuid').set(customizer.headers()).expect(400);
    await t.http.post(`/api/Config/ActivateConfig?id=3f2b7c1e-9a4d-4e2b-8c1f-6d5e4a3b2c1d`).set(customizer.headers()).expect(404);
  });
});

describe('Config access', () => {
  it('lets anyone read the active configuration', async () => {
    await t.http.get('/api/Config/GetConfig').expect(200);
  });

  it.each([
    ['get', '/api/Config/GetConfigList'],
    ['post', '/api/Config/UpsertConfig'],
    ['post', '/api/Config/ActivateConfig?id=00000000-0000-0000-0000-000000000001'],
    ['delete', '/api/Config/DeleteConfig?id=00000000-0000-0000-0000-000000000001'],
    ['get', '/api/admin/configurations'],
  ] as const)('%s %s: 401 anonymous, 403 applicant, 403 admin outside the customize domain', async (method, path) => {
    await t.http[method](path).send({ name: 'X' }).expect(401);
    expect((await t.http[method](path).set(applicant.headers()).send({ name: 'X' }).expect(403)).body.key).toBe('errors.admin-only');
    expect((await t.http[method](path).set(plainAdmin.headers()).send({ name: 'X' }).expect(403)).body.key).toBe('errors.customize-only');
  });

  it('knows an administrator of the customize domain whatever the case of the address', async () => {
    // Sign-in stores addresses lower-cased; an address written otherwise (an older row) still counts.
    const shouting = await t.factory.user({ admin: true, email: `brand-${Date.now()}@example.org` });
    await t.db.query('UPDATE app_user SET email = upper(email) WHERE id = $1', [shouting.id]);
    const me = (await t.http.get('/api/User').set(shouting.headers()).expect(200)).body;
    expect(me).toMatchObject({ email: shouting.email.toUpperCase(), canCustomize: true });
    await t.http.get('/api/Config/GetConfigList').set(shouting.headers()).expect(200);
  });

  it('pages the console list with a Content-Range header', async () => {
    const res = await t.http.get('/api/admin/configurations?range=[0,1]&sort=["name","ASC"]').set(customizer.headers()).expect(200);
    expect(res.body).toHaveLength(2);
    expect(res.headers['content-range']).toMatch(/^configurations 0-1\/\d+$/);
    await t.http.get('/api/admin/configurations?sort=["password","ASC"]').set(customizer.headers()).expect(400);
    await t.http.get('/api/admin/configurations?range=[0,100000]').set(customizer.headers()).expect(200);
  });
});

describe('demo content', () => {
  it('loads on the first start against an empty database and never touches one with data', async () => {
    const db = await createScratchDatabase('ic_demo');
    try {
      const first = await createTestApp({ DEMO_CONTENT: 'true' }, db.url);
      // createTestApp forces demo off; load through the same path main.ts uses.
      await first.close();
      const { createApp } = await import('../src/app.factory.js');
      const { loadSettings } = await import('../src/config/settings.js');
      const other = await createScratchDatabase('ic_demo2');
      const settings = loadSettings({
        NODE_ENV: 'test',
        JWT_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'silent',
        DEMO_CONTENT: 'true',
        DATA_DIR: '/tmp/ic-demo-test',
      });
      const app = await createApp(settings, other.url);
      const config = (await (await import('supertest')).default(app.getHttpServer()).get('/api/Config/GetConfig')).body;
      expect(config.isActive).toBe(true);
      expect(config.landingHtml).toContain('<h1>');
      // The first open demo call has its review ready: a phase and a three-criterion rubric.
      const review = await app
        .get((await import('@nestjs/typeorm')).getDataSourceToken() as string)
        .query('SELECT (SELECT count(*)::int FROM review_criterion) AS criteria, (SELECT count(*)::int FROM review_phase) AS phases');
      expect(review[0]).toEqual({ criteria: 3, phases: 1 });
      await app.close();
      // Second start on the same (now non-empty) database: nothing added.
      const again = await createApp(settings, other.url);
      const rows = await again
        .get((await import('@nestjs/typeorm')).getDataSourceToken() as string)
        .query('SELECT count(*)::int AS n FROM configuration');
      expect(rows[0].n).toBe(1);
      await again.close();
      await other.drop();
    } finally {
      await db.drop();
    }
  });
});
