import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';

/** GetOrganizationById's answer without the one field only it adds (how many applications were sent). */
const withoutCount = ({ sentApplications: _sent, ...o }: Record<string, unknown>) => o;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const body = (o: Record<string, unknown> = {}) => ({
  name: t.factory.unique('Cooperativa'),
  reg_number: 'IT01234567890',
  street_name: 'Via Roma 1',
  city_name: 'Milano',
  country: 'Italia',
  date_of_foundation: '2010-04-01',
  contact_name: 'Maria',
  contact_surname: 'Rossi',
  contact_role: 'Presidente',
  contact_email: 'maria@applicant.test',
  personalData: true,
  selfCertification: true,
  termsOfService: false,
  nordicCountry: false,
  preFunding: true,
  chnageInLife: true,
  ...o,
});

async function create(user: TestUser, o: Record<string, unknown> = {}) {
  const res = await t.http.post('/api/Organization/CreateOrganization').set(user.headers()).send(body(o)).expect(200);
  return res.body as Record<string, unknown> & { id: string; version: number; name: string };
}

const count = async (sql: string, params: unknown[]) => Number(((await t.db.query(sql, params)) as { n: string }[])[0].n);

describe('Organization group', () => {
  it('registers an organization with every field of the contract and makes the user a member', async () => {
    const user = await t.factory.user();
    const org = await create(user);
    expect(org).toMatchObject({
      id: expect.any(String),
      reg_number: 'IT01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Milano',
      country: 'Italia',
      date_of_foundation: '2010-04-01',
      contact_name: 'Maria',
      contact_surname: 'Rossi',
      contact_role: 'Presidente',
      contact_email: 'maria@applicant.test',
      personalData: true,
      selfCertification: true,
      termsOfService: false,
      nordicCountry: false,
      preFunding: true,
      chnageInLife: true,
      version: 1,
    });
    expect(
      await count('SELECT count(*) AS n FROM organization_member WHERE organization_id = $1 AND user_id = $2', [org.id, user.id]),
    ).toBe(1);
    const list = await t.http.get('/api/Organization/GetOrganizations').set(user.headers()).expect(200);
    expect(list.body.map((o: { id: string }) => o.id)).toEqual([org.id]);
    const one = await t.http.get('/api/Organization/GetOrganizationById').query({ orgId: org.id }).set(user.headers(org.id)).expect(200);
    // GetOrganizationById adds how many applications were sent; otherwise every read answers the same DTO.
    expect(one.body).toEqual({ ...org, sentApplications: 0 });
    // The list's JSON is built by PostgreSQL: it must be exactly the DTO the other reads answer, with the user's role.
    expect(list.body[0]).toEqual({ ...org, role: 'owner' });
  });

  it('lists organizations with a foundation date and no optional flags exactly as it reads one', async () => {
    const user = await t.factory.user();
    const org = await create(user, {
      name: 'Dated',
      date_of_foundation: '1999-12-31',
      selfCertification: undefined,
      preFunding: undefined,
    });
    const list = await t.http.get('/api/Organization/GetOrganizations').set(user.headers()).expect(200);
    const one = await t.http.get('/api/Organization/GetOrganizationById').query({ orgId: org.id }).set(user.headers(org.id)).expect(200);
    expect(list.body).toEqual([{ ...withoutCount(one.body), role: 'owner' }]);
    expect(one.body.date_of_foundation).toBe('1999-12-31');
  });

  it('lists only the user’s own organizations, by name', async () => {
    const user = await t.factory.user();
    const other = await t.factory.user();
    await create(other, { name: 'Another one' });
    const b = await create(user, { name: 'beta' });
    const a = await create(user, { name: 'Alfa' });
    const list = await t.http.get('/api/Organization/GetOrganizations').set(user.headers()).expect(200);
    expect(list.body.map((o: { id: string }) => o.id)).toEqual([a.id, b.id]);
  });

  it.each([
    ['name', ''],
    ['reg_number', '   '],
    ['street_name', ''],
    ['city_name', ''],
    ['country', ''],
    ['contact_name', ''],
    ['contact_surname', ''],
    ['contact_role', ''],
    ['contact_email', ''],
  ])('refuses an empty %s with 400 and the field named', async (field, value) => {
    const user = await t.factory.user();
    const res = await t.http
      .post('/api/Organization/CreateOrganization')
      .set(user.headers())
      .send(body({ [field]: value }))
      .expect(400);
    expect(res.body.key).toBe('errors.validation');
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(await count('SELECT count(*) AS n FROM organization WHERE created_by_id = $1', [user.id])).toBe(0);
  });

  it('refuses a missing field, a bad e-mail, a too long value and a wrong type', async () => {
    const user = await t.factory.user();
    const { name: _drop, ...withoutName } = body();
    for (const [payload, field] of [
      [withoutName, 'name'],
      [body({ contact_email: 'not-an-email' }), 'contact_email'],
      [body({ reg_number: 'x'.repeat(51) }), 'reg_number'],
      [body({ name: 'x'.repeat(301) }), 'name'],
      [body({ preFunding: 'yes' }), 'preFunding'],
      [body({ date_of_foundation: '14/05/2009' }), 'date_of_foundation'],
    ] as const) {
      const res = await t.http.post('/api/Organization/CreateOrganization').set(user.headers()).send(payload).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, key: 'errors.validation' });
      expect(res.body.errors).toHaveProperty(field);
    }
    expect(await count('SELECT count(*) AS n FROM organization WHERE created_by_id = $1', [user.id])).toBe(0);
  });

  it('requires the data-processing consent', async () => {
    const user = await t.factory.user();
    for (const personalData of [false, undefined]) {
      const res = await t.http.post('/api/Organization/CreateOrganization').set(user.headers()).send(body({ personalData })).expect(400);
      expect(res.body.key).toBe(personalData === false ? 'errors.organization-consent-required' : 'errors.validation');
    }
    expect(await count('SELECT count(*) AS n FROM organization WHERE created_by_id = $1', [user.id])).toBe(0);
  });

  it('refuses a foundation date in the future or that does not exist', async () => {
    const user = await t.factory.user();
    const future = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const date of [future, '2021-02-30']) {
      const res = await t.http
        .post('/api/Organization/CreateOrganization')
        .set(user.headers())
        .send(body({ date_of_foundation: date }))
        .expect(400);
      expect(res.body.key).toBe('errors.organization-date');
    }
    const ok = await create(user, { date_of_foundation: '' });
    expect(ok.date_of_foundation).toBeNull();
  });

  it('refuses fields a client may not set (id, creator, archive date, members)', async () => {
    const user = await t.factory.user();
    for (const extra of [
      { id: '6f1e1c4e-8f43-4c52-9e5c-2d1a7c3b9a10' },
      { createdById: user.id },
      { archivedAt: null },
      { archived_at: '2020-01-01' },
      { version: 7 },
      { members: [] },
    ]) {
      const res = await t.http.post('/api/Organization/CreateOrganization').set(user.headers()).send(body(extra)).expect(400);
      expect(res.body.key).toBe('errors.validation');
    }
    expect(await count('SELECT count(*) AS n FROM organization WHERE created_by_id = $1', [user.id])).toBe(0);
  });

  it('updates with the current version; a stale version is 409 and changes nothing', async () => {
    const user = await t.factory.user();
    const org = await create(user);
    const updated = await t.http
      .put('/api/Organization/UpdateOrganization')
      .set(user.headers(org.id))
      .send({ ...body({ name: 'Renamed', city_name: 'Torino', personalData: true }), id: org.id, version: org.version })
      .expect(200);
    expect(updated.body).toMatchObject({ id: org.id, name: 'Renamed', city_name: 'Torino', version: org.version + 1 });
    const stale = await t.http
      .put('/api/Organization/UpdateOrganization')
      .set(user.headers())
      .send({ ...body({ name: 'Lost update' }), id: org.id, version: org.version })
      .expect(409);
    expect(stale.body.key).toBe('errors.stale-version');
    const now = await t.http.get('/api/Organization/GetOrganizationById').query({ orgId: org.id }).set(user.headers()).expect(200);
    expect(now.body.name).toBe('Renamed');
  });

  it('refuses an update without consent or with an empty required field', async () => {
    const user = await t.factory.user();
    const org = await create(user);
    const noConsent = await t.http
      .put('/api/Organization/UpdateOrganization')
      .set(user.headers())
      .send({ ...body({ personalData: false }), id: org.id, version: org.version })
      .expect(400);
    expect(noConsent.body.key).toBe('errors.organization-consent-required');
    const empty = await t.http
      .put('/api/Organization/UpdateOrganization')
      .set(user.headers())
      .send({ ...body({ contact_role: '' }), id: org.id, version: org.version })
      .expect(400);
    expect(empty.body.errors).toHaveProperty('contact_role');
    const now = await t.http.get('/api/Organization/GetOrganizationById').query({ orgId: org.id }).set(user.headers()).expect(200);
    expect(withoutCount(now.body)).toEqual(org);
  });

  it('deletes an organization without applications', async () => {
    const user = await t.factory.user();
    const org = await create(user);
    const res = await t.http.post('/api/Organization/DeleteOrganization').query({ orgId: org.id }).set(user.headers()).expect(200);
    expect(res.body).toEqual({ id: org.id, archived: false });
    expect(await count('SELECT count(*) AS n FROM organization WHERE id = $1', [org.id])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM organization_member WHERE organization_id = $1', [org.id])).toBe(0);
    await t.http.get('/api/Organization/GetOrganizationById').query({ orgId: org.id }).set(user.headers()).expect(404);
  });

  it('archives instead of deleting an organization that has applications, which are kept', async () => {
    const user = await t.factory.user();
    const org = await create(user);
    const call = await t.factory.call();
    const submission = await t.factory.submission(call.id, user, org.id);
    const res = await t.http.post('/api/Organization/DeleteOrganization').query({ orgId: org.id }).set(user.headers(org.id)).expect(200);
    expect(res.body).toEqual({ id: org.id, archived: true });
    expect(await count('SELECT count(*) AS n FROM call_submission WHERE id = $1 AND organization_id = $2', [submission.id, org.id])).toBe(
      1,
    );
    expect(await count('SELECT count(*) AS n FROM organization WHERE id = $1 AND archived_at IS NOT NULL', [org.id])).toBe(1);
    // Gone for the user: not listed, not readable, not selectable.
    const list = await t.http.get('/api/Organization/GetOrganizations').set(user.headers()).expect(200);
    expect(list.body.map((o: { id: string }) => o.id)).not.toContain(org.id);
    await t.http.get('/api/Organization/GetOrganizationById').query({ orgId: org.id }).set(user.headers()).expect(404);
    await t.http.get('/api/Organization/GetOrganizations').set(user.headers(org.id)).expect(403);
    await t.http.post('/api/Organization/DeleteOrganization').query({ orgId: org.id }).set(user.headers()).expect(404);
    // Still there for the administrators.
    const admin = await t.factory.user({ admin: true });
    const shown = await t.http.get(`/api/admin/organizations/${org.id}`).set(admin.headers()).expect(200);
    expect(shown.body).toMatchObject({ id: org.id, archived: true, archivedAt: expect.any(String) });
  });

  it('answers 404 for another user’s organization on every operation, and changes nothing', async () => {
    const owner = await t.factory.user();
    const intruder = await t.factory.user();
    const org = await create(owner);
    await create(intruder);
    await t.http.get('/api/Organization/GetOrganizationById').query({ orgId: org.id }).set(intruder.headers()).expect(404);
    await t.http
      .put('/api/Organization/UpdateOrganization')
      .set(intruder.headers())
      .send({ ...body({ name: 'Hijacked' }), id: org.id, version: org.version })
      .expect(404);
    await t.http.post('/api/Organization/DeleteOrganization').query({ orgId: org.id }).set(intruder.headers()).expect(404);
    // Naming it in the header is refused outright.
    await t.http.get('/api/Organization/GetOrganizations').set(intruder.headers(org.id)).expect(403);
    const still = await t.http.get('/api/Organization/GetOrganizationById').query({ orgId: org.id }).set(owner.headers()).expect(200);
    expect(withoutCount(still.body)).toEqual(org);
  });

  it('refuses malformed ids with 400', async () => {
    const user = await t.factory.user();
    await t.http.get('/api/Organization/GetOrganizationById').query({ orgId: 'nope' }).set(user.headers()).expect(400);
    await t.http.get('/api/Organization/GetOrganizationById').set(user.headers()).expect(400);
    await t.http.get('/api/Organization/GetOrganizations').set(user.headers('not-a-uuid')).expect(400);
  });
});

describe('console resource /api/admin/organizations', () => {
  it('lists, searches and pages every organization with a Content-Range header', async () => {
    const admin = await t.factory.user({ admin: true });
    const tag = t.factory.unique('Searchable');
    const user = await t.factory.user();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await create(user, { name: `${tag} ${i}` }));
    const page = await t.http
      .get('/api/admin/organizations')
      .query({ filter: JSON.stringify({ q: tag }), sort: JSON.stringify(['name', 'DESC']), range: '[0,1]' })
      .set(admin.headers())
      .expect(200);
    expect(page.headers['content-range']).toBe('organizations 0-1/3');
    expect(page.body.map((o: { name: string }) => o.name)).toEqual([`${tag} 2`, `${tag} 1`]);
    expect(page.body[0]).toMatchObject({ memberCount: 1, archived: false, archivedAt: null });
    const next = await t.http
      .get('/api/admin/organizations')
      .query({ filter: JSON.stringify({ q: tag }), sort: JSON.stringify(['name', 'DESC']), range: '[2,3]' })
      .set(admin.headers())
      .expect(200);
    expect(next.body.map((o: { name: string }) => o.name)).toEqual([`${tag} 0`]);
    const byMember = await t.http
      .get('/api/admin/organizations')
      .query({ filter: JSON.stringify({ q: user.email }) })
      .set(admin.headers())
      .expect(200);
    expect(byMember.body).toHaveLength(3);
    const many = await t.http
      .get('/api/admin/organizations')
      .query({ filter: JSON.stringify({ id: [created[0].id, 'junk'] }) })
      .set(admin.headers())
      .expect(200);
    expect(many.body.map((o: { id: string }) => o.id)).toEqual([created[0].id]);
    const shown = await t.http.get(`/api/admin/organizations/${created[0].id}`).set(admin.headers()).expect(200);
    expect(shown.body.members).toEqual([{ userId: user.id, email: user.email, firstName: 'Ada', lastName: 'Lovelace', role: 'owner' }]);
  });

  it('refuses unknown sort fields, and answers 404 for an unknown id', async () => {
    const admin = await t.factory.user({ admin: true });
    await t.http
      .get('/api/admin/organizations')
      .query({ sort: JSON.stringify(['password', 'ASC']) })
      .set(admin.headers())
      .expect(400);
    await t.http.get('/api/admin/organizations/6f1e1c4e-8f43-4c52-9e5c-2d1a7c3b9a10').set(admin.headers()).expect(404);
  });

  it('is for administrators only', async () => {
    const user = await t.factory.user();
    await t.http.get('/api/admin/organizations').set(user.headers()).expect(403);
    await t.http.get('/api/admin/organizations').expect(401);
  });
});
