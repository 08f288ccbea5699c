import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The configuration's texts shown to applicants get a value per language: the
 * welcome message, list name, landing HTML and data-consent text move into `texts`
 * (`{ <language>: { message, listName, landingHtml, dataConsentText } }`), each existing value
 * kept as the default language's. Empty texts are left out (the default language applies).
 */
export class ConfigurationTexts1795523058280 implements MigrationInterface {
  name = 'ConfigurationTexts1795523058280';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "configuration" ADD "texts" jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      `UPDATE "configuration" SET "texts" = jsonb_build_object(
         CASE WHEN "default_language" IN ('it', 'en', 'fr') THEN "default_language" ELSE 'it' END,
         jsonb_strip_nulls(jsonb_build_object(
           'message', NULLIF("message", ''), 'listName', NULLIF("list_name", ''),
           'landingHtml', NULLIF("landing_html", ''), 'dataConsentText', NULLIF("data_consent_text", ''))))`,
    );
    await queryRunner.query(
      `UPDATE "configuration" SET "texts" = '{}'::jsonb WHERE "texts" = ANY (ARRAY['{"it": {}}', '{"en": {}}', '{"fr": {}}']::jsonb[])`,
    );
    // The "exactly one active" constraint trigger is deferred: its checks of the updates run now, before the table changes.
    await queryRunner.query('SET CONSTRAINTS ALL IMMEDIATE');
    await queryRunner.query(`ALTER TABLE "configuration" DROP COLUMN "message"`);
    await queryRunner.query(`ALTER TABLE "configuration" DROP COLUMN "list_name"`);
    await queryRunner.query(`ALTER TABLE "configuration" DROP COLUMN "landing_html"`);
    await queryRunner.query(`ALTER TABLE "configuration" DROP COLUMN "data_consent_text"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "configuration" ADD "data_consent_text" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "configuration" ADD "landing_html" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "configuration" ADD "list_name" character varying(200) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "configuration" ADD "message" text NOT NULL DEFAULT ''`);
    // Back to one value: the default language's.
    await queryRunner.query(
      `UPDATE "configuration" SET
         "message" = COALESCE("texts" -> "default_language" ->> 'message', ''),
         "list_name" = LEFT(COALESCE("texts" -> "default_language" ->> 'listName', ''), 200),
         "landing_html" = COALESCE("texts" -> "default_language" ->> 'landingHtml', ''),
         "data_consent_text" = COALESCE("texts" -> "default_language" ->> 'dataConsentText', '')`,
    );
    await queryRunner.query('SET CONSTRAINTS ALL IMMEDIATE');
    await queryRunner.query(`ALTER TABLE "configuration" DROP COLUMN "texts"`);
  }
}
