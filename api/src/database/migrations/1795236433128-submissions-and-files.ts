import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SubmissionsAndFiles1795236433128 implements MigrationInterface {
  name = 'SubmissionsAndFiles1795236433128';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "attachment_type" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "code" character varying(20) NOT NULL, "name" character varying(100) NOT NULL, "sort" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_753eb04bf1a78532a265b34c162" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "attachment_type_code_idx" ON "attachment_type"  ("code") `);
    await queryRunner.query(
      `CREATE TABLE "attachment" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "purpose" character varying(20) NOT NULL, "submission_id" uuid, "organization_id" uuid, "step_id" uuid, "slot_index" integer, "attachment_type_id" uuid NOT NULL, "file_name" character varying(200) NOT NULL, "description" character varying(1024) NOT NULL DEFAULT '', "dimensions" integer NOT NULL, "mime_type" character varying(100) NOT NULL, "storage_key" character varying(200) NOT NULL, "download_id" uuid NOT NULL, "uploaded_by_id" uuid NOT NULL, CONSTRAINT "PK_d2a80c3a8d467f08a750ac4b420" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "attachment_submission_idx" ON "attachment"  ("submission_id") `);
    await queryRunner.query(`CREATE INDEX "attachment_organization_idx" ON "attachment"  ("organization_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "attachment_storage_key_idx" ON "attachment"  ("storage_key") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "attachment_download_id_idx" ON "attachment"  ("download_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "attachment_slot_idx" ON "attachment"  ("submission_id", "step_id", "slot_index") WHERE purpose = 'submission'`,
    );
    await queryRunner.query(
      `CREATE TABLE "step_result" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "submission_id" uuid NOT NULL, "step_id" uuid NOT NULL, "content" jsonb NOT NULL, "score" numeric, CONSTRAINT "PK_b80c81ed173dbb34c9f2e706b73" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "step_result_step_idx" ON "step_result"  ("step_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "step_result_submission_step_idx" ON "step_result"  ("submission_id", "step_id") `);
    await queryRunner.query(
      `ALTER TABLE "attachment" ADD CONSTRAINT "FK_d9ad97ed3d9629bfc4dfa408010" FOREIGN KEY ("submission_id") REFERENCES "call_submission"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "attachment" ADD CONSTRAINT "FK_1d66b1abd4ca653e024d24ed476" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "attachment" ADD CONSTRAINT "FK_33da00264e5db79602877e339d5" FOREIGN KEY ("step_id") REFERENCES "step"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "attachment" ADD CONSTRAINT "FK_bc42f923ed97e5bedac05873848" FOREIGN KEY ("attachment_type_id") REFERENCES "attachment_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "attachment" ADD CONSTRAINT "FK_98872340e922bc9a2efd5ae144a" FOREIGN KEY ("uploaded_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "step_result" ADD CONSTRAINT "FK_1047e84b4ee66429456417a2728" FOREIGN KEY ("submission_id") REFERENCES "call_submission"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "step_result" ADD CONSTRAINT "FK_da5f59e28b8cadacfbac70ecdaf" FOREIGN KEY ("step_id") REFERENCES "step"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    // The attachment types (reference data with fixed ids).
    await queryRunner.query(`INSERT INTO "attachment_type" ("id", "code", "name", "sort") VALUES
      ('a77ac000-0000-4000-8000-000000000001', 'pdf', 'PDF', 1),
      ('a77ac000-0000-4000-8000-000000000002', 'excel', 'Excel', 2),
      ('a77ac000-0000-4000-8000-000000000003', 'word', 'Word', 3),
      ('a77ac000-0000-4000-8000-000000000004', 'image', 'Image', 4),
      ('a77ac000-0000-4000-8000-000000000005', 'video', 'Video', 5)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "step_result" DROP CONSTRAINT "FK_da5f59e28b8cadacfbac70ecdaf"`);
    await queryRunner.query(`ALTER TABLE "step_result" DROP CONSTRAINT "FK_1047e84b4ee66429456417a2728"`);
    await queryRunner.query(`ALTER TABLE "attachment" DROP CONSTRAINT "FK_98872340e922bc9a2efd5ae144a"`);
    await queryRunner.query(`ALTER TABLE "attachment" DROP CONSTRAINT "FK_bc42f923ed97e5bedac05873848"`);
    await queryRunner.query(`ALTER TABLE "attachment" DROP CONSTRAINT "FK_33da00264e5db79602877e339d5"`);
    await queryRunner.query(`ALTER TABLE "attachment" DROP CONSTRAINT "FK_1d66b1abd4ca653e024d24ed476"`);
    await queryRunner.query(`ALTER TABLE "attachment" DROP CONSTRAINT "FK_d9ad97ed3d9629bfc4dfa408010"`);
    await queryRunner.query(`DROP INDEX "public"."step_result_submission_step_idx"`);
    await queryRunner.query(`DROP INDEX "public"."step_result_step_idx"`);
    await queryRunner.query(`DROP TABLE "step_result"`);
    await queryRunner.query(`DROP INDEX "public"."attachment_slot_idx"`);
    await queryRunner.query(`DROP INDEX "public"."attachment_download_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."attachment_storage_key_idx"`);
    await queryRunner.query(`DROP INDEX "public"."attachment_organization_idx"`);
    await queryRunner.query(`DROP INDEX "public"."attachment_submission_idx"`);
    await queryRunner.query(`DROP TABLE "attachment"`);
    await queryRunner.query(`DROP INDEX "public"."attachment_type_code_idx"`);
    await queryRunner.query(`DROP TABLE "attachment_type"`);
  }
}
