import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { BUILT_IN_STEP_TYPE_IDS as KIND } from '../src/modules/steps/step-type.entity.js';

/**
 * Input that used to reach the database or a service unchecked and answer 500: integers past
 * the integer column's range, JSON text holding NUL or a lone surrogate, arrays of arrays where
 * objects are expected, and bytes that are not UTF-8. Each is a 400 with a message key, and what
 * was saved before stays as it was.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true, email: `${t.factory.unique('admin')}@example.org` });
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const ORGANIZATION_FIELDS = {
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

/** Sends a JSON text exactly as written (numbers too large for a double, escapes as a client wrote them). */
const sendRaw = (method: 'post' | 'put', path: string, headers: Record<string, string>, text: string) =>
  t.http[method](path).set(headers).set('Content-Type', 'application/json').send(text);

/** Sends bytes as they are: without a serializer of its own, supertest would write a Buffer as JSON. */
const sendBytes = (path: string, headers: Record<string, string>, bytes: Buffer) =>
  t.http
    .post(path)
    .set(headers)
    .set('Content-Type', 'application/json')
    .serialize((body: Buffer) => body as unknown as string)
    .send(bytes);

describe('integers past the integer column', () => {
  it('UpsertCallStepResult with version 2147483648, 9007199254740993 or 1e308: 400, the saved result and its version unchanged', async () => {
    const call = await t.factory.fillCall();
    const a = await t.factory.applicant(call.id);
    const stepId = call.callType.steps.find((s) => s.name === 'About you')!.id;
    const first = await t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(a.h)
      .send({ callSubmissionId: a.submissionId, stepId, content: { data: { mission: 'kept' } }, version: 0 })
      .expect(200);
    const saved = async () =>
      (await t.db.query('SELECT content, version FROM step_result WHERE submission_id = $1 AND step_id = $2', [
        a.submissionId,
        stepId,
      ])) as {
        content: unknown;
        version: number;
      }[];
    const before = await saved();
    expect(before).toHaveLength(1);
    expect(before[0].version).toBe(first.body.version);

    for (const version of ['2147483648', '9007199254740993', '1e308', '-2147483649', '4294967297']) {
      const res = await sendRaw(
        'post',
        '/api/Call/UpsertCallStepResult',
        a.h,
        `{"callSubmissionId":"${a.submissionId}","stepId":"${stepId}","content":{"data":{"mission":"changed"}},"version":${version}}`,
      );
      expect([version, res.status, res.body.key]).toEqual([version, 400, 'errors.validation']);
      expect(Object.keys(res.body.errors)).toEqual(['version']);
    }
    expect(await saved()).toEqual(before);
  });

  it('the largest integer the column holds is still read as a version (a stale one: 409)', async () => {
    const call = await t.factory.fillCall();
    const a = await t.factory.applicant(call.id);
    const stepId = call.callType.steps.find((s) => s.name === 'About you')!.id;
    const res = await sendRaw(
      'post',
      '/api/Call/UpsertCallStepResult',
      a.h,
      `{"callSubmissionId":"${a.submissionId}","stepId":"${stepId}","content":{"data":{"mission":"x"}},"version":2147483647}`,
    );
    expect(res.status).toBe(409);
  });

  it('other integer fields (a call type version, a configuration logo size, an organization version): 400', async () => {
    const name = t.factory.unique('Branding');
    const config = await sendRaw('post', '/api/admin/configurations', admin.headers(), `{"name":"${name}","logoWidth":1e308}`);
    expect([config.status, config.body.key]).toEqual([400, 'errors.validation']);
    expect(await t.db.query('SELECT 1 FROM configuration WHERE name = $1', [name])).toHaveLength(0);

    const created = await t.http
      .post('/api/Call/CreateCall')
      .set(admin.headers())
      .send({
        name: t.factory.unique('Call'),
        openingAt: iso(-DAY),
        closingAt: iso(DAY),
        callType: { steps: [{ name: 'Welcome', stepTypeId: KIND.text, content: { html: '<p>Hello</p>' } }] },
      })
      .expect(200);
    const [typeBefore] = await t.db.query('SELECT version, name FROM call_type WHERE id = $1', [created.body.callType.id]);
    const res = await sendRaw(
      'put',
      `/api/admin/calls/${created.body.id}`,
      admin.headers(),
      JSON.stringify({
        name: created.body.name,
        openingAt: iso(-DAY),
        closingAt: iso(DAY),
        version: 1,
        callType: { id: created.body.callType.id, version: 'RAW', name: 'Renamed', steps: [] },
      }).replace('"RAW"', '9007199254740993'),
    );
    expect([res.status, res.body.key]).toEqual([400, 'errors.validation']);
    expect(await t.db.query('SELECT version, name FROM call_type WHERE id = $1', [created.body.callType.id])).toEqual([typeBefore]);

    const user = await t.factory.user();
    const org = await t.factory.organization(user);
    const update = await sendRaw(
      'put',
      '/api/Organization/UpdateOrganization',
      user.headers(org.id),
      JSON.stringify({ ...ORGANIZATION_FIELDS, name: 'Renamed', id: org.id, version: 1 }).replace('"version":1', '"version":2147483648'),
    );
    expect([update.status, update.body.key]).toEqual([400, 'errors.validation']);
    expect((await t.db.query('SELECT name, version FROM organization WHERE id = $1', [org.id]))[0]).toEqual({
      name: org.name,
      version: org.version,
    });
  });
});

describe('JSON text holding NUL or a lone surrogate', () => {
  for (const [what, bad] of [
    ['NUL', 'x\u0000y'],
    ['a lone surrogate', 'lone \ud800 surrogate'],
  ] as const) {
    it(`a step result's content as JSON text with ${what}: 400 errors.invalid-characters, the saved result unchanged`, async () => {
      const call = await t.factory.fillCall();
      const a = await t.factory.applicant(call.id);
      const stepId = call.callType.steps.find((s) => s.name === 'About you')!.id;
      const first = await t.http
        .post('/api/Call/UpsertCallStepResult')
        .set(a.h)
        .send({ callSubmissionId: a.submissionId, stepId, content: JSON.stringify({ data: { mission: 'kept' } }), version: 0 })
        .expect(200);
      const read = () => t.db.query('SELECT content, version FROM step_result WHERE submission_id = $1', [a.submissionId]);
      const before = await read();
      for (const content of [{ data: { mission: bad } }, { data: { [bad]: 'key' } }, { data: { nested: [{ deep: bad }] } }]) {
        // The text form: JSON.stringify writes the character as an escape, so the body itself is clean.
        const res = await sendRaw(
          'post',
          '/api/Call/UpsertCallStepResult',
          a.h,
          JSON.stringify({ callSubmissionId: a.submissionId, stepId, content: JSON.stringify(content), version: first.body.version }),
        );
        expect([res.status, res.body.key]).toEqual([400, 'errors.invalid-characters']);
      }
      expect(await read()).toEqual(before);
    });
  }

  it("a survey step's content as JSON text with NUL (CreateCall): 400 errors.invalid-characters, no call saved", async () => {
    const name = t.factory.unique('Call');
    const survey = JSON.stringify({ pages: [{ name: 'p1', elements: [{ type: 'text', name: 'q\u0000' }] }] });
    const res = await sendRaw(
      'post',
      '/api/Call/CreateCall',
      admin.headers(),
      JSON.stringify({
        name,
        openingAt: iso(-DAY),
        closingAt: iso(DAY),
        callType: { steps: [{ name: 'Survey', stepTypeId: KIND.survey, content: survey }] },
      }),
    );
    expect([res.status, res.body.key]).toEqual([400, 'errors.invalid-characters']);
    expect(await t.db.query('SELECT 1 FROM call WHERE name = $1', [name])).toHaveLength(0);
  });
});

describe('arrays of arrays where objects are expected', () => {
  it('CreateCall and POST /api/admin/calls with "callType": [[[[]]]] or steps of arrays: 400, no call saved', async () => {
    for (const path of ['/api/Call/CreateCall', '/api/admin/calls']) {
      for (const callType of [[[[[]]]], [{}], { steps: [[[[]]]] }, { steps: [[{ name: 'x' }]] }, { steps: [null] }]) {
        const name = t.factory.unique('Call');
        const res = await t.http
          .post(path)
          .set(admin.headers())
          .send({ name, openingAt: iso(-DAY), closingAt: iso(DAY), callType });
        expect([path, JSON.stringify(callType), res.status, res.body.key]).toEqual([
          path,
          JSON.stringify(callType),
          400,
          'errors.validation',
        ]);
        expect(await t.db.query('SELECT 1 FROM call WHERE name = $1', [name])).toHaveLength(0);
      }
    }
  });

  it('AddImpactFrameworkSet with "outcomes": [[[[]]]] (or nested lists of lists): 400, nothing saved', async () => {
    const valid = {
      description: 'From JSON',
      stakeholders: [{ name: 'Farmers', description: 'Smallholders' }],
      outcomes: [
        {
          name: 'Soil health',
          description: 'Better soils',
          sdg: 15,
          indicators: [{ name: 'Hectares', proxies: [{ name: 'Value per ha', defaultValue: 1800 }] }],
        },
      ],
    };
    const outcome = valid.outcomes[0];
    for (const patch of [
      { outcomes: [[[[]]]] },
      { stakeholders: [[[[]]]] },
      { outcomes: [[]] },
      { outcomes: [null] },
      { outcomes: [{ ...outcome, indicators: [[[]]] }] },
      { outcomes: [{ ...outcome, indicators: [{ name: 'i', proxies: [[{ name: 'p', defaultValue: 1 }]] }] }] },
    ]) {
      const name = t.factory.unique('Framework');
      const res = await t.http
        .put('/api/ImpactFramework/AddImpactFrameworkSet')
        .set(admin.headers())
        .send({ ...valid, name, ...patch });
      expect([JSON.stringify(patch), res.status, res.body.key]).toEqual([JSON.stringify(patch), 400, 'errors.validation']);
      expect(await t.db.query('SELECT 1 FROM impact_framework WHERE name = $1', [name])).toHaveLength(0);
    }
  });
});

describe('bytes that are not UTF-8 in a JSON body', () => {
  /** A high surrogate encoded in UTF-8, a byte that is never UTF-8, an overlong "/". */
  const BAD = Buffer.from([0xed, 0xa0, 0x80, 0xff, 0xc0, 0xaf]);
  const body = (json: string) => {
    const [head, tail] = json.split('@BAD@');
    return Buffer.concat([Buffer.from(head), BAD, Buffer.from(tail)]);
  };

  it('POST /api/admin/configurations and /api/Config/UpsertConfig: 400 errors.invalid-utf8, nothing saved', async () => {
    const name = t.factory.unique('Branding');
    for (const path of ['/api/admin/configurations', '/api/Config/UpsertConfig']) {
      const res = await sendBytes(path, admin.headers(), body(`{"name":"${name} @BAD@"}`));
      expect([path, res.status, res.body.key]).toEqual([path, 400, 'errors.invalid-utf8']);
    }
    expect(await t.db.query("SELECT 1 FROM configuration WHERE name LIKE $1 || '%'", [name])).toHaveLength(0);
  });

  it('CreateOrganization: 400 errors.invalid-utf8, nothing saved; in a key too', async () => {
    const user = await t.factory.user();
    const name = t.factory.unique('Org');
    const fields = ORGANIZATION_FIELDS;
    for (const json of [
      JSON.stringify({ name: `${name} @BAD@`, ...fields }),
      JSON.stringify({ name, ...fields, '@BAD@': 1 }),
      JSON.stringify({ name, ...fields, city_name: 'Mil@BAD@ano' }),
    ]) {
      const res = await sendBytes('/api/Organization/CreateOrganization', user.headers(), body(json));
      expect([res.status, res.body.key]).toEqual([400, 'errors.invalid-utf8']);
    }
    expect(await t.db.query("SELECT 1 FROM organization WHERE name LIKE $1 || '%'", [name])).toHaveLength(0);
    // Valid UTF-8 beyond ASCII (accents, an emoji: a surrogate pair once decoded) is of course accepted.
    const accepted = await sendBytes(
      '/api/Organization/CreateOrganization',
      user.headers(),
      Buffer.from(JSON.stringify({ name: `${name} Società 🌱`, ...fields }), 'utf8'),
    );
    expect(accepted.status).toBeLessThan(300);
    expect(accepted.body.name).toBe(`${name} Società 🌱`);
  });
});
