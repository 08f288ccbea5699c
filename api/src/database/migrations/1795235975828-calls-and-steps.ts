import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CallsAndSteps1795235975828 implements MigrationInterface {
  name = 'CallsAndSteps1795235975828';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "call_type" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "name" character varying(300) NOT NULL, "description" text NOT NULL DEFAULT '', CONSTRAINT "PK_c8a4ae1835cdf4c5c17d2347cb2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "call_type_name_idx" ON "call_type"  ("name") `);
    await queryRunner.query(
      `CREATE TABLE "call" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "name" character varying(300) NOT NULL, "description" text NOT NULL DEFAULT '', "call_type_id" uuid NOT NULL, "opening_at" TIMESTAMP WITH TIME ZONE NOT NULL, "closing_at" TIMESTAMP WITH TIME ZONE NOT NULL, "call_lock_end" TIMESTAMP WITH TIME ZONE, "is_user_filter_enable" boolean NOT NULL DEFAULT false, "user_filter_email" text NOT NULL DEFAULT '', "enable_user_download_pdf" boolean NOT NULL DEFAULT false, "impact_framework_id" uuid, "power_bi_workspace_id" character varying(100), "power_bi_report_id" character varying(100), "user_power_bi_workspace_id" character varying(100), "user_power_bi_report_id" character varying(100), "custom_file_id" uuid, "custom_file_name" character varying(300), CONSTRAINT "PK_2098af0169792a34f9cfdd39c47" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "call_name_idx" ON "call"  ("name") `);
    await queryRunner.query(`CREATE INDEX "call_call_type_idx" ON "call"  ("call_type_id") `);
    await queryRunner.query(`CREATE INDEX "call_opening_closing_idx" ON "call"  ("opening_at", "closing_at") `);
    await queryRunner.query(
      `CREATE TABLE "call_submission" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "call_id" uuid NOT NULL, "organization_id" uuid NOT NULL, "user_id" uuid NOT NULL, "code" character varying(40) NOT NULL, "closed" boolean NOT NULL DEFAULT false, "opened_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "submitted_at" TIMESTAMP WITH TIME ZONE, "closed_at" TIMESTAMP WITH TIME ZONE, "quiz_score" numeric, "sroi_score" numeric, CONSTRAINT "PK_cf473c3025f3e3dcfc9e7daca61" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "call_submission_organization_idx" ON "call_submission"  ("organization_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "call_submission_code_idx" ON "call_submission"  ("code") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "call_submission_call_org_idx" ON "call_submission"  ("call_id", "organization_id") `);
    await queryRunner.query(
      `CREATE TABLE "step_type" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "name" character varying(100) NOT NULL, "hidden_in_picker" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_2f7e794ed85b02d11d7d8cf0db1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "step_type_name_idx" ON "step_type"  ("name") `);
    await queryRunner.query(
      `CREATE TABLE "step" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "call_type_id" uuid NOT NULL, "name" character varying(300) NOT NULL, "description" text NOT NULL DEFAULT '', "content" jsonb, "sort" integer NOT NULL, "step_type_id" uuid NOT NULL, "expected_answers" jsonb, CONSTRAINT "PK_70d386ace569c3d265e05db0cc7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "step_step_type_idx" ON "step"  ("step_type_id") `);
    await queryRunner.query(`CREATE INDEX "step_call_type_sort_idx" ON "step"  ("call_type_id", "sort") `);
    await queryRunner.query(
      `ALTER TABLE "call" ADD CONSTRAINT "FK_d0fdc9670a8f64e94703ffdee31" FOREIGN KEY ("call_type_id") REFERENCES "call_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "call_submission" ADD CONSTRAINT "FK_73cc95e6cdf9ae189b34a3632b2" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "call_submission" ADD CONSTRAINT "FK_775f82662126c529b6f4a9eab31" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "call_submission" ADD CONSTRAINT "FK_763cd1558ad922b94e69946d470" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "step" ADD CONSTRAINT "FK_a46d9ab8976139ce58351a1057e" FOREIGN KEY ("call_type_id") REFERENCES "call_type"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "step" ADD CONSTRAINT "FK_2a91b3b5d41c27f59017221a65b" FOREIGN KEY ("step_type_id") REFERENCES "step_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "call" ADD CONSTRAINT "call_dates_check" CHECK ("closing_at" > "opening_at")`);
    // The six built-in step kinds, with fixed ids (BUILT_IN_STEP_TYPE_IDS); quiz is hidden from the console's picker.
    await queryRunner.query(`INSERT INTO "step_type" ("id", "name", "hidden_in_picker") VALUES
      ('5e0c0001-0000-4000-8000-000000000001', 'text', false),
      ('5e0c0001-0000-4000-8000-000000000002', 'upload', false),
      ('5e0c0001-0000-4000-8000-000000000003', 'miniDyi', false),
      ('5e0c0001-0000-4000-8000-000000000004', 'results', false),
      ('5e0c0001-0000-4000-8000-000000000005', 'survey', false),
      ('5e0c0001-0000-4000-8000-000000000006', 'quiz', true)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "call" DROP CONSTRAINT "call_dates_check"`);
    await queryRunner.query(`ALTER TABLE "step" DROP CONSTRAINT "FK_2a91b3b5d41c27f59017221a65b"`);
    await queryRunner.query(`ALTER TABLE "step" DROP CONSTRAINT "FK_a46d9ab8976139ce58351a1057e"`);
    await queryRunner.query(`ALTER TABLE "call_submission" DROP CONSTRAINT "FK_763cd1558ad922b94e69946d470"`);
    await queryRunner.query(`ALTER TABLE "call_submission" DROP CONSTRAINT "FK_775f82662126c529b6f4a9eab31"`);
    await queryRunner.query(`ALTER TABLE "call_submission" DROP CONSTRAINT "FK_73cc95e6cdf9ae189b34a3632b2"`);
    await queryRunner.query(`ALTER TABLE "call" DROP CONSTRAINT "FK_d0fdc9670a8f64e94703ffdee31"`);
    await queryRunner.query(`DROP INDEX "public"."step_call_type_sort_idx"`);
    await queryRunner.query(`DROP INDEX "public"."step_step_type_idx"`);
    await queryRunner.query(`DROP TABLE "step"`);
    await queryRunner.query(`DROP INDEX "public"."step_type_name_idx"`);
    await queryRunner.query(`DROP TABLE "step_type"`);
    await queryRunner.query(`DROP INDEX "public"."call_submission_call_org_idx"`);
    await queryRunner.query(`DROP INDEX "public"."call_submission_code_idx"`);
    await queryRunner.query(`DROP INDEX "public"."call_submission_organization_idx"`);
    await queryRunner.query(`DROP TABLE "call_submission"`);
    await queryRunner.query(`DROP INDEX "public"."call_opening_closing_idx"`);
    await queryRunner.query(`DROP INDEX "public"."call_call_type_idx"`);
    await queryRunner.query(`DROP INDEX "public"."call_name_idx"`);
    await queryRunner.query(`DROP TABLE "call"`);
    await queryRunner.query(`DROP INDEX "public"."call_type_name_idx"`);
    await queryRunner.query(`DROP TABLE "call_type"`);
  }
}
