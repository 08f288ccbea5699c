import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Review messages: a decision's template may be a call's own (`message_template.call_id`, gone with the call), so a
 * template is unique per kind, language and call (the global one has none). A reviewer's address can be long, and
 * their digests' and invitations' dedupe keys carry it.
 */
export class ReviewMessages1796600000000 implements MigrationInterface {
  name = 'ReviewMessages1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "message_template" ADD "call_id" uuid`);
    await queryRunner.query(`DROP INDEX "public"."message_template_kind_language_idx"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "message_template_kind_language_idx" ON "message_template" ("kind", "language", COALESCE("call_id", '00000000-0000-0000-0000-000000000000'::uuid))`,
    );
    await queryRunner.query(
      `ALTER TABLE "message_template" ADD CONSTRAINT "FK_edc1106724edb5cb5b40626d481" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "message" ALTER COLUMN "dedupe_key" TYPE character varying(500)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "message" WHERE length("dedupe_key") > 200`);
    await queryRunner.query(`ALTER TABLE "message" ALTER COLUMN "dedupe_key" TYPE character varying(200)`);
    await queryRunner.query(`ALTER TABLE "message_template" DROP CONSTRAINT "FK_edc1106724edb5cb5b40626d481"`);
    await queryRunner.query(`DELETE FROM "message_template" WHERE "call_id" IS NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."message_template_kind_language_idx"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "message_template_kind_language_idx" ON "message_template" ("kind", "language")`);
    await queryRunner.query(`ALTER TABLE "message_template" DROP COLUMN "call_id"`);
  }
}
