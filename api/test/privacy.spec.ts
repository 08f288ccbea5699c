/**
 * Data protection (issue 32): consent records given with the organization form and after sign-in,
 * the exact text kept by its sha256, and the data exports as streamed ZIPs (the user's, an
 * organization's with its files). The branding is global, so this file runs on its own database.
 */
import { jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import { binary, unzip } from './documents-fixtures.js';
import { testFiles, type TestUser } from './factory.js';
import { PrivacyExportService } from '../src/modules/privacy/privacy-export.service.js';

jest.setTimeout(180_000);

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const NOTICE_IT = '<p>Informativa sul <strong>trattamento</strong> dei dati, versione 1.</p>';
const NOTICE_EN = '<p>How we process <strong>your data</strong>, version 1.</p>';
const NOTICE_EN_2 = '<p>How we process <strong>your data</strong>, version 2.</p>';

let t: TestApp;
let drop: () => Promise<void>;
let customizer: TestUser;
let port: number;

/** Saves the one configuration with the data-consent texts given (Italian by default). */
async function brand(texts: { it: string; en: string }): Promise<void> {
  const list = (await t.http.get('/api/Config/GetConfigList').set(customizer.headers()).expect(200)).body as {
    id: string;
    version: number;
  }[];
  const current = list[0];
  const res = await t.http
    .post('/api/Config/UpsertConfig')
    .set(customizer.headers())
    .send({
      ...(current ? { id: current.id, version: current.version } : {}),
      name: 'Bandi Verdi',
      defaultLanguage: 'it',
      texts: { it: { dataConsentText: texts.it }, en: { dataConsentText: texts.en } },
    });
  expect(res.status).toBe(200);
}

const orgBody = (o: Record<string, unknown> = {}) => ({
  name: t.factory.unique('Cooperativa Città'),
  reg_number: 'IT01234567890',
  street_name: 'Via Roma 1',
  city_name: 'Milano',
  country: 'Italia',
  contact_name: 'Maria',
  contact_surname: 'Rossi',
  contact_role: 'Presidente',
  contact_email: 'maria@applicant.test',
  personalData: true,
  selfCertification: true,
  termsOfService: false,
  ...o,
});

interface Consent {
  id: string;
  kind: string;
  organizationId: string | null;
  textVersion: string;
  givenAt: string;
  withdrawnAt: string | null;
}

const consentsOf = async (u: TestUser) => (await t.http.get('/api/privacy/consents').set(u.headers()).expect(200)).body as Consent[];

/** An applicant whose interface language is English. */
async function englishUser(): Promise<TestUser> {
  const u = await t.factory.user();
  expect((await t.http.put('/api/User/Language').set(u.headers()).send({ language: 'en' })).status).toBe(204);
  // The signed-in user is cached: wait until this replica has taken the change.
  for (let i = 0; i < 100 && (await t.http.get('/api/User').set(u.headers())).body.language !== 'en'; i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return u;
}

beforeAll(async () => {
  const db = await createScratchDatabase('ic_privacy');
  drop = db.drop;
  t = await createTestApp({}, db.url);
  customizer = await t.factory.user({ admin: true, email: 'brand@example.org' });
  await brand({ it: NOTICE_IT, en: NOTICE_EN });
  const server = t.app.getHttpServer();
  if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await drop();
});

describe('consent records', () => {
  it('records the consents of the organization form, each with the hash of the text shown and the text kept', async () => {
    const u = await englishUser();
    const org = (await t.http.post('/api/Organization/CreateOrganization').set(u.headers()).send(orgBody()).expect(200)).body as {
      id: string;
      version: number;
    };
    const given = await consentsOf(u);
    expect(given.map((c) => c.kind).sort()).toEqual(['data-consent-text', 'data-processing', 'self-certification']);
    expect(given.every((c) => c.organizationId === org.id && c.withdrawnAt === null)).toBe(true);
    const processing = given.find((c) => c.kind === 'data-processing')!;
    expect(processing.textVersion).toBe(sha('I consent to the processing of personal data'));
    expect(given.find((c) => c.kind === 'data-consent-text')!.textVersion).toBe(sha(NOTICE_EN));
    const text = await t.http.get(`/api/privacy/consents/texts/${processing.textVersion}`).set(u.headers()).expect(200);
    expect(text.body).toEqual({ version: processing.textVersion, text: 'I consent to the processing of personal data' });
    const notice = await t.http
      .get(`/api/privacy/consents/texts/${sha(NOTICE_EN)}`)
      .set(u.headers())
      .expect(200);
    expect(notice.body.text).toBe(NOTICE_EN);

    // Saved again: self-certification unticked is withdrawn, terms ticked is recorded, the rest is not repeated.
    await t.http
      .put('/api/Organization/UpdateOrganization')
      .set(u.headers())
      .send({ ...orgBody({ selfCertification: false, termsOfService: true }), id: org.id, version: org.version })
      .expect(200);
    const after = await consentsOf(u);
    expect(after).toHaveLength(4);
    expect(after.find((c) => c.kind === 'self-certification')!.withdrawnAt).not.toBeNull();
    expect(after.find((c) => c.kind === 'terms')!.textVersion).toBe(sha('I accept the terms of service'));
    expect(after.filter((c) => c.kind === 'data-processing')).toHaveLength(1);

    // Another user's text is not theirs to read, and a malformed version is simply unknown.
    const other = await t.factory.user();
    await t.http.get(`/api/privacy/consents/texts/${processing.textVersion}`).set(other.headers()).expect(404);
    expect((await t.http.get('/api/privacy/consents/texts/nope').set(other.headers()).expect(404)).body.key).toBe(
      'errors.privacy.text-not-found',
    );
  });

  it('asks again when the data-consent text changes; a stale version is refused', async () => {
    const u = await englishUser();
    // Someone who never agreed is asked where the text is first shown (the organization form), not at sign-in.
    expect((await t.http.get('/api/privacy/consents/pending').set(u.headers()).expect(200)).body).toEqual([]);

    const rec = await t.http
      .post('/api/privacy/consents')
      .set(u.headers())
      .send({ kind: 'data-consent-text', textVersion: sha(NOTICE_EN) });
    expect(rec.status).toBe(201);
    expect(rec.body).toMatchObject({ kind: 'data-consent-text', textVersion: sha(NOTICE_EN), organizationId: null, withdrawnAt: null });
    // Agreeing twice keeps one record.
    await t.http
      .post('/api/privacy/consents')
      .set(u.headers())
      .send({ kind: 'data-consent-text', textVersion: sha(NOTICE_EN) })
      .expect(201);
    expect((await consentsOf(u)).filter((c) => c.kind === 'data-consent-text')).toHaveLength(1);
    expect((await t.http.get('/api/privacy/consents/pending').set(u.headers()).expect(200)).body).toEqual([]);

    await brand({ it: NOTICE_IT, en: NOTICE_EN_2 });
    const again = (await t.http.get('/api/privacy/consents/pending').set(u.headers()).expect(200)).body;
    expect(again).toEqual([{ kind: 'data-consent-text', textVersion: sha(NOTICE_EN_2), text: NOTICE_EN_2, language: 'en' }]);
    const asked = (await t.http.get('/api/privacy/consents/pending?lang=it').set(u.headers()).expect(200)).body;
    expect(asked[0]).toMatchObject({ textVersion: sha(NOTICE_IT), text: NOTICE_IT, language: 'it' });
    const stale = await t.http
      .post('/api/privacy/consents')
      .set(u.headers())
      .send({ kind: 'data-consent-text', textVersion: sha(NOTICE_EN) });
    expect(stale.status).toBe(400);
    expect(stale.body.key).toBe('errors.privacy.stale-consent-text');
    const wrongKind = await t.http
      .post('/api/privacy/consents')
      .set(u.headers())
      .send({ kind: 'terms', textVersion: sha(NOTICE_EN_2) });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.key).toBe('errors.privacy.consent-kind');
    const bad = await t.http.post('/api/privacy/consents').set(u.headers()).send({ kind: 'data-consent-text', textVersion: 'x' });
    expect(bad.status).toBe(400);
    await t.http
      .post('/api/privacy/consents')
      .set(u.headers())
      .send({ kind: 'data-consent-text', textVersion: sha(NOTICE_EN_2) })
      .expect(201);
    expect((await t.http.get('/api/privacy/consents/pending').set(u.headers()).expect(200)).body).toEqual([]);
    // The Italian text did not change: a consent to it still holds for whoever gave it.
    await brand({ it: NOTICE_IT, en: NOTICE_EN });
  });
});

/** An owner's organization with a submission holding two files of the same accented name, a large image and a survey answer. */
async function organizationWithFiles() {
  const call = await t.factory.call({
    steps: [
      {
        kind: 'upload',
        name: 'Documenti',
        content: [
          { file_name: 'Relazione', file_description: '', file_type: 'pdf', dimensions: 1000, mandatory: false },
          { file_name: 'Allegato', file_description: '', file_type: 'pdf', dimensions: 1000, mandatory: false },
          { file_name: 'Logo', file_description: '', file_type: 'image', dimensions: 5 * 1024 * 1024, mandatory: false },
        ],
      },
      { kind: 'survey', name: 'Chi siete', content: { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'mission' }] }] } },
    ],
  });
  const steps = Object.fromEntries(call.callType.steps.map((s) => [s.stepTypeName!, s.id]));
  const owner = await englishUser();
  const org = (await t.http.post('/api/Organization/CreateOrganization').set(owner.headers()).send(orgBody()).expect(200)).body as {
    id: string;
    name: string;
  };
  const h = owner.headers(org.id);
  const sub = await t.factory.submission(call.id, owner, org.id);
  const pdfA = testFiles.pdf(700);
  const pdfB = Buffer.concat([testFiles.pdf(800).subarray(0, 780), Buffer.from('\n%%EOF\n')]).subarray(0, 800);
  const png = testFiles.png(2 * 1024 * 1024);
  const upload = (slot: number, bytes: Buffer, name: string) =>
    t.http
      .post('/api/FileUpload/UploadFile')
      .set(h)
      .field('CallSubmissionId', sub.id)
      .field('StepId', steps.upload)
      .field('SlotIndex', String(slot))
      .attach('File', bytes, name)
      .expect(200);
  await upload(0, pdfA, 'Relazione è finale.pdf');
  await upload(1, pdfB, 'Relazione è finale.pdf');
  await upload(2, png, 'logo.png');
  await t.http
    .post('/api/Call/UpsertCallStepResult')
    .set(h)
    .send({
      callSubmissionId: sub.id,
      stepId: steps.survey,
      content: { data: { mission: 'Fiumi puliti' }, currentPageNo: 0, completed: true },
    })
    .expect(200);
  return { owner, org, sub, pdfA, pdfB, png };
}

/** GET over a socket of its own, closed at the first bytes of the body. */
function abortAtFirstChunk(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false });
    req.on('error', () => undefined);
    req.on('response', (res) => {
      res.once('data', () => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
      res.on('error', () => undefined);
    });
    req.on('close', () => reject(new Error('closed before any byte')));
    req.end();
  });
}

describe('data exports', () => {
  it("exports the user's data as a ZIP: data.json with their records, README.txt in their language", async () => {
    const { owner, org, sub } = await organizationWithFiles();
    const res = await binary(t.http.get('/api/privacy/export/me').set(owner.headers())).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const entries = await unzip(res.body as Buffer);
    expect([...entries.keys()]).toEqual(['README.txt', 'data.json']);
    expect(entries.get('README.txt')!.toString('utf8')).toContain('Your data in Bandi Verdi');
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(data.user).toMatchObject({ id: owner.id, email: owner.email, language: 'en' });
    expect(data.memberships).toEqual([expect.objectContaining({ organizationId: org.id, role: 'owner' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.sessions)).not.toMatch(/refresh|idToken/i);
    expect(data.consents.find((c: { kind: string }) => c.kind === 'data-consent-text').text).toBe(NOTICE_EN);
    expect(data.submissions).toEqual([expect.objectContaining({ id: sub.id, code: sub.code, organizationId: org.id })]);
    expect(Array.isArray(data.messages)).toBe(true);
    expect(data).not.toHaveProperty('audit');
  });

  it("exports an organization's data with its files byte for byte, for its owners only", async () => {
    const { owner, org, sub, pdfA, pdfB, png } = await organizationWithFiles();
    const res = await binary(t.http.get(`/api/privacy/export/organizations/${org.id}`).set(owner.headers())).expect(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="organization-data-cooperativa-citta-[^"]*\.zip"; filename\*=UTF-8''/,
    );
    const entries = await unzip(res.body as Buffer);
    const dir = `files/${sub.code}`;
    expect(entries.get(`${dir}/Relazione è finale.pdf`)!.equals(pdfA)).toBe(true);
    expect(entries.get(`${dir}/Relazione è finale (2).pdf`)!.equals(pdfB)).toBe(true);
    expect(entries.get(`${dir}/logo.png`)!.equals(png)).toBe(true);
    expect(entries.has('README.txt')).toBe(true);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(data.organization).toMatchObject({ id: org.id, name: org.name, personalData: true });
    expect(data.members).toEqual([expect.objectContaining({ userId: owner.id, role: 'owner' })]);
    expect(data.consents.map((c: { kind: string }) => c.kind).sort()).toEqual([
      'data-consent-text',
      'data-processing',
      'self-certification',
    ]);
    expect(data.submissions).toHaveLength(1);
    const s = data.submissions[0];
    expect(s.code).toBe(sub.code);
    expect(s.answers.find((a: { stepKind: string }) => a.stepKind === 'survey').content.data).toEqual({ mission: 'Fiumi puliti' });
    expect(s.files.map((f: { path: string }) => f.path).sort()).toEqual(
      [`${dir}/Relazione è finale (2).pdf`, `${dir}/Relazione è finale.pdf`, `${dir}/logo.png`].sort(),
    );
    expect(JSON.stringify(data)).not.toContain('storageKey');
    expect(Array.isArray(data.messages) && Array.isArray(data.decisions)).toBe(true);

    // A member who is not an owner, and an outsider: as unknown as a missing organization.
    const viewer = await t.factory.user();
    await t.db.query(`INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'viewer')`, [org.id, viewer.id]);
    await t.http.get(`/api/privacy/export/organizations/${org.id}`).set(viewer.headers()).expect(404);
    const outsider = await t.factory.user();
    await t.http.get(`/api/privacy/export/organizations/${org.id}`).set(outsider.headers()).expect(404);
    await t.http.get('/api/privacy/export/organizations/00000000-0000-4000-8000-000000000000').set(owner.headers()).expect(404);
    await t.http.get('/api/privacy/export/organizations/not-a-uuid').set(owner.headers()).expect(400);
    await t.http.get('/api/privacy/export/me').expect(401);
  });

  it('survives a client that cancels half-way: the work behind it ends, the next requests are answered', async () => {
    const { owner, org, png } = await organizationWithFiles();
    const service = t.app.get(PrivacyExportService);
    const original = service.organizationZip.bind(service);
    const working = new Set<Promise<void>>();
    const ended: string[] = [];
    service.organizationZip = (...args) => {
      const p = original(...args);
      working.add(p);
      p.then(
        () => ended.push('finished'),
        () => ended.push('stopped'),
      ).finally(() => working.delete(p));
      return p;
    };
    try {
      for (let i = 0; i < 3; i++) {
        expect(await abortAtFirstChunk(`/api/privacy/export/organizations/${org.id}`, owner.headers())).toBe(200);
      }
      const until = Date.now() + 30_000;
      while (working.size && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(working.size).toBe(0);
      expect(ended).toEqual(['stopped', 'stopped', 'stopped']);
    } finally {
      service.organizationZip = original;
    }
    await t.http.get('/api/health').expect(200);
    const res = await binary(t.http.get(`/api/privacy/export/organizations/${org.id}`).set(owner.headers())).expect(200);
    const entries = await unzip(res.body as Buffer);
    expect([...entries.values()].some((b) => b.equals(png))).toBe(true);
  });
});
