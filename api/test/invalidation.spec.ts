/**
 * The database's triggers are the ones database/invalidation.ts declares, and each cache
 * trigger notifies its topic: a migration that adds or drops a trigger without saying so there,
 * or a cache topic nothing notifies, fails here.
 */
import pg from 'pg';
import { migrateDatabase } from '../src/database/migrate.js';
import { AppModule } from '../src/app.module.js';
import { CACHE_TOPICS, declaredTriggers } from '../src/database/invalidation.js';
import { madeStatements } from '../src/database/typed-sql.js';
import { createScratchDatabase } from './database.js';

describe('the database plumbing (database/invalidation.ts)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let triggers: { table: string; trigger: string; definition: string; body: string }[];
  let tables: Set<string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase('ic_invalidation');
    await migrateDatabase(scratch.url);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      ({ rows: triggers } = await client.query(
        `SELECT t.tgrelid::regclass::text AS "table", t.tgname AS "trigger", pg_get_triggerdef(t.oid) AS definition, p.prosrc AS body
           FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE NOT t.tgisinternal`,
      ));
      tables = new Set((await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).rows.map((r) => r.tablename));
    } finally {
      await client.end();
    }
  }, 120_000);

  afterAll(async () => {
    await scratch?.drop();
  });

  it('has exactly the declared triggers', () => {
    const key = (t: { table: string; trigger: string }) => `${t.table}.${t.trigger}`;
    expect(triggers.map(key).sort()).toEqual(declaredTriggers().map(key).sort());
  });

  it('notifies each cache topic from the triggers declared for it', () => {
    for (const [topic, { triggers: declared }] of Object.entries(CACHE_TOPICS))
      for (const d of declared) {
        const found = triggers.find((t) => t.table === d.table && t.trigger === d.trigger);
        expect({ topic, trigger: d.trigger, notifies: !!found && (found.definition + found.body).includes(`'${topic}`) }).toEqual({
          topic,
          trigger: d.trigger,
          notifies: true,
        });
      }
  });

  it('tells each cache of every table its statements read', () => {
    expect(AppModule).toBeDefined(); // every module, so every statement, is loaded
    const texts = new Map(madeStatements().map((s) => [s.name, s.text]));
    const missing: string[] = [];
    for (const [topic, declared] of Object.entries(CACHE_TOPICS)) {
      const told = new Set<string>([
        ...declared.triggers.map((t) => t.table),
        ...Object.keys('unwatched' in declared ? declared.unwatched : {}),
      ]);
      for (const name of declared.loads) {
        const text = texts.get(name);
        if (text === undefined) missing.push(`${topic}: no statement ${name}`);
        for (const [, table] of (text ?? '').matchAll(/\b(?:from|join)\s+"(\w+)"/gi))
          if (tables.has(table) && !told.has(table)) missing.push(`${topic}: ${name} reads ${table}, whose changes do not reach the cache`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
