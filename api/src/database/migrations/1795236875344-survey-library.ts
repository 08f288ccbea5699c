import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SurveyLibrary1795236875344 implements MigrationInterface {
  name = 'SurveyLibrary1795236875344';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "survey_type" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "name" character varying(300) NOT NULL, "description" text NOT NULL, "json" jsonb NOT NULL, CONSTRAINT "PK_4008aa53f3435e26c3b162d3c2d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "survey_type_name_idx" ON "survey_type"  ("name") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."survey_type_name_idx"`);
    await queryRunner.query(`DROP TABLE "survey_type"`);
  }
}
