import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Triggers that tell every replica which cached reads a committed change makes stale
 * (database/shared-cache.ts): `user:<id>` when a user changes, `organizations-of:<user id>`
 * when one of the user's memberships or organizations changes.
 */
export class CacheInvalidation1795247532299 implements MigrationInterface {
  name = 'CacheInvalidation1795247532299';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION ic_cache_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('ic_cache', 'user:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER app_user_cache AFTER INSERT OR UPDATE OR DELETE ON app_user
      FOR EACH ROW EXECUTE FUNCTION ic_cache_user_changed()`);
    await queryRunner.query(`CREATE FUNCTION ic_cache_membership_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ic_cache', 'organizations-of:' || OLD.user_id); END IF;
        IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ic_cache', 'organizations-of:' || NEW.user_id); END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER organization_member_cache AFTER INSERT OR UPDATE OR DELETE ON organization_member
      FOR EACH ROW EXECUTE FUNCTION ic_cache_membership_changed()`);
    await queryRunner.query(`CREATE FUNCTION ic_cache_organization_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('ic_cache', 'organizations-of:' || m.user_id) FROM organization_member m WHERE m.organization_id = OLD.id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER organization_cache AFTER UPDATE OR DELETE ON organization
      FOR EACH ROW EXECUTE FUNCTION ic_cache_organization_changed()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER organization_cache ON organization');
    await queryRunner.query('DROP FUNCTION ic_cache_organization_changed()');
    await queryRunner.query('DROP TRIGGER organization_member_cache ON organization_member');
    await queryRunner.query('DROP FUNCTION ic_cache_membership_changed()');
    await queryRunner.query('DROP TRIGGER app_user_cache ON app_user');
    await queryRunner.query('DROP FUNCTION ic_cache_user_changed()');
  }
}
