import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Triggers that tell every replica when a call or the steps of a call type change (`call:<id>`,
 * `steps-of:<call type id>`), so saving and closing a submission can check the call's dates,
 * e-mail filter and steps from memory (modules/submissions/fill-cache.ts) and still never act on
 * a stale definition; and when an impact framework is deleted (`impact-framework:<id>`), so no
 * replica keeps answering the miniDyi lookups from it (modules/impact/read-cache.ts).
 */
export class FillCacheInvalidation1795260000000 implements MigrationInterface {
  name = 'FillCacheInvalidation1795260000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Arguments: the topic, and the column whose value is the key. A row moved from one key to
    // another (a step to another call type) makes both stale.
    await queryRunner.query(`CREATE FUNCTION ic_cache_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        old_key text := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[1] END;
        new_key text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[1] END;
      BEGIN
        IF old_key IS NOT NULL THEN PERFORM pg_notify('ic_cache', TG_ARGV[0] || ':' || old_key); END IF;
        IF new_key IS DISTINCT FROM old_key AND new_key IS NOT NULL THEN PERFORM pg_notify('ic_cache', TG_ARGV[0] || ':' || new_key); END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER call_cache AFTER INSERT OR UPDATE OR DELETE ON call
      FOR EACH ROW EXECUTE FUNCTION ic_cache_row_changed('call', 'id')`);
    await queryRunner.query(`CREATE TRIGGER step_cache AFTER INSERT OR UPDATE OR DELETE ON step
      FOR EACH ROW EXECUTE FUNCTION ic_cache_row_changed('steps-of', 'call_type_id')`);
    // Frameworks are never edited once imported: only their deletion makes answers stale.
    await queryRunner.query(`CREATE TRIGGER impact_framework_cache AFTER DELETE ON impact_framework
      FOR EACH ROW EXECUTE FUNCTION ic_cache_row_changed('impact-framework', 'id')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER impact_framework_cache ON impact_framework');
    await queryRunner.query('DROP TRIGGER step_cache ON step');
    await queryRunner.query('DROP TRIGGER call_cache ON call');
    await queryRunner.query('DROP FUNCTION ic_cache_row_changed()');
  }
}
