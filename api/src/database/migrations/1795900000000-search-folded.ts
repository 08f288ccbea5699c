import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, type TrigramIndex } from './trigram-indexes.js';

/**
 * The lower-cased copies of the names and e-mails the console's submissions search matches
 * (generated: PostgreSQL keeps them). In a UTF-8 database `x ILIKE p` lowers `x` and `p` with
 * `lower()` and compares them as LIKE does, so `x_folded LIKE lower(p)` finds exactly the same
 * rows without lowering each row it reads.
 */
const FOLDED: [table: string, column: string, source: string][] = [
  ['organization', 'name_folded', 'name'],
  ['call', 'name_folded', 'name'],
  ['app_user', 'email_folded', 'email'],
];

/** The expression, as the entities declare it (`asExpression`). */
export const folded = (source: string) => `lower("${source}")`;

/** Their trigram indexes, when pg_trgm is there (see ListIndexes1795700000000). */
const TRIGRAM: TrigramIndex[] = [
  ['organization_name_folded_trgm_idx', 'organization', 'name_folded'],
  ['call_name_folded_trgm_idx', 'call', 'name_folded'],
  ['app_user_email_folded_trgm_idx', 'app_user', 'email_folded'],
];

/** The folded columns and their trigram indexes, so the console's broad searches stay fast. */
export class SearchFolded1795900000000 implements MigrationInterface {
  name = 'SearchFolded1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // TypeORM reads a generated column's expression from its metadata table (the schema check of
    // foundation.spec compares it with the entity's `asExpression`), as its own migrations write it.
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "typeorm_metadata" ("type" varchar NOT NULL, "database" varchar, "schema" varchar, "table" varchar, "name" varchar, "value" text)`,
    );
    for (const [table, column, source] of FOLDED) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "${column}" text GENERATED ALWAYS AS (${folded(source)}) STORED`);
      await queryRunner.query(
        `INSERT INTO "typeorm_metadata" ("database", "schema", "table", "type", "name", "value") VALUES (current_database(), 'public', $1, 'GENERATED_COLUMN', $2, $3)`,
        [table, column, folded(source)],
      );
    }
    await createTrigramIndexes(queryRunner, TRIGRAM, 'the submissions search runs');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...TRIGRAM].reverse()) await queryRunner.query(`DROP INDEX IF EXISTS "public"."${name}"`);
    for (const [table, column] of [...FOLDED].reverse()) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
      await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" = $1 AND "name" = $2`, [
        table,
        column,
      ]);
    }
  }
}
