import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import type { TestUser } from './factory.js';
import { EXACT_COUNT_LIMIT } from '../src/modules/submissions/submission.repository.js';
import { ESTIMATE_KEPT_MS, PlannerEstimates } from '../src/common/http/list-count.js';
import type { Sql } from '../src/database/sql.js';
import { db } from '../src/database/typed-sql.js';

/**
 * Issue 19: the console's submissions list, rewritten for 100,000 submissions (indexes, one
 * search, counts that do not scan), answers the same rows as the plain four-table query it
 * replaced, for every sort, filter and search, page after page.
 */
let t: TestApp;
let scratch: { url: string; drop(): Promise<void> };
let admin: TestUser;
let calls: string[];
let orgs: string[];

const NAMES = ['Città Verde', 'CITTÀ futura', 'Énergie libre', 'energie nuove', 'Ponte_50%', 'Mare', 'Sole e Terra', 'Comunità'];

// On a database of its own: the lists are compared whole, so another file's rows would join them mid-walk.
beforeAll(async () => {
  scratch = await createScratchDatabase('ic_lists');
  t = await createTestApp({}, scratch.url);
  admin = await t.factory.user({ admin: true });
  const [{ id: typeId }] = await t.db.query(`INSERT INTO call_type (name) VALUES ('Lists test') RETURNING id`);
  calls = (
    await t.db.query(
      `INSERT INTO call (name, call_type_id, opening_at, closing_at)
       SELECT n, $1, now() - interval '30 days', now() + interval '30 days' FROM unnest($2::text[]) n RETURNING id`,
      [typeId, ['Bando Ambiente', 'Bando Città', 'Appel Énergie']],
    )
  ).map((r: { id: string }) => r.id);
  await t.db.query(
    `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject)
     SELECT 'lists' || g || '@' || (ARRAY['example.org','esempio.it','exemple.fr'])[1 + g % 3], 'L', 'U', '{}', 'lists-test', 'lists-' || g
       FROM generate_series(1, 12) g`,
  );
  orgs = (
    await t.db.query(
      `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email)
       SELECT ($1::text[])[1 + g % 8] || ' ' || g, 'R' || g, 'Via', (ARRAY['Roma','Paris','Milano'])[1 + g % 3], (ARRAY['Italy','France'])[1 + g % 2],
              'A', 'B', 'C', 'o' || g || '@example.org'
         FROM generate_series(1, 40) g RETURNING id`,
      [NAMES],
    )
  ).map((r: { id: string }) => r.id);
  // 120 submissions: ties on every sortable value, empty dates and scores, some codes alike.
  await t.db.query(
    `INSERT INTO call_submission (call_id, organization_id, user_id, code, closed, opened_at, submitted_at, last_submitted_at, closed_at, quiz_score, sroi_score)
     SELECT c.id, o.id, u.id, 'LT-' || lpad((c.n * 100 + o.n)::text, 4, '0') || CASE WHEN o.n % 7 = 0 THEN '_x%' ELSE '' END,
            (c.n + o.n) % 3 = 0,
            timestamptz '2026-01-01' + ((c.n * 40 + o.n) % 9) * interval '1 day',
            CASE WHEN (c.n + o.n) % 4 <> 0 THEN timestamptz '2026-02-01' + ((o.n) % 5) * interval '1 day' END,
            CASE WHEN (c.n + o.n) % 4 <> 0 THEN timestamptz '2026-02-01' + ((o.n) % 6) * interval '1 day' END,
            CASE WHEN (c.n + o.n) % 3 = 0 THEN timestamptz '2026-03-01' + ((o.n) % 4) * interval '1 day' END,
            CASE WHEN o.n % 5 <> 0 THEN ((o.n * 7) % 4) / 4.0 END,
            CASE WHEN o.n % 3 <> 0 THEN ((o.n * 13) % 5) / 2.0 END
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM call WHERE call_type_id = $1) c
      CROSS JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM organization WHERE reg_number LIKE 'R%') o
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM app_user WHERE issuer = 'lists-test') u ON u.n = (c.n + o.n) % 12`,
    [typeId],
  );
  await t.db.query('ANALYZE call_submission');
  // Migrating a database of its own takes longer than a test's default time on a busy machine.
}, 120_000);
afterAll(async () => {
  await t.close();
  await scratch.drop();
});

const COLUMNS: Record<string, string> = {
  code: 's.code',
  callName: 'c.name',
  organizationName: 'o.name',
  closed: 's.closed',
  status: 's.closed',
  openedAt: 's.opened_at',
  submittedAt: 's.submitted_at',
  lastSubmittedAt: 's.last_submitted_at',
  closedAt: 's.closed_at',
  quizScore: 's.quiz_score',
  sroiScore: 's.sroi_score',
};

/** The ids the list answered before issue 19: one plain query over the four tables. */
async function reference(where: string, params: unknown[], field: string, order: 'ASC' | 'DESC'): Promise<string[]> {
  const rows = await t.db.query(
    `SELECT s.id FROM call_submission s JOIN call c ON c.id = s.call_id JOIN organization o ON o.id = s.organization_id
       JOIN app_user u ON u.id = s.user_id ${where ? `WHERE ${where}` : ''}
      ORDER BY ${COLUMNS[field]} ${order} ${order === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST'}, s.id ASC`,
    params,
  );
  return rows.map((r: { id: string }) => r.id);
}

const list = (filter: object, sort?: [string, string], range?: [number, number]) =>
  t.http
    .get(
      `/api/admin/submissions?filter=${encodeURIComponent(JSON.stringify(filter))}` +
        (sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : '') +
        (range ? `&range=${encodeURIComponent(JSON.stringify(range))}` : ''),
    )
    .set(admin.headers());

/** Every row of a list, page after page of `size`, and the totals the pages said. */
async function all(filter: object, sort: [string, 'ASC' | 'DESC'], size = 25): Promise<{ ids: string[]; totals: Set<string> }> {
  const ids: string[] = [];
  const totals = new Set<string>();
  for (let start = 0; ; start += size) {
    const res = await list(filter, sort, [start, start + size - 1]);
    expect(res.status).toBe(200);
    totals.add(res.headers['content-range'].split('/')[1]);
    ids.push(...res.body.map((r: { id: string }) => r.id));
    if (res.body.length < size) return { ids, totals };
  }
}

describe('the console submissions list', () => {
  it('answers the same rows as before for every sort, both ways, page after page', async () => {
    for (const field of Object.keys(COLUMNS)) {
      for (const order of ['ASC', 'DESC'] as const) {
        const expected = await reference('', [], field, order);
        const { ids, totals } = await all({}, [field, order], 25);
        expect({ field, order, ids }).toEqual({ field, order, ids: expected });
        expect([...totals]).toEqual([String(expected.length)]);
      }
    }
  });

  it('keeps page boundaries: pages of any size join into the whole list, no row twice or missing', async () => {
    const expected = await reference('', [], 'quizScore', 'DESC');
    for (const size of [7, 25, 100]) expect((await all({}, ['quizScore', 'DESC'], size)).ids).toEqual(expected);
    const middle = await list({}, ['quizScore', 'DESC'], [13, 29]);
    expect(middle.body.map((r: { id: string }) => r.id)).toEqual(expected.slice(13, 30));
    expect(middle.headers['content-range']).toBe(`submissions 13-29/${expected.length}`);
    const beyond = await list({}, ['quizScore', 'DESC'], [5000, 5024]);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe(`submissions 5000-5000/${expected.length}`);
  });

  it('answers the same rows as before for each filter', async () => {
    const cases: [object, string, unknown[]][] = [
      [{ callId: calls[1] }, 's.call_id = $1', [calls[1]]],
      [{ organizationId: orgs[3] }, 's.organization_id = $1', [orgs[3]]],
      [{ status: 'closed' }, 's.closed', []],
      [{ status: 'open' }, 'NOT s.closed', []],
      [{ openedFrom: '2026-01-03', openedTo: '2026-01-06' }, 's.opened_at >= $1 AND s.opened_at <= $2', ['2026-01-03', '2026-01-06']],
      [
        { submittedFrom: '2026-02-02', submittedTo: '2026-02-04' },
        's.submitted_at >= $1 AND s.submitted_at <= $2',
        ['2026-02-02', '2026-02-04'],
      ],
      [{ quizFrom: 0.5, quizBelow: 0.8 }, 's.quiz_score >= 0.5 AND s.quiz_score < 0.8', []],
      [{ sroiOver: 0.5, sroiUpTo: 1.5 }, 's.sroi_score > 0.5 AND s.sroi_score <= 1.5', []],
      [{ country: 'France' }, "o.country = 'France'", []],
      [{ city: 'Milano', status: 'open' }, "o.city_name = 'Milano' AND NOT s.closed", []],
    ];
    for (const [filter, where, params] of cases) {
      for (const sort of [
        ['openedAt', 'DESC'],
        ['organizationName', 'ASC'],
        ['closedAt', 'ASC'],
      ] as [string, 'ASC' | 'DESC'][]) {
        const expected = await reference(where, params, sort[0], sort[1]);
        expect(expected.length).toBeGreaterThan(0);
        const { ids, totals } = await all(filter, sort, 10);
        expect({ filter, sort, ids }).toEqual({ filter, sort, ids: expected });
        expect([...totals]).toEqual([String(expected.length)]);
      }
    }
  });

  it('searches organization, call, code and e-mail as before: case, accents, wildcards taken literally', async () => {
    const search = 'o.name ILIKE $1 OR s.code ILIKE $1 OR c.name ILIKE $1 OR u.email ILIKE $1';
    const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const found: Record<string, number> = {};
    for (const q of [
      'città',
      'CITTÀ',
      'Città',
      'ÉNERGIE',
      'énergie',
      'energie',
      'esempio.it',
      'Ambiente',
      'LT-02',
      '_x%',
      '50%',
      'nothing at all',
    ]) {
      for (const sort of [
        ['openedAt', 'DESC'],
        ['callName', 'DESC'],
      ] as [string, 'ASC' | 'DESC'][]) {
        const expected = await reference(search, [like(q)], sort[0], sort[1]);
        const { ids, totals } = await all({ q }, sort, 20);
        expect({ q, sort, ids }).toEqual({ q, sort, ids: expected });
        // Counted once each, a row its code, organization, call and user all match.
        expect([...totals]).toEqual([String(expected.length)]);
        found[q] = ids.length;
      }
    }
    // What each search should find, spelled out: upper and lower case alike (accented letters too).
    expect(found.città).toBeGreaterThan(0);
    expect(found.CITTÀ).toBe(found.città);
    expect(found.ÉNERGIE).toBe(found.énergie);
    expect(found.energie).toBeGreaterThan(0);
    expect(found['esempio.it']).toBeGreaterThan(0);
    expect(found.Ambiente).toBe(40);
    expect(found['_x%']).toBeGreaterThan(0);
    expect(found['nothing at all']).toBe(0);
    // A search with a filter: both apply.
    const expected = await reference(`(${search}) AND s.closed`, [like('città')], 'code', 'ASC');
    expect((await all({ q: 'città', status: 'closed' }, ['code', 'ASC'])).ids).toEqual(expected);
  });

  it('counts exactly up to EXACT_COUNT_LIMIT rows, then says the total is the planner estimate', async () => {
    const small = await list({ status: 'closed' });
    expect(small.headers['x-total-estimated']).toBeUndefined();
    // EXACT_COUNT_LIMIT + 200 more submissions of one call, one organization each.
    await t.db.query(
      `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email)
       SELECT 'Bulk BZQL' || g, 'BZQL' || g, 'Via', 'Roma', 'Italy', 'A', 'B', 'C', 'b' || g || '@example.org' FROM generate_series(1, $1::int) g`,
      [EXACT_COUNT_LIMIT + 200],
    );
    await t.db.query(
      `INSERT INTO call_submission (call_id, organization_id, user_id, code)
       SELECT $1, o.id, (SELECT id FROM app_user WHERE issuer = 'lists-test' LIMIT 1), 'BULK-' || o.reg_number FROM organization o WHERE o.reg_number LIKE 'B%'`,
      [calls[0]],
    );
    await t.db.query('ANALYZE call_submission');
    const exact = Number((await t.db.query('SELECT count(*)::int AS n FROM call_submission'))[0].n);
    const big = await list({}, ['openedAt', 'DESC'], [0, 24]);
    expect(big.status).toBe(200);
    expect(big.body).toHaveLength(25);
    expect(big.headers['x-total-estimated']).toBe('true');
    const total = Number(big.headers['content-range'].split('/')[1]);
    expect(total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(total - exact) / exact).toBeLessThan(0.2);
    // A filter that selects few rows is still counted exactly.
    const few = await list({ callId: calls[1] });
    expect(few.headers['x-total-estimated']).toBeUndefined();
    expect(few.headers['content-range']).toBe('submissions 0-24/40');
    // The first rows are still the right ones.
    expect(big.body.map((r: { id: string }) => r.id)).toEqual((await reference('', [], 'openedAt', 'DESC')).slice(0, 25));
  });

  it('searches past EXACT_COUNT_LIMIT rows as before: the same rows page after page, the total estimated; below it, exact', async () => {
    // The bulk rows of the test above: 1,200 submissions, code BULK-BZQL<n> of organization "Bulk BZQL<n>"
    // (a text no other test file writes, and no generated code can hold: they share the database, and codes have no L); 312 of them closed (1, 10-19, 100-199, 1000-1200).
    await t.db.query(`UPDATE call_submission SET closed = true, closed_at = now() WHERE code LIKE 'BULK-BZQL1%'`);
    const search = 'o.name ILIKE $1 OR s.code ILIKE $1 OR c.name ILIKE $1 OR u.email ILIKE $1';
    const like = (q: string) => `%${q}%`;
    for (const sort of [
      ['openedAt', 'DESC'],
      ['organizationName', 'ASC'],
      ['code', 'DESC'],
      ['closedAt', 'ASC'],
    ] as [string, 'ASC' | 'DESC'][]) {
      // 1,200 rows, each matched by its code and its organization.
      const expected = await reference(search, [like('bzql')], sort[0], sort[1]);
      expect(expected.length).toBe(EXACT_COUNT_LIMIT + 200);
      for (const start of [0, 25, 990, 1190]) {
        const res = await list({ q: 'bzql' }, sort, [start, start + 24]);
        expect({ sort, start, ids: res.body.map((r: { id: string }) => r.id) }).toEqual({
          sort,
          start,
          ids: expected.slice(start, start + 25),
        });
        expect(res.headers['x-total-estimated']).toBe('true');
        expect(Number(res.headers['content-range'].split('/')[1])).toBeGreaterThan(EXACT_COUNT_LIMIT);
      }
      // With a filter that leaves fewer than EXACT_COUNT_LIMIT of them (the 312 closed below): exact, each row once.
      const closed = await reference(`(${search}) AND s.closed`, [like('bzql')], sort[0], sort[1]);
      expect(closed.length).toBe(312);
      const { ids, totals } = await all({ q: 'bzql', status: 'closed' }, sort, 100);
      expect(ids).toEqual(closed);
      expect([...totals]).toEqual([String(closed.length)]);
    }
    // Matched by their organization only ("Bulk BZQL<n>"; the codes read BULK-BZQL<n>), sorted by it both ways.
    for (const order of ['ASC', 'DESC'] as const) {
      const expected = await reference(search, [like('bulk bzql')], 'organizationName', order);
      expect(expected.length).toBe(EXACT_COUNT_LIMIT + 200);
      for (const start of [0, 500, 1175]) {
        const res = await list({ q: 'bulk bzql' }, ['organizationName', order], [start, start + 24]);
        expect({ order, start, ids: res.body.map((r: { id: string }) => r.id) }).toEqual({
          order,
          start,
          ids: expected.slice(start, start + 25),
        });
      }
    }
    // The same 312 rows by their text, each matched twice (code and organization): counted once.
    const expected = await reference(search, [like('bzql1')], 'organizationName', 'DESC');
    expect(expected.length).toBe(312);
    const { ids, totals } = await all({ q: 'bzql1' }, ['organizationName', 'DESC'], 100);
    expect(ids).toEqual(expected);
    expect([...totals]).toEqual(['312']);
  });

  it('has an index for each sort and filter, and trigram indexes for the search when pg_trgm is there', async () => {
    const names = new Set(
      (await t.db.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).map((r: { indexname: string }) => r.indexname),
    );
    for (const n of [
      'call_submission_opened_idx',
      'call_submission_closed_idx',
      'call_submission_closed_desc_idx',
      'call_submission_submitted_idx',
      'call_submission_last_submitted_idx',
      'call_submission_closed_at_idx',
      'call_submission_quiz_score_idx',
      'call_submission_sroi_score_idx',
      'call_submission_user_idx',
    ])
      expect(names).toContain(n);
    // A search with the status filter reads the organizations' submissions from this index alone.
    const [{ indexdef }] = await t.db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'call_submission_organization_idx'`);
    expect(indexdef).toContain('(organization_id, closed) INCLUDE (id)');
    const trgm = (await t.db.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).length > 0;
    const available = (await t.db.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`)).length > 0;
    expect(trgm).toBe(available);
    if (trgm)
      for (const n of [
        'call_submission_code_trgm_idx',
        'organization_name_trgm_idx',
        'call_name_trgm_idx',
        'app_user_email_trgm_idx',
        'organization_name_folded_trgm_idx',
        'call_name_folded_trgm_idx',
        'app_user_email_folded_trgm_idx',
      ])
        expect(names).toContain(n);
    // The search's lower-cased copies follow their source (generated columns), accented capitals too.
    await t.db.query(`UPDATE organization SET name = 'ÀÉÎ Ünione' WHERE id = $1`, [orgs[0]]);
    const [org] = await t.db.query(`SELECT name_folded FROM organization WHERE id = $1`, [orgs[0]]);
    expect(org.name_folded).toBe('àéî ünione');
    expect((await all({ q: 'àéî ü' }, ['openedAt', 'DESC'])).ids).toEqual(await reference('o.id = $1', [orgs[0]], 'openedAt', 'DESC'));
  });
});

describe('PlannerEstimates', () => {
  it('plans an estimate once for the same statement and values while it is kept, again after, and keeps no failure', async () => {
    const planned: unknown[] = [];
    let fail = false;
    const sql = {
      list: async (q: { compile(): { parameters: readonly unknown[] } }) => {
        planned.push(q.compile().parameters);
        if (fail) throw new Error('down');
        return [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 4242.4 } }] }];
      },
    } as unknown as Pick<Sql, 'list'>;
    const where = (column: 'name' | 'cityName', value: string) => db.selectFrom('organization').select('id').where(column, '=', value);
    const estimates = new PlannerEstimates();
    const at = 1_000_000;
    expect(await estimates.rows(sql, where('name', 'x'), at)).toBe(4242);
    expect(await estimates.rows(sql, where('name', 'x'), at + ESTIMATE_KEPT_MS - 1)).toBe(4242);
    expect(planned).toHaveLength(1);
    await estimates.rows(sql, where('name', 'y'), at);
    await estimates.rows(sql, where('cityName', 'x'), at);
    expect(planned).toHaveLength(3);
    await estimates.rows(sql, where('name', 'x'), at + ESTIMATE_KEPT_MS);
    expect(planned).toHaveLength(4);
    fail = true;
    await expect(estimates.rows(sql, where('name', 'z'), at)).rejects.toThrow('down');
    fail = false;
    expect(await estimates.rows(sql, where('name', 'z'), at)).toBe(4242);
    expect(planned).toHaveLength(6);
  });
});
