/**
 * The typed SQL's schema types (api/src/database/schema.ts, docs/decisions/typed-sql.md) are
 * those of the migrated schema: a scratch database is migrated, the types are generated from it
 * (scripts/db-types.mjs --check) and compared with the committed file.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { migrateDatabase } from '../src/database/migrate.js';
import { createScratchDatabase } from './database.js';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('schema.ts', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase('ic_db_types');
    await migrateDatabase(scratch.url);
  }, 120_000);

  afterAll(async () => {
    await scratch?.drop();
  });

  it('is what the migrations make (else: node scripts/db-types.mjs, and commit it)', async () => {
    const check = run(process.execPath, ['scripts/db-types.mjs', '--url', scratch.url, '--check'], { cwd: ROOT });
    const outcome = await check.then(
      ({ stdout }) => ({ ok: true, out: stdout }),
      (e: { stderr?: string; stdout?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    );
    if (!outcome.ok) throw new Error(outcome.out.trim());
    expect(outcome.out).toContain('matches the migrated schema');
  }, 60_000);
});
