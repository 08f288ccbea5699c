import type { QueryRunner } from 'typeorm';

/** A trigram index of a list's search (`ILIKE '%q%'`): its name, table and column. */
export type TrigramIndex = [name: string, table: string, column: string];

/**
 * Creates pg_trgm (a trusted extension since PostgreSQL 13, in contrib: the embedded server,
 * Debian's and the official images have it) and the trigram indexes. A server without it still
 * migrates: the log says `what` searches without the indexes (they then scan).
 */
export async function createTrigramIndexes(queryRunner: QueryRunner, indexes: TrigramIndex[], what: string): Promise<void> {
  await queryRunner.query(`DO $$ BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
      RAISE WARNING 'pg_trgm is not available (%): ${what} without trigram indexes', SQLERRM;
    END $$`);
  const create = indexes.map(([name, table, column]) => `CREATE INDEX "${name}" ON "${table}" USING gin ("${column}" gin_trgm_ops);`);
  await queryRunner.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN ${create.join(' ')} END IF;
    END $$`);
}
