/**
 * The database's triggers are the ones database/invalidation.ts declares, and each cache
 * trigger notifies its topic: a migration that adds or drops a trigger without saying so there,
 * or a cache topic nothing notifies, fails here.
 */
import pg from 'pg';
import { migrateDatabase } from '../src/database/migrate.js';
import { CACHE_TOPICS, declaredTriggers } from '../src/database/invalidation.js';
import { createScratchDatabase } from './database.js';

describe('the database plumbing (database/invalidation.ts)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let triggers: { table: string; trigger: string; definition: string; body: string }[];

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
});
