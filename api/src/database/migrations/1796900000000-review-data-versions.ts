import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The review figures and decisions of a call move its data version (migration DataVersions), so
 * the call's ranked list can be kept while they hold: a summary rewritten to the same figures
 * counts nothing (the reviews module skips it).
 */
const TABLES = ['review_summary', 'review_decision'];

export class ReviewDataVersions1796900000000 implements MigrationInterface {
  name = 'ReviewDataVersions1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`CREATE TRIGGER ${table}_data_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ic_data_submission_changed()`);
      await queryRunner.query(`CREATE TRIGGER ${table}_data_version_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION ic_data_everything_changed()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`DROP TRIGGER ${table}_data_version_truncate ON ${table}`);
      await queryRunner.query(`DROP TRIGGER ${table}_data_version ON ${table}`);
    }
  }
}
