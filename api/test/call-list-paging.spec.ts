import { LIST_DESCRIPTION_CHARS } from '@impact-calls/domain';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { CacheInvalidation } from '../src/database/shared-cache.js';

/**
 * Issue 19: GetCallListUser in pages (offset, limit) for the applicant app, the whole list
 * without them (the spec's clients), both in the spec's order, kept in memory exactly.
 */
let t: TestApp;
let user: TestUser;
let orgId: string;
let typeId: string;
const LONG = `<p>${'Una descrizione lunga &amp; dettagliata del bando, con <strong>obiettivi</strong> e regole. '.repeat(8)}</p>`;

interface ListedCall {
  id: string;
  callTypeId: string;
  name: string;
  status: string;
  description: string;
  descriptionShortened?: boolean;
  submissionId: string;
}

beforeAll(async () => {
  t = await createTestApp();
  user = await t.factory.user();
  orgId = (await t.factory.organization(user)).id;
  [{ id: typeId }] = await t.db.query(`INSERT INTO call_type (name) VALUES ('Paging test') RETURNING id`);
  // 30 open, 12 closed, 6 upcoming, 4 for another address only, 1 without a name; names alike but for case and accents.
  await t.db.query(
    `INSERT INTO call (name, description, call_type_id, opening_at, closing_at, is_user_filter_enable, user_filter_email)
     SELECT CASE WHEN g = 53 THEN '  ' ELSE (ARRAY['bando', 'Bando', 'Éclair', 'eclair', 'Zeta'])[1 + g % 5] || ' ' || (g % 7) END,
            CASE WHEN g % 3 = 0 THEN $2 ELSE '<p>Short one ' || g || '</p>' END, $1,
            CASE WHEN g <= 30 OR g > 48 THEN now() - interval '1 day' WHEN g <= 42 THEN now() - interval '20 days' ELSE now() + interval '2 days' END,
            CASE WHEN g <= 30 OR g > 48 THEN now() + interval '10 days' WHEN g <= 42 THEN now() - interval '10 days' ELSE now() + interval '20 days' END,
            g BETWEEN 49 AND 52, CASE WHEN g BETWEEN 49 AND 52 THEN 'someone.else@example.org' ELSE '' END
       FROM generate_series(1, 53) g`,
    [typeId, LONG],
  );
  // Five calls this user sees (not the other address's, not the nameless one): ids are random, so the first five by id could be hidden.
  const some = await t.db.query(
    `SELECT id FROM call WHERE call_type_id = $1 AND NOT is_user_filter_enable AND btrim(name) <> '' ORDER BY id LIMIT 5`,
    [typeId],
  );
  for (const c of some as { id: string }[]) {
    await t.db.query(`INSERT INTO call_submission (call_id, organization_id, user_id, code) VALUES ($1, $2, $3, $4)`, [
      c.id,
      orgId,
      user.id,
      t.factory.unique('P'),
    ]);
  }
});
afterAll(() => t.close());

const get = (query = '') => t.http.get(`/api/Call/GetCallListUser${query}`).set(user.headers(orgId));

async function pages(limit: number): Promise<ListedCall[]> {
  const out: ListedCall[] = [];
  for (let offset = 0; ; offset += limit) {
    const res = await get(`?offset=${offset}&limit=${limit}`).expect(200);
    out.push(...(res.body as ListedCall[]));
    if (offset + limit >= Number(res.headers['x-total-count'])) return out;
  }
}

describe('GetCallListUser in pages', () => {
  it('answers every call without parameters as before, descriptions whole, and the pages join into the same list', async () => {
    const whole = await get().expect(200);
    const all = whole.body as ListedCall[];
    // 48 of this file's calls (its own call type) are visible (not the empty name, not the other address's), plus any others in the database.
    expect(all.filter((c) => c.callTypeId === typeId)).toHaveLength(48);
    expect(whole.headers['x-total-count']).toBe(String(all.length));
    expect(all.some((c) => c.description === LONG)).toBe(true);
    expect(all.every((c) => c.descriptionShortened === undefined)).toBe(true);
    // Open first, then the others.
    const firstClosed = all.findIndex((c) => c.status !== 'open');
    expect(all.slice(firstClosed).every((c) => c.status !== 'open')).toBe(true);
    for (const limit of [1, 7, 20, 100]) {
      const paged = await pages(limit);
      expect(paged.map((c) => c.id)).toEqual(all.map((c) => c.id));
      expect(paged.map((c) => c.submissionId)).toEqual(all.map((c) => c.submissionId));
    }
    expect(all.filter((c) => c.submissionId !== '00000000-0000-0000-0000-000000000000')).toHaveLength(5);
  });

  it('shortens long descriptions in a page, and GetCallById has them whole', async () => {
    // Every page, this file's calls only: other test files' calls share the database (and may come first).
    const page = (await pages(100)).filter((c) => c.callTypeId === typeId);
    const long = page.filter((c) => c.descriptionShortened);
    expect(long.length).toBeGreaterThan(10);
    for (const c of long) {
      expect(c.description.length).toBeLessThanOrEqual(LIST_DESCRIPTION_CHARS + 1);
      expect(c.description).toMatch(/^Una descrizione lunga & dettagliata del bando, con obiettivi e regole\. .*…$/);
    }
    const short = page.find((c) => c.description.startsWith('<p>Short one'));
    expect(short?.descriptionShortened).toBeUndefined();
    const one = await t.http.get(`/api/Call/GetCallById?id=${long[0].id}`).set(user.headers(orgId)).expect(200);
    expect(one.body.description).toBe(LONG);
  });

  it('defaults to the first 20 calls, answers an empty page past the end, and refuses bad numbers', async () => {
    const first = await get('?offset=0').expect(200);
    expect(first.body).toHaveLength(20);
    expect((await get('?limit=5').expect(200)).body.map((c: ListedCall) => c.id)).toEqual(
      first.body.slice(0, 5).map((c: ListedCall) => c.id),
    );
    const past = await get('?offset=100000&limit=10').expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe(first.headers['x-total-count']);
    for (const bad of ['?limit=0', '?limit=101', '?offset=-1', '?offset=abc', '?limit=1.5', '?offset=1e3', '?offset=&limit=']) {
      const res = await get(bad);
      expect([bad, res.status, res.body.key]).toEqual([bad, 400, 'errors.list-query']);
    }
  });

  it('shows a change at once, and moves a call to the closed ones when it closes (no write)', async () => {
    const before = await pages(100);
    const [{ id }] = await t.db.query(
      `INSERT INTO call (name, description, call_type_id, opening_at, closing_at) VALUES ('Aaa closes soon', '', $1, now() - interval '1 day', now() + interval '1500 milliseconds') RETURNING id`,
      [typeId],
    );
    // The insert reaches the cache through PostgreSQL's notification: wait for it, at most 2 s.
    let listed: ListedCall[] = before;
    for (let i = 0; i < 40 && !listed.some((c) => c.id === id); i++) {
      await new Promise((r) => setTimeout(r, 50));
      listed = await pages(100);
    }
    expect(listed.find((c) => c.id === id)).toMatchObject({ id, status: 'open' });
    await new Promise((r) => setTimeout(r, 1600));
    const after = await pages(100);
    const at = after.findIndex((c) => c.id === id);
    expect(after[at].status).toBe('close');
    expect(after.slice(0, at).every((c) => c.status === 'open' || c.name.localeCompare('Aaa', 'en', { sensitivity: 'base' }) < 0)).toBe(
      true,
    );
    expect(after.findIndex((c) => c.status !== 'open')).toBeLessThanOrEqual(at);
  });

  it("shows the organization's submission at once as it is created, closed, reopened and deleted, and after SQL from outside", async () => {
    const admin = await t.factory.user({ admin: true });
    const call = await t.factory.call({ name: 'Aaa submissions' });
    const applicant = await t.factory.user();
    const org = (await t.factory.organization(applicant)).id;
    const h = applicant.headers(org);
    const listed = async () =>
      (
        (await t.http.get('/api/Call/GetCallListUser?offset=0&limit=100').set(h).expect(200)).body as (ListedCall & {
          submissionClosed: boolean;
        })[]
      ).find((c) => c.id === call.id)!;
    const none = await listed(); // read once, so the next reads would come from memory
    expect(none).toMatchObject({ submissionId: '00000000-0000-0000-0000-000000000000', submissionClosed: false });

    const { id } = (await t.http.post('/api/Call/UpsertCallSubmission').set(h).send({ callId: call.id }).expect(200)).body as {
      id: string;
    };
    expect(await listed()).toMatchObject({ submissionId: id, submissionClosed: false });
    await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${id}`).set(h).expect(200);
    expect(await listed()).toMatchObject({ submissionId: id, submissionClosed: true });
    await t.http.post(`/api/CallSubmission/ReOpenSubmission?submissionId=${id}`).set(admin.headers()).expect(200);
    expect(await listed()).toMatchObject({ submissionId: id, submissionClosed: false });
    await t.http.post(`/api/admin/submissions/${id}/close`).set(admin.headers()).expect(200);
    expect(await listed()).toMatchObject({ submissionClosed: true });
    await t.http.post(`/api/CallSubmission/DeleteSubmission?submissionId=${id}`).set(admin.headers()).expect(200);
    expect(await listed()).toMatchObject({ submissionId: '00000000-0000-0000-0000-000000000000' });

    // Written by SQL outside the API (another replica, an operator): seen once PostgreSQL's notification has arrived.
    const [{ id: bySql }] = await t.db.query(
      `INSERT INTO call_submission (call_id, organization_id, user_id, code) VALUES ($1, $2, $3, $4) RETURNING id`,
      [call.id, org, applicant.id, t.factory.unique('Q')],
    );
    await t.app.get(CacheInvalidation).settled();
    expect(await listed()).toMatchObject({ submissionId: bySql, submissionClosed: false });
    await t.db.query('UPDATE call_submission SET closed = true WHERE id = $1', [bySql]);
    await t.app.get(CacheInvalidation).settled();
    expect(await listed()).toMatchObject({ submissionId: bySql, submissionClosed: true });
  });

  it('shows a call locked until its lock end, then unlocked, on the same page (the page keeps no stale view)', async () => {
    const lockEnd = new Date(Date.now() + 1200);
    const call = await t.factory.call({ name: 'Aaa locked for a moment', callLockEnd: lockEnd });
    const listed = async () =>
      ((await get('?offset=0&limit=100').expect(200)).body as (ListedCall & { locked: boolean })[]).find((c) => c.id === call.id);
    let seen = await listed();
    for (let i = 0; i < 40 && !seen; i++) {
      await new Promise((r) => setTimeout(r, 50)); // the new call reaches the list through PostgreSQL's notification
      seen = await listed();
    }
    expect(seen).toMatchObject({ locked: true, status: 'open' });
    expect(await listed()).toMatchObject({ locked: true });
    await new Promise((r) => setTimeout(r, Math.max(0, lockEnd.getTime() - Date.now()) + 50));
    expect(await listed()).toMatchObject({ locked: false, status: 'open' });
  });
});
