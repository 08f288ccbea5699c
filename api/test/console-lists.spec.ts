import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { EXACT_COUNT_LIMIT } from '../src/common/http/list-count.js';

/**
 * Issue 19, "same for every console list": the users, messages, organizations, calls, files and
 * impact frameworks lists have an index for each sort (the plans read them, no sort of the whole
 * table), trigram indexes for their searches; users and messages answer the same rows as before
 * for every sort, page after page, and estimate their total past EXACT_COUNT_LIMIT.
 */
let t: TestApp;
let admin: TestUser;
// Other test files write users and messages to the same database meanwhile: this file's rows carry
// a mark (a token in the users' e-mails, a batch id on the messages) and every list it compares is
// filtered to them.
const TOKEN = `cl${Date.now().toString(36)}`;
const BATCH = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
  // 30 users: ties on the names, half never signed in.
  await t.db.query(
    `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject, last_login_at)
     SELECT 'cl' || g || '.' || $1 || '@' || (ARRAY['example.org','esempio.it','exemple.fr'])[1 + g % 3],
            (ARRAY['Anna','Luca','Élodie','anna_%'])[1 + g % 4], (ARRAY['Rossi','Bianchi','Città'])[1 + g % 3], '{}', 'console-lists', 'cl-' || $1 || '-' || g,
            CASE WHEN g % 2 = 0 THEN timestamptz '2026-01-01' + (g % 5) * interval '1 day' END
       FROM generate_series(1, 30) g`,
    [TOKEN],
  );
  // 40 messages: ties on every sortable value, no address, subject or sent date on some.
  // Sent or failed, already enqueued: the queue leaves them alone.
  await t.db.query(
    `INSERT INTO message (batch_id, kind, state, to_address, subject, attempts, enqueued_at, sent_at, created_at)
     SELECT $1::uuid, (ARRAY['custom','deadline-reminder','submission-confirmation'])[1 + g % 3], (ARRAY['sent','failed'])[1 + g % 2],
            CASE WHEN g % 5 <> 0 THEN 'to' || (g % 7) || '@' || (ARRAY['example.org','esempio.it'])[1 + g % 2] END,
            CASE WHEN g % 6 <> 0 THEN (ARRAY['Promemoria scadenza','Città e comuni','Rappel 50%_'])[1 + g % 3] END,
            g % 4, now(), CASE WHEN g % 2 = 0 THEN timestamptz '2026-02-01' + (g % 3) * interval '1 hour' END,
            timestamptz '2026-01-01' + (g % 9) * interval '1 minute'
       FROM generate_series(1, 40) g`,
    [BATCH],
  );
  await t.db.query('ANALYZE app_user; ANALYZE message');
});
afterAll(() => t.close());

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

const get = (resource: string, filter: object, sort?: [string, string], range?: [number, number]) =>
  t.http
    .get(
      `/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}` +
        (sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : '') +
        (range ? `&range=${encodeURIComponent(JSON.stringify(range))}` : ''),
    )
    .set(admin.headers());

/** Every row of a list, page after page of `size`, and the totals the pages said. */
async function all(resource: string, filter: object, sort: [string, 'ASC' | 'DESC'], size = 7) {
  const ids: string[] = [];
  const totals = new Set<string>();
  for (let start = 0; ; start += size) {
    const res = await get(resource, filter, sort, [start, start + size - 1]);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-estimated']).toBeUndefined();
    totals.add(res.headers['content-range'].split('/')[1]);
    ids.push(...res.body.map((r: { id: string }) => r.id));
    if (res.body.length < size) return { ids, totals };
  }
}

const ids = async (sql: string, params: unknown[] = []): Promise<string[]> =>
  (await t.db.query(sql, params)).map((r: { id: string }) => r.id);

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The plan of a statement when reading the whole table or sorting it is made as dear as can be. */
async function plan(sql: string, params: unknown[] = [], bitmapOnly = false): Promise<PlanNode[]> {
  return t.db.transaction(async (m) => {
    await m.query('SET LOCAL enable_seqscan = off');
    // A search's ILIKE '%q%' can be a filter over a whole b-tree walk: only bitmap scans show which index serves it.
    if (bitmapOnly) await m.query('SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off');
    await m.query('SET LOCAL enable_sort = off');
    const [row] = (await m.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)) as { 'QUERY PLAN': { Plan: PlanNode }[] }[];
    return nodes(row['QUERY PLAN'][0].Plan);
  });
}

/** The page is read in order from `index` (an incremental sort of the id tie-break at most). */
async function expectOrderedBy(index: string, sql: string, params: unknown[] = []) {
  const plain = await plan(sql, params);
  expect(plain.map((n) => n['Node Type'])).not.toContain('Sort');
  expect(plain.map((n) => n['Index Name'])).toContain(index);
}

describe('the console users list', () => {
  const COLUMNS: Record<string, string> = {
    email: 'u.email',
    firstName: 'u.first_name',
    lastName: 'u.last_name',
    lastLoginAt: 'u.last_login_at',
    createdAt: 'u.created_at',
  };
  /** The rows the list answered before: NULLS LAST both ways, then the id. */
  const reference = (where: string, params: unknown[], field: string, order: string) =>
    ids(`SELECT u.id FROM app_user u ${where} ORDER BY ${COLUMNS[field]} ${order} NULLS LAST, u.id`, params);

  it('answers the same rows as before for every sort, both ways, page after page', async () => {
    for (const field of Object.keys(COLUMNS))
      for (const order of ['ASC', 'DESC'] as const) {
        const { ids: got, totals } = await all('users', { q: TOKEN }, [field, order]);
        expect({ field, order, got }).toEqual({
          field,
          order,
          got: await reference(`WHERE u.email ILIKE $1`, [like(TOKEN)], field, order),
        });
        expect([...totals]).toEqual(['30']);
      }
  });

  it('searches e-mail and names as before: case, accents, wildcards taken literally', async () => {
    const where = 'WHERE u.email ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1';
    for (const q of ['ANNA', 'città', 'esempio.it', '_%', 'cl1', 'nothing at all']) {
      const mine = new Set(await ids(`SELECT u.id FROM app_user u WHERE u.email ILIKE $1`, [like(TOKEN)]));
      const { ids: got } = await all('users', { q }, ['lastName', 'DESC']);
      expect({ q, got: got.filter((id) => mine.has(id)) }).toEqual({
        q,
        got: (await reference(where, [like(q)], 'lastName', 'DESC')).filter((id) => mine.has(id)),
      });
    }
  });

  it('reads each sort from an index, and searches with the trigram indexes', async () => {
    for (const [field, index] of [
      ['first_name', 'app_user_first_name_idx'],
      ['last_name', 'app_user_last_name_idx'],
      ['created_at', 'app_user_created_idx'],
    ])
      for (const order of ['ASC', 'DESC'])
        await expectOrderedBy(index, `SELECT u.id FROM app_user u ORDER BY u.${field} ${order}, u.id LIMIT 25`);
    // What the list wrote before (NULLS LAST on a column without nulls) could not read them: a sort of every row.
    expect(
      (await plan(`SELECT u.id FROM app_user u ORDER BY u.first_name DESC NULLS LAST, u.id LIMIT 25`)).map((n) => n['Node Type']),
    ).toContain('Sort');
    await expectOrderedBy('app_user_email_idx', `SELECT u.id FROM app_user u ORDER BY u.email DESC, u.id LIMIT 25`);
    await expectOrderedBy('app_user_last_login_idx', `SELECT u.id FROM app_user u ORDER BY u.last_login_at ASC NULLS LAST, u.id LIMIT 25`);
    await expectOrderedBy(
      'app_user_last_login_desc_idx',
      `SELECT u.id FROM app_user u ORDER BY u.last_login_at DESC NULLS LAST, u.id LIMIT 25`,
    );
    if (await trigram()) {
      const used = (
        await plan(`SELECT u.id FROM app_user u WHERE u.email ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1`, ['%anna%'], true)
      ).map((n) => n['Index Name']);
      expect(used).toEqual(
        expect.arrayContaining(['app_user_email_trgm_idx', 'app_user_first_name_trgm_idx', 'app_user_last_name_trgm_idx']),
      );
    }
  });
});

describe('the console messages list', () => {
  const COLUMNS: Record<string, string> = {
    createdAt: 'm.created_at',
    sentAt: 'm.sent_at',
    state: 'm.state',
    kind: 'm.kind',
    toAddress: 'm.to_address',
    subject: 'm.subject',
    attempts: 'm.attempts',
  };
  const reference = (where: string, params: unknown[], field: string, order: string) =>
    ids(
      `SELECT m.id FROM message m ${where} ORDER BY ${COLUMNS[field]} ${order} ${order === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST'}, m.id`,
      params,
    );

  it('answers the same rows as before for every sort, both ways, page after page, and for each filter and search', async () => {
    for (const field of Object.keys(COLUMNS))
      for (const order of ['ASC', 'DESC'] as const) {
        const { ids: got } = await all('messages', { batchId: BATCH }, [field, order]);
        expect({ field, order, got }).toEqual({ field, order, got: await reference('WHERE m.batch_id = $1', [BATCH], field, order) });
      }
    expect((await all('messages', { batchId: BATCH, kind: 'custom' }, ['sentAt', 'DESC'])).ids).toEqual(
      await reference(`WHERE m.batch_id = $1 AND m.kind = 'custom'`, [BATCH], 'sentAt', 'DESC'),
    );
    expect((await all('messages', { batchId: BATCH, state: 'failed', kind: 'custom' }, ['subject', 'ASC'])).ids).toEqual(
      await reference(`WHERE m.batch_id = $1 AND m.state = 'failed' AND m.kind = 'custom'`, [BATCH], 'subject', 'ASC'),
    );
    for (const q of ['CITTÀ', 'esempio', '50%_', 'to3@', 'nothing at all'])
      expect({ q, got: (await all('messages', { batchId: BATCH, q }, ['createdAt', 'DESC'])).ids }).toEqual({
        q,
        got: await reference(
          'WHERE m.batch_id = $2 AND (m.to_address ILIKE $1 OR m.subject ILIKE $1)',
          [like(q), BATCH],
          'createdAt',
          'DESC',
        ),
      });
  });

  it('reads the default sort (newest first) from an index; the other sorts and the search read the rows (a message is written too often for more indexes)', async () => {
    await expectOrderedBy('message_list_created_idx', `SELECT m.id FROM message m ORDER BY m.created_at DESC NULLS LAST, m.id LIMIT 25`);
    const indexes = (await t.db.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'message'`)).map(
      (r: { indexname: string }) => r.indexname,
    );
    expect(indexes.filter((i: string) => /^message_list_|_trgm_idx$/.test(i))).toEqual(['message_list_created_idx']);
  });
});

describe('totals past EXACT_COUNT_LIMIT', () => {
  it('users and messages count exactly up to EXACT_COUNT_LIMIT, then say the total is the planner estimate', async () => {
    expect((await get('users', {})).headers['x-total-estimated']).toBeUndefined();
    expect((await get('messages', {})).headers['x-total-estimated']).toBeUndefined();
    await t.db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject)
       SELECT 'bulk' || g || '@example.org', 'Bulk', 'User', '{}', 'console-lists', 'bulk-' || g FROM generate_series(1, $1::int) g`,
      [EXACT_COUNT_LIMIT + 200],
    );
    await t.db.query(
      `INSERT INTO message (kind, state, to_address, subject, enqueued_at, sent_at)
       SELECT 'custom', 'sent', 'bulk' || g || '@example.org', 'Bulk', now(), now() FROM generate_series(1, $1::int) g`,
      [EXACT_COUNT_LIMIT + 200],
    );
    await t.db.query('ANALYZE app_user; ANALYZE message');
    for (const [resource, table] of [
      ['users', 'app_user'],
      ['messages', 'message'],
    ]) {
      const exact = Number((await t.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
      const big = await get(resource, {}, undefined, [0, 24]);
      expect(big.status).toBe(200);
      expect(big.body).toHaveLength(25);
      expect(big.headers['x-total-estimated']).toBe('true');
      const total = Number(big.headers['content-range'].split('/')[1]);
      expect(total).toBeGreaterThan(EXACT_COUNT_LIMIT);
      expect(Math.abs(total - exact) / exact).toBeLessThan(0.2);
    }
    // A search or filter that selects few rows is still counted exactly.
    const few = await get('users', { q: 'Élodie' });
    expect(few.headers['x-total-estimated']).toBeUndefined();
    const elodie = Number((await t.db.query(`SELECT count(*)::int AS n FROM app_user WHERE first_name = 'Élodie'`))[0].n);
    expect(few.headers['content-range']).toBe(`users 0-${elodie - 1}/${elodie}`);
    const failed = await get('messages', { state: 'failed' });
    expect(failed.headers['x-total-estimated']).toBeUndefined();
    expect(failed.headers['content-range']).toBe('messages 0-19/20');
  });
});

describe('the other console lists', () => {
  it('read each sort the console offers from an index: organizations, calls (and the Power BI calls), files, impact frameworks', async () => {
    const cases: [index: string, sql: string][] = [];
    for (const [column, index] of [
      ['name', 'organization_name_idx'],
      ['reg_number', 'organization_reg_number_idx'],
      ['city_name', 'organization_city_idx'],
      ['country', 'organization_country_idx'],
      ['contact_email', 'organization_contact_email_idx'],
      ['created_at', 'organization_created_idx'],
      ['archived_at', 'organization_archived_idx'],
    ])
      cases.push([index, `SELECT o.id FROM organization o ORDER BY o.${column} %, o.id LIMIT 25`]);
    for (const [column, index] of [
      ['name', 'call_name_idx'],
      ['opening_at', 'call_opening_closing_idx'],
      ['closing_at', 'call_closing_idx'],
      ['created_at', 'call_created_idx'],
      ['updated_at', 'call_updated_idx'],
      ['call_lock_end', 'call_lock_end_idx'],
    ])
      cases.push([index, `SELECT c.id FROM call c ORDER BY c.${column} %, c.id LIMIT 25`]);
    for (const [column, index] of [
      ['created_at', 'attachment_list_created_idx'],
      ['file_name', 'attachment_list_file_name_idx'],
      ['dimensions', 'attachment_list_dimensions_idx'],
      ['mime_type', 'attachment_list_mime_type_idx'],
    ])
      cases.push([index, `SELECT a.id FROM attachment a WHERE a.purpose = 'library' ORDER BY a.${column} %, a.id LIMIT 25`]);
    cases.push(['impact_framework_name_idx', `SELECT f.id FROM impact_framework f ORDER BY f.name %, f.id LIMIT 25`]);
    cases.push(['impact_framework_created_idx', `SELECT f.id FROM impact_framework f ORDER BY f.created_at %, f.id LIMIT 25`]);
    for (const [index, sql] of cases) for (const order of ['ASC', 'DESC']) await expectOrderedBy(index, sql.replace('%', order));
  });

  it('have trigram indexes for their searches when pg_trgm is there', async () => {
    if (!(await trigram())) return;
    const used = async (sql: string) => (await plan(sql, ['%rom%'], true)).map((n) => n['Index Name']);
    expect(
      await used(
        `SELECT o.id FROM organization o WHERE o.name ILIKE $1 OR o.reg_number ILIKE $1 OR o.city_name ILIKE $1 OR o.contact_email ILIKE $1`,
      ),
    ).toEqual(
      expect.arrayContaining([
        'organization_name_trgm_idx',
        'organization_reg_number_trgm_idx',
        'organization_city_trgm_idx',
        'organization_contact_email_trgm_idx',
      ]),
    );
    expect(await used(`SELECT o.id FROM organization o WHERE o.country ILIKE $1`)).toContain('organization_country_trgm_idx');
    expect(await used(`SELECT c.id FROM call c WHERE c.name ILIKE $1 OR c.description ILIKE $1`)).toEqual(
      expect.arrayContaining(['call_name_trgm_idx', 'call_description_trgm_idx']),
    );
    expect(await used(`SELECT a.id FROM attachment a WHERE a.file_name ILIKE $1`)).toContain('attachment_file_name_trgm_idx');
  });
});

async function trigram(): Promise<boolean> {
  const there = (await t.db.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).length > 0;
  const available = (await t.db.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`)).length > 0;
  expect(there).toBe(available);
  return there;
}
