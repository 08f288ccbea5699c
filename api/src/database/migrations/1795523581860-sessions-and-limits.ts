import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * sessions (user_session; a trigger tells every replica's session cache that one
 * ended, `session:<id>`, through the notifier of FillCacheInvalidation) and the rate limits'
 * shared counters (rate_limit_counter, UNLOGGED: counters need no crash safety and write no WAL).
 */
export class SessionsAndLimits1795523581860 implements MigrationInterface {
  name = 'SessionsAndLimits1795523581860';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_session" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ended_at" TIMESTAMP WITH TIME ZONE, "end_reason" character varying(30), "refresh_hash" character varying(64) NOT NULL, "generation" integer NOT NULL DEFAULT '0', "previous_refresh_hash" character varying(64), "rotated_at" TIMESTAMP WITH TIME ZONE, "id_token" text, "user_agent" character varying(500), "ip" character varying(64), CONSTRAINT "PK_adf3b49590842ac3cf54cac451a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "user_session_user_idx" ON "user_session"  ("user_id") `);
    await queryRunner.query(
      `CREATE UNLOGGED TABLE "rate_limit_counter" ("bucket" character varying(200) NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "hits" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_5da9ff01ed5370abc22c924342d" PRIMARY KEY ("bucket", "window_start"))`,
    );
    await queryRunner.query(`CREATE INDEX "rate_limit_counter_window_idx" ON "rate_limit_counter"  ("window_start") `);
    await queryRunner.query(
      `ALTER TABLE "user_session" ADD CONSTRAINT "FK_13275383dcdf095ee29f2b3455a" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`CREATE TRIGGER user_session_cache AFTER UPDATE OR DELETE ON user_session
      FOR EACH ROW EXECUTE FUNCTION ic_cache_row_changed('session', 'id')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER user_session_cache ON user_session');
    await queryRunner.query(`ALTER TABLE "user_session" DROP CONSTRAINT "FK_13275383dcdf095ee29f2b3455a"`);
    await queryRunner.query(`DROP INDEX "public"."rate_limit_counter_window_idx"`);
    await queryRunner.query(`DROP TABLE "rate_limit_counter"`);
    await queryRunner.query(`DROP INDEX "public"."user_session_user_idx"`);
    await queryRunner.query(`DROP TABLE "user_session"`);
  }
}
