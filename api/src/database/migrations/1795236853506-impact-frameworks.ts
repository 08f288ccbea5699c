import { SDGS } from '@impact-calls/domain';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Impact frameworks (framework, stakeholders, outcomes, indicators, proxies) and the 17
 * SDGs, seeded from the domain's list (official colours, names and titles in it, en, fr).
 * A change to that list needs a new migration for existing databases; a test compares
 * GetSdg with the list.
 */

export class ImpactFrameworks1795236853506 implements MigrationInterface {
  name = 'ImpactFrameworks1795236853506';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sdg" ("code" smallint NOT NULL, "colour" character varying(7) NOT NULL, "url" character varying(200) NOT NULL, "keywords" text NOT NULL DEFAULT '', "name_it" character varying(200) NOT NULL, "name_en" character varying(200) NOT NULL, "name_fr" character varying(200) NOT NULL, "description_it" text NOT NULL, "description_en" text NOT NULL, "description_fr" text NOT NULL, CONSTRAINT "sdg_code_check" CHECK ("code" BETWEEN 1 AND 17), CONSTRAINT "PK_97f958f78363f4b0b65edef6e53" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `INSERT INTO "sdg" ("code", "colour", "url", "keywords", "name_it", "name_en", "name_fr", "description_it", "description_en", "description_fr")
       SELECT * FROM unnest($1::smallint[], $2::varchar[], $3::varchar[], $4::text[], $5::varchar[], $6::varchar[], $7::varchar[], $8::text[], $9::text[], $10::text[])`,
      [
        SDGS.map((s) => s.code),
        SDGS.map((s) => s.colour),
        SDGS.map((s) => s.url),
        SDGS.map((s) => s.keywords.join(', ')),
        SDGS.map((s) => s.text.it.name),
        SDGS.map((s) => s.text.en.name),
        SDGS.map((s) => s.text.fr.name),
        SDGS.map((s) => s.text.it.description),
        SDGS.map((s) => s.text.en.description),
        SDGS.map((s) => s.text.fr.description),
      ],
    );
    await queryRunner.query(
      `CREATE TABLE "impact_framework" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "name" character varying(300) NOT NULL, "description" text NOT NULL DEFAULT '', "stakeholder_count" integer NOT NULL DEFAULT '0', "outcome_count" integer NOT NULL DEFAULT '0', "indicator_count" integer NOT NULL DEFAULT '0', "proxy_count" integer NOT NULL DEFAULT '0', "sdgs" smallint array NOT NULL DEFAULT '{}', CONSTRAINT "PK_36c820cdb4a2c6f78eb08fe47a6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "impact_framework_name_idx" ON "impact_framework"  ("name") `);
    await queryRunner.query(
      `CREATE TABLE "impact_stakeholder" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "framework_id" uuid NOT NULL, "name" character varying(500) NOT NULL, "description" text NOT NULL DEFAULT '', "sort" integer NOT NULL, CONSTRAINT "PK_3f52b9eea5fa7c945c0996e5322" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "impact_stakeholder_framework_idx" ON "impact_stakeholder"  ("framework_id", "sort") `);
    await queryRunner.query(
      `CREATE TABLE "impact_outcome" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "framework_id" uuid NOT NULL, "name" character varying(500) NOT NULL, "description" text NOT NULL DEFAULT '', "sdg" smallint NOT NULL, "sort" integer NOT NULL, CONSTRAINT "PK_b340da22deac609d15fc8672555" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "impact_outcome_framework_sdg_idx" ON "impact_outcome"  ("framework_id", "sdg", "sort") `);
    await queryRunner.query(
      `CREATE TABLE "impact_indicator" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "outcome_id" uuid NOT NULL, "name" character varying(500) NOT NULL, "description" text NOT NULL DEFAULT '', "sort" integer NOT NULL, CONSTRAINT "PK_d0e478f289467d444abb4f0313c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "impact_indicator_outcome_idx" ON "impact_indicator"  ("outcome_id", "sort") `);
    await queryRunner.query(
      `CREATE TABLE "impact_proxy" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "indicator_id" uuid NOT NULL, "name" character varying(500) NOT NULL, "default_value" double precision NOT NULL, "source_name" character varying(500) NOT NULL DEFAULT '', "source_url" character varying(2000) NOT NULL DEFAULT '', "sort" integer NOT NULL, CONSTRAINT "impact_proxy_value_check" CHECK ("default_value" >= 0), CONSTRAINT "PK_c3f5fdc217f9415721e3516e9ea" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "impact_proxy_indicator_idx" ON "impact_proxy"  ("indicator_id", "sort") `);
    await queryRunner.query(
      `ALTER TABLE "impact_stakeholder" ADD CONSTRAINT "FK_c651801afd6d2e3a42895cc22a7" FOREIGN KEY ("framework_id") REFERENCES "impact_framework"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "impact_outcome" ADD CONSTRAINT "FK_e63036df93f70fa720e2f78aa07" FOREIGN KEY ("framework_id") REFERENCES "impact_framework"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "impact_outcome" ADD CONSTRAINT "FK_6330245eff410851f35598e5729" FOREIGN KEY ("sdg") REFERENCES "sdg"("code") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "impact_indicator" ADD CONSTRAINT "FK_e5878efbc443b78cc6c7065f344" FOREIGN KEY ("outcome_id") REFERENCES "impact_outcome"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "impact_proxy" ADD CONSTRAINT "FK_cf0d8e80a790258fefeace740e6" FOREIGN KEY ("indicator_id") REFERENCES "impact_indicator"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "impact_proxy" DROP CONSTRAINT "FK_cf0d8e80a790258fefeace740e6"`);
    await queryRunner.query(`ALTER TABLE "impact_indicator" DROP CONSTRAINT "FK_e5878efbc443b78cc6c7065f344"`);
    await queryRunner.query(`ALTER TABLE "impact_outcome" DROP CONSTRAINT "FK_6330245eff410851f35598e5729"`);
    await queryRunner.query(`ALTER TABLE "impact_outcome" DROP CONSTRAINT "FK_e63036df93f70fa720e2f78aa07"`);
    await queryRunner.query(`ALTER TABLE "impact_stakeholder" DROP CONSTRAINT "FK_c651801afd6d2e3a42895cc22a7"`);
    await queryRunner.query(`DROP INDEX "public"."impact_proxy_indicator_idx"`);
    await queryRunner.query(`DROP TABLE "impact_proxy"`);
    await queryRunner.query(`DROP INDEX "public"."impact_indicator_outcome_idx"`);
    await queryRunner.query(`DROP TABLE "impact_indicator"`);
    await queryRunner.query(`DROP INDEX "public"."impact_outcome_framework_sdg_idx"`);
    await queryRunner.query(`DROP TABLE "impact_outcome"`);
    await queryRunner.query(`DROP INDEX "public"."impact_stakeholder_framework_idx"`);
    await queryRunner.query(`DROP TABLE "impact_stakeholder"`);
    await queryRunner.query(`DROP INDEX "public"."impact_framework_name_idx"`);
    await queryRunner.query(`DROP TABLE "impact_framework"`);
    await queryRunner.query(`DROP TABLE "sdg"`);
  }
}
