import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The embedded development provider's records (interactions, sessions, grants, codes) in
 * PostgreSQL instead of one process' memory: a sign-in begun on one replica can end
 * on another, and a restart no longer signs everyone out of the provider. UNLOGGED: they are
 * short-lived development data, not worth a WAL write.
 * Also: the branding (`configuration`) tells every replica when it changes (`config:<id>`), so a
 * change shows on every replica at once instead of when its cache expires.
 */
export class ReplicaState1795710000000 implements MigrationInterface {
  name = 'ReplicaState1795710000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNLOGGED TABLE "dev_oidc_record" (
      "model" varchar(40) NOT NULL,
      "id" varchar(300) NOT NULL,
      "payload" jsonb NOT NULL,
      "grant_id" varchar(300),
      "uid" varchar(300),
      "user_code" varchar(300),
      "expires_at" timestamptz,
      CONSTRAINT "PK_dev_oidc_record" PRIMARY KEY ("model", "id")
    )`);
    await queryRunner.query(`CREATE INDEX "dev_oidc_record_grant_idx" ON "dev_oidc_record" ("grant_id") WHERE "grant_id" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "dev_oidc_record_uid_idx" ON "dev_oidc_record" ("model", "uid") WHERE "uid" IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "dev_oidc_record_user_code_idx" ON "dev_oidc_record" ("model", "user_code") WHERE "user_code" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "dev_oidc_record_expires_idx" ON "dev_oidc_record" ("expires_at")`);
    await queryRunner.query(`CREATE TRIGGER configuration_cache AFTER INSERT OR UPDATE OR DELETE ON configuration
      FOR EACH ROW EXECUTE FUNCTION ic_cache_row_changed('config', 'id')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER configuration_cache ON configuration');
    await queryRunner.query(`DROP TABLE "dev_oidc_record"`);
  }
}
