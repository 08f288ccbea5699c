import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A submission keeps the organization's data as it was sent (`organization_snapshot`, taken at
 * each submission or forced close); each submission's history row keeps the copy it took.
 * Submissions sent before this existed get today's data, the best there is.
 */
export class SubmittedOrganization1796300000000 implements MigrationInterface {
  name = 'SubmittedOrganization1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "call_submission" ADD "organization_snapshot" jsonb');
    await queryRunner.query('ALTER TABLE "submission_event" ADD "organization_snapshot" jsonb');
    await queryRunner.query(
      `UPDATE call_submission s
          SET organization_snapshot = to_jsonb(o) - '{id,created_at,updated_at,version,created_by_id,archived_at,name_folded}'::text[]
         FROM organization o
        WHERE o.id = s.organization_id AND s.last_submitted_at IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "submission_event" DROP COLUMN "organization_snapshot"');
    await queryRunner.query('ALTER TABLE "call_submission" DROP COLUMN "organization_snapshot"');
  }
}
