import { createTestApp, type TestApp } from './app.js';
import { CacheInvalidation, SharedCache } from '../src/database/shared-cache.js';

let t: TestApp;
let invalidation: CacheInvalidation;
beforeAll(async () => {
  t = await createTestApp();
  invalidation = t.app.get(CacheInvalidation);
  await waitFor(() => invalidation.isListening);
});
afterAll(() => t.close());

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const orgBody = (name: string) => ({
  name,
  reg_number: 'IT01234567890',
  street_name: 'Via Roma 1',
  city_name: 'Torino',
  country: 'Italy',
  contact_name: 'Ada',
  contact_surname: 'Lovelace',
  contact_role: 'Director',
  contact_email: 'ada@example.org',
  personalData: true,
});

describe('cached reads follow every committed change, whoever makes it', () => {
  it('serves a repeated read from memory (a change that fires no trigger goes unseen)', async () => {
    const user = await t.factory.user({ firstName: 'Cached' });
    await t.http.get('/api/User').set(user.headers()).expect(200);
    await t.db.transaction(async (m) => {
      await m.query(`SET LOCAL session_replication_role = replica`); // triggers off, for this proof only
      await m.query(`UPDATE app_user SET first_name = 'Unseen' WHERE id = $1`, [user.id]);
    });
    await invalidation.settled();
    expect((await t.http.get('/api/User').set(user.headers()).expect(200)).body.firstName).toBe('Cached');
  });

  it('sees a role given by SQL outside the API once the change has arrived', async () => {
    const user = await t.factory.user();
    expect((await t.http.get('/api/User').set(user.headers()).expect(200)).body.roles).toEqual([]);
    await t.http.get('/api/Config/GetConfigList').set(user.headers()).expect(403);
    await t.db.query(`UPDATE app_user SET roles = '{admin}' WHERE id = $1`, [user.id]);
    await invalidation.settled();
    expect((await t.http.get('/api/User').set(user.headers()).expect(200)).body.roles).toEqual(['admin']);
  });

  it('refuses a user deleted by SQL after it was cached', async () => {
    const user = await t.factory.user();
    await t.http.get('/api/User').set(user.headers()).expect(200);
    await t.db.query('DELETE FROM app_user WHERE id = $1', [user.id]);
    await invalidation.settled();
    await t.http.get('/api/User').set(user.headers()).expect(401);
  });

  it('drops a membership removed by SQL from the list and from what SelectedOrganizationId may name', async () => {
    const user = await t.factory.user();
    const org = (await t.http.post('/api/Organization/CreateOrganization').set(user.headers()).send(orgBody('Cached Co')).expect(200))
      .body as { id: string };
    // The creator's own next read is fresh at once (no waiting for the notification).
    expect(
      (await t.http.get('/api/Organization/GetOrganizations').set(user.headers()).expect(200)).body.map((o: { id: string }) => o.id),
    ).toEqual([org.id]);
    await t.http.get('/api/Organization/GetOrganizations').set(user.headers(org.id)).expect(200);
    await t.db.query('DELETE FROM organization_member WHERE organization_id = $1 AND user_id = $2', [org.id, user.id]);
    await invalidation.settled();
    await t.http.get('/api/Organization/GetOrganizations').set(user.headers(org.id)).expect(403);
    expect((await t.http.get('/api/Organization/GetOrganizations').set(user.headers()).expect(200)).body).toEqual([]);
  });

  it('shows every member an organization renamed by another member', async () => {
    const owner = await t.factory.user();
    const colleague = await t.factory.user();
    const org = (await t.http.post('/api/Organization/CreateOrganization').set(owner.headers()).send(orgBody('Before')).expect(200))
      .body as { id: string; version: number };
    await t.db.query(`INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'viewer')`, [org.id, colleague.id]);
    await invalidation.settled();
    expect((await t.http.get('/api/Organization/GetOrganizations').set(colleague.headers()).expect(200)).body[0].name).toBe('Before');
    await t.http
      .put('/api/Organization/UpdateOrganization')
      .set(owner.headers(org.id))
      .send({ ...orgBody('After'), id: org.id, version: org.version })
      .expect(200);
    await invalidation.settled();
    expect((await t.http.get('/api/Organization/GetOrganizations').set(colleague.headers()).expect(200)).body[0].name).toBe('After');
  });

  it('reads from the database while the listener is down, and listens again', async () => {
    const user = await t.factory.user();
    await t.http.get('/api/User').set(user.headers()).expect(200);
    const { current_database: database } = ((await t.db.query('SELECT current_database()')) as { current_database: string }[])[0];
    await t.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN ic_cache'`, [database]);
    await waitFor(() => !invalidation.isListening);
    await t.db.query(`UPDATE app_user SET first_name = 'Renamed' WHERE id = $1`, [user.id]);
    expect((await t.http.get('/api/User').set(user.headers()).expect(200)).body.firstName).toBe('Renamed');
    await waitFor(() => invalidation.isListening);
    await t.db.query(`UPDATE app_user SET first_name = 'Again' WHERE id = $1`, [user.id]);
    await invalidation.settled();
    expect((await t.http.get('/api/User').set(user.headers()).expect(200)).body.firstName).toBe('Again');
  });

  it('empties the caches when notifications stall, so whoever waits for them still reads fresh', async () => {
    const user = await t.factory.user({ firstName: 'Before' });
    await t.http.get('/api/User').set(user.headers()).expect(200);
    // The listener's connection stays up but hears nothing.
    const listener = (invalidation as unknown as { client: { query(sql: string): Promise<unknown> } }).client;
    await listener.query('UNLISTEN ic_cache');
    try {
      await t.db.query(`UPDATE app_user SET first_name = 'After' WHERE id = $1`, [user.id]);
      const started = Date.now();
      await invalidation.settled(300);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await t.http.get('/api/User').set(user.headers()).expect(200)).body.firstName).toBe('After');
    } finally {
      await listener.query('LISTEN ic_cache');
    }
  });
});

describe('SharedCache', () => {
  it('keeps at most max entries, dropping the least recently used', async () => {
    const cache = new SharedCache<string>({ max: 2, ttlMs: 60_000 }, () => true);
    let loads = 0;
    const load = (v: string) => () => (loads++, Promise.resolve(v));
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recent
    await cache.get('c', load('c')); // b goes
    expect(loads).toBe(3);
    await cache.get('a', load('a'));
    expect(loads).toBe(3);
    await cache.get('b', load('b'));
    expect(loads).toBe(4);
  });

  it('does not keep a value whose load was running when its key was evicted, nor a failed load', async () => {
    const cache = new SharedCache<number>({ max: 10, ttlMs: 60_000 }, () => true);
    let release!: (v: number) => void;
    const slow = cache.get('k', () => new Promise<number>((r) => (release = r)));
    cache.evict('k');
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.get('k', () => Promise.resolve(2))).toBe(2);
    const failing = cache.get('f', () => Promise.reject(new Error('down')));
    await expect(failing).rejects.toThrow('down');
    expect(await cache.get('f', () => Promise.resolve(3))).toBe(3);
  });

  it('bypasses itself while disabled', async () => {
    const cache = new SharedCache<number>({ max: 10, ttlMs: 60_000 }, () => false);
    let n = 0;
    await cache.get('k', () => Promise.resolve(++n));
    expect(await cache.get('k', () => Promise.resolve(++n))).toBe(2);
  });
});
