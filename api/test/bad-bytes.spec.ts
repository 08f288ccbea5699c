import { createTestApp, type TestApp } from './app.js';
import { testFiles, type TestUser } from './factory.js';

/**
 * Issue 13, finding 4: each of these answered 500. NUL (U+0000) and lone UTF-16 surrogates are
 * refused with 400 errors.invalid-characters wherever they arrive (JSON bodies, query strings,
 * list filters, form fields); out-of-range list ranges and nulls in non-nullable fields are 400
 * too; and a refused request changes nothing.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true, email: `${t.factory.unique('admin')}@example.org` });
});
afterAll(() => t.close());

const NUL = 'x\u0000y';
const LONE_SURROGATE = 'ada\ud800@example.org';
/** A JSON text with the escapes as a client would send them (JSON.stringify writes `\u0000` and `\ud800`). */
const raw = (o: unknown) => JSON.stringify(o);

const organizationBody = (o: Record<string, unknown> = {}) => ({
  name: t.factory.unique('Org'),
  reg_number: 'IT01234567890',
  street_name: 'Via Roma 1',
  city_name: 'Milano',
  country: 'Italy',
  contact_name: 'Ada',
  contact_surname: 'Lovelace',
  contact_role: 'Director',
  contact_email: 'ada@applicant.test',
  personalData: true,
  ...o,
});

describe('NUL and lone surrogates', () => {
  it('in an autosave (UpsertCallStepResult "a":"x\\u0000y"): 400, nothing saved', async () => {
    const call = await t.factory.fillCall();
    const a = await t.factory.applicant(call.id);
    const stepId = call.callType.steps.find((s) => s.name === 'About you')!.id;
    for (const content of [{ a: NUL }, { mission: 'ok', nested: [{ deep: NUL }] }, { [NUL]: 'key' }, { a: 'lone \udc00 surrogate' }]) {
      const res = await t.http
        .post('/api/Call/UpsertCallStepResult')
        .set(a.h)
        .set('Content-Type', 'application/json')
        .send(raw({ callSubmissionId: a.submissionId, stepId, content, version: 0 }));
      expect([res.status, res.body.key]).toEqual([400, 'errors.invalid-characters']);
    }
    const rows = await t.db.query('SELECT 1 FROM step_result WHERE submission_id = $1', [a.submissionId]);
    expect(rows).toHaveLength(0);
  });

  it('in PutMiniDYI: 400', async () => {
    const call = await t.factory.call({ steps: [{ kind: 'text', content: { html: '<p>x</p>' } }] });
    const a = await t.factory.applicant(call.id);
    const res = await t.http
      .put('/api/ImpactFramework/PutMiniDYI')
      .set(a.h)
      .set('Content-Type', 'application/json')
      .send(raw({ callSubmissionId: a.submissionId, stepId: call.callType.steps[0].id, selectedOutcomes: [{ outcomeName: NUL }] }));
    expect([res.status, res.body.key]).toEqual([400, 'errors.invalid-characters']);
  });

  it('in contact_email (create and update organization): 400, nothing saved', async () => {
    const user = await t.factory.user();
    const body = organizationBody({ contact_email: LONE_SURROGATE });
    const created = await t.http
      .post('/api/Organization/CreateOrganization')
      .set(user.headers())
      .set('Content-Type', 'application/json')
      .send(raw(body));
    expect([created.status, created.body.key]).toEqual([400, 'errors.invalid-characters']);
    expect(await t.db.query('SELECT 1 FROM organization WHERE name = $1', [body.name])).toHaveLength(0);

    const org = await t.factory.organization(user);
    const updated = await t.http
      .put('/api/Organization/UpdateOrganization')
      .set(user.headers(org.id))
      .set('Content-Type', 'application/json')
      .send(raw({ ...organizationBody({ contact_email: LONE_SURROGATE }), id: org.id, version: org.version }));
    expect([updated.status, updated.body.key]).toEqual([400, 'errors.invalid-characters']);
    const [row] = await t.db.query('SELECT contact_email FROM organization WHERE id = $1', [org.id]);
    expect(row.contact_email).toBe('ada@applicant.test');
  });

  it('in a query string (%00), in a path, and inside a list filter: 400', async () => {
    const q = await t.http.get('/api/Call/GetCallById?id=%00').set(admin.headers());
    expect([q.status, q.body.key]).toEqual([400, 'errors.invalid-characters']);
    const path = await t.http.get('/api/admin/calls/abc%00def').set(admin.headers());
    expect([path.status, path.body.key]).toEqual([400, 'errors.invalid-characters']);
    for (const filter of ['{"q":"a\\u0000b"}', '{"q":"a\\ud800b"}', '{"a\\u0000":"b"}']) {
      const res = await t.http.get(`/api/admin/organizations?filter=${encodeURIComponent(filter)}`).set(admin.headers());
      expect([res.status, res.body.key]).toEqual([400, 'errors.invalid-characters']);
    }
  });

  it('in a multipart form field or file name: 400', async () => {
    const call = await t.factory.fillCall();
    const a = await t.factory.applicant(call.id);
    const stepId = call.callType.steps.find((s) => s.name === 'Documents')!.id;
    const send = (description: string, name: string) =>
      t.http
        .post('/api/FileUpload/UploadFile')
        .set(a.h)
        .field('CallSubmissionId', a.submissionId)
        .field('StepId', stepId)
        .field('SlotIndex', '0')
        .field('Descrizione', description)
        .attach('File', testFiles.pdf(), { filename: name, contentType: 'application/pdf' });
    const description = await send(NUL, 'plan.pdf');
    expect([description.status, description.body.key]).toEqual([400, 'errors.invalid-characters']);
    // A raw NUL in a part header: busboy already refuses the form as malformed.
    const name = await send('ok', 'pl\u0000an.pdf');
    expect(name.status).toBe(400);
    expect(['errors.invalid-characters', 'errors.upload-malformed']).toContain(name.body.key);
    expect(await t.db.query('SELECT 1 FROM attachment WHERE submission_id = $1', [a.submissionId])).toHaveLength(0);
  });
});

describe('list ranges', () => {
  const LISTS = ['call-types', 'calls', 'configurations', 'files', 'impact-framework', 'organizations', 'submissions', 'surveys'];

  it.each(LISTS)('range=[1e300,1e300] on /api/admin/%s: 400 errors.list-query', async (resource) => {
    for (const range of ['[1e300,1e300]', '[0,1e300]', '[9007199254740993,9007199254740994]', '[-1,5]', '[0.5,2]']) {
      const res = await t.http.get(`/api/admin/${resource}?range=${encodeURIComponent(range)}`).set(admin.headers());
      expect([range, res.status, res.body.key]).toEqual([range, 400, 'errors.list-query']);
    }
    await t.http
      .get(`/api/admin/${resource}?range=${encodeURIComponent('[2147483600,2147483647]')}`)
      .set(admin.headers())
      .expect(200);
  });

  it('a filter value that is an object: 400', async () => {
    const res = await t.http.get(`/api/admin/submissions?filter=${encodeURIComponent('{"openedFrom":{"a":1}}')}`).set(admin.headers());
    expect([res.status, res.body.key]).toEqual([400, 'errors.list-query']);
  });
});

describe('null in a field that may be left out but is not nullable', () => {
  it.each(['description', 'logoWidth', 'logoHeight', 'defaultLanguage', 'name', 'languageSelection'])(
    'UpsertConfig and POST /api/admin/configurations with %s: null answer 400 and save nothing',
    async (field) => {
      const name = t.factory.unique('Branding');
      for (const [path, body] of [
        ['/api/Config/UpsertConfig', { name, [field]: null }],
        ['/api/admin/configurations', { name, [field]: null }],
      ] as const) {
        const res = await t.http.post(path).set(admin.headers()).send(body);
        expect([path, res.status, res.body.key]).toEqual([path, 400, 'errors.validation']);
        expect(Object.keys(res.body.errors)).toContain(field);
      }
      expect(await t.db.query('SELECT 1 FROM configuration WHERE name = $1', [name])).toHaveLength(0);
    },
  );

  it('leaving the same fields out still works', async () => {
    await t.http
      .post('/api/admin/configurations')
      .set(admin.headers())
      .send({ name: t.factory.unique('Branding') })
      .expect(201);
  });
});
