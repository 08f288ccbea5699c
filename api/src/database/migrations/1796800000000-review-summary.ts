import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReviewSummary1796800000000 implements MigrationInterface {
  name = 'ReviewSummary1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "review_summary" ("submission_id" uuid NOT NULL, "call_id" uuid NOT NULL, "reviews_assigned" integer NOT NULL DEFAULT '0', "reviews_done" integer NOT NULL DEFAULT '0', "mean" double precision, "median" double precision, "spread" double precision, CONSTRAINT "PK_6f063d71e74c91a6631dc6f5be7" PRIMARY KEY ("submission_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "review_summary_call_idx" ON "review_summary"  ("call_id") `);
    await queryRunner.query(
      `ALTER TABLE "review_summary" ADD CONSTRAINT "FK_6f063d71e74c91a6631dc6f5be7" FOREIGN KEY ("submission_id") REFERENCES "call_submission"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_summary" ADD CONSTRAINT "FK_9aca01483b058bf0f30a5f2320f" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "review_summary" DROP CONSTRAINT "FK_9aca01483b058bf0f30a5f2320f"`);
    await queryRunner.query(`ALTER TABLE "review_summary" DROP CONSTRAINT "FK_6f063d71e74c91a6631dc6f5be7"`);
    await queryRunner.query(`DROP INDEX "public"."review_summary_call_idx"`);
    await queryRunner.query(`DROP TABLE "review_summary"`);
  }
}
