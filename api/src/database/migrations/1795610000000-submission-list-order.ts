import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The submissions' list order (opened date, newest first, then id) as indexes, one within a
 * call and one across calls: the console's list and the Excel export's keyset pages read
 * `ORDER BY opened_at DESC, id DESC LIMIT n` after a cursor, which without them sorted every
 * matching submission again for each page. A b-tree is read backwards for the descending order.
 */
export class SubmissionListOrder1795610000000 implements MigrationInterface {
  name = 'SubmissionListOrder1795610000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "call_submission_call_opened_idx" ON "call_submission" ("call_id", "opened_at", "id")`);
    await queryRunner.query(`CREATE INDEX "call_submission_opened_idx" ON "call_submission" ("opened_at", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "call_submission_opened_idx"`);
    await queryRunner.query(`DROP INDEX "call_submission_call_opened_idx"`);
  }
}
