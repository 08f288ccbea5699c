import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SubmissionHistory1795522904555 implements MigrationInterface {
  name = 'SubmissionHistory1795522904555';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "submission_event" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "submission_id" uuid NOT NULL, "kind" character varying(20) NOT NULL, "user_id" uuid, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b70003d9d5fc33271446a460fd8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "submission_event_user_idx" ON "submission_event"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "submission_event_submission_idx" ON "submission_event"  ("submission_id", "at") `);
    await queryRunner.query(`ALTER TABLE "call_submission" ADD "last_submitted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "submission_event" ADD CONSTRAINT "FK_94b0a8af6cd75028516edb87c8f" FOREIGN KEY ("submission_id") REFERENCES "call_submission"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "submission_event" ADD CONSTRAINT "FK_f8fb6b24b176b0f652e51f378b9" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    // Submissions made before the history: their last submission date, and one "submitted" event by an unknown user.
    await queryRunner.query(`UPDATE "call_submission" SET "last_submitted_at" = "submitted_at" WHERE "submitted_at" IS NOT NULL`);
    await queryRunner.query(
      `INSERT INTO "submission_event" ("submission_id", "kind", "user_id", "at") SELECT "id", 'submitted', NULL, "submitted_at" FROM "call_submission" WHERE "submitted_at" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "submission_event" DROP CONSTRAINT "FK_f8fb6b24b176b0f652e51f378b9"`);
    await queryRunner.query(`ALTER TABLE "submission_event" DROP CONSTRAINT "FK_94b0a8af6cd75028516edb87c8f"`);
    await queryRunner.query(`ALTER TABLE "call_submission" DROP COLUMN "last_submitted_at"`);
    await queryRunner.query(`DROP INDEX "public"."submission_event_submission_idx"`);
    await queryRunner.query(`DROP INDEX "public"."submission_event_user_idx"`);
    await queryRunner.query(`DROP TABLE "submission_event"`);
  }
}
