import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PrivacyConsents1797200000000 implements MigrationInterface {
  name = 'PrivacyConsents1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "consent_text" ("version" character varying(64) NOT NULL, "text" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fe3940bec174290e07532f3b010" PRIMARY KEY ("version"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "consent_record" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "organization_id" uuid, "kind" character varying(30) NOT NULL, "text_version" character varying(64) NOT NULL, "given_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "withdrawn_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "consent_record_kind_check" CHECK ("kind" IN ('data-processing', 'terms', 'self-certification', 'data-consent-text')), CONSTRAINT "PK_b357c35aea3aa0be4647282324f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "consent_record_organization_idx" ON "consent_record"  ("organization_id", "kind") `);
    await queryRunner.query(`CREATE INDEX "consent_record_user_idx" ON "consent_record"  ("user_id", "kind", "given_at") `);
    await queryRunner.query(
      `ALTER TABLE "consent_record" ADD CONSTRAINT "FK_3fea70da80c079b1670e96e4f2d" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "consent_record" ADD CONSTRAINT "FK_4450ed59550198dfca78cfd6295" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "consent_record" ADD CONSTRAINT "FK_0b8b91d45fa9569fdfb2988877f" FOREIGN KEY ("text_version") REFERENCES "consent_text"("version") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "consent_record" DROP CONSTRAINT "FK_0b8b91d45fa9569fdfb2988877f"`);
    await queryRunner.query(`ALTER TABLE "consent_record" DROP CONSTRAINT "FK_4450ed59550198dfca78cfd6295"`);
    await queryRunner.query(`ALTER TABLE "consent_record" DROP CONSTRAINT "FK_3fea70da80c079b1670e96e4f2d"`);
    await queryRunner.query(`DROP INDEX "public"."consent_record_user_idx"`);
    await queryRunner.query(`DROP INDEX "public"."consent_record_organization_idx"`);
    await queryRunner.query(`DROP TABLE "consent_record"`);
    await queryRunner.query(`DROP TABLE "consent_text"`);
  }
}
