/**
 * Every typed statement of the API (database/typed-sql.ts) is one PostgreSQL accepts on the
 * migrated schema: each is prepared (parsed, its names and types resolved, nothing run), so a
 * statement of a path no other test takes still fails here, not in production.
 */
import pg from 'pg';
import { AppModule } from '../src/app.module.js';
import { madeStatements } from '../src/database/typed-sql.js';
import { migrateDatabase } from '../src/database/migrate.js';
import { createScratchDatabase } from './database.js';

describe('typed statements', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase('ic_statements');
    await migrateDatabase(scratch.url);
  }, 120_000);

  afterAll(async () => {
    await scratch?.drop();
  });

  it('are all prepared by PostgreSQL', async () => {
    expect(AppModule).toBeDefined(); // every module, so every statement, is loaded
    const statements = madeStatements();
    expect(statements.length).toBeGreaterThan(150);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const refused: string[] = [];
    try {
      for (const s of statements) {
        try {
          await client.query(`PREPARE ic_check AS ${s.text}`);
          await client.query('DEALLOCATE ic_check');
        } catch (e) {
          refused.push(`${s.name}: ${(e as Error).message}`);
        }
      }
    } finally {
      await client.end();
    }
    expect(refused).toEqual([]);
  }, 60_000);
});
