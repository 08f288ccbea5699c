import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who saved a step's answers last, written by the save itself: a stale save names that member. */
export class StepResultUpdatedBy1797300000000 implements MigrationInterface {
  name = 'StepResultUpdatedBy1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "step_result" ADD "updated_by_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "step_result" ADD CONSTRAINT "FK_8492fb306f153fa6e0d7e4752c5" FOREIGN KEY ("updated_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "step_result" DROP CONSTRAINT "FK_8492fb306f153fa6e0d7e4752c5"`);
    await queryRunner.query(`ALTER TABLE "step_result" DROP COLUMN "updated_by_id"`);
  }
}
