import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tells every replica when an organization's submissions change (`organization-submissions:<organization id>`):
 * one is created or deleted, closed or reopened, or moves to another organization or call. The applicant's call
 * list shows each call's submission and whether it is closed from a cache of them per organization
 * (CallSubmissionsRepository), so its pages read no row. Answers, versions and dates do not notify: the
 * deadline's autosaves send nothing.
 */
export class OrganizationSubmissionsCache1796000000000 implements MigrationInterface {
  name = 'OrganizationSubmissionsCache1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Its own function, not ic_cache_row_changed: a submission's row is wide, and a close at the deadline should not turn it into JSON twice.
    await queryRunner.query(`CREATE FUNCTION ic_cache_organization_submissions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          PERFORM pg_notify('ic_cache', 'organization-submissions:' || OLD.organization_id);
          IF TG_OP = 'UPDATE' AND NEW.organization_id <> OLD.organization_id THEN
            PERFORM pg_notify('ic_cache', 'organization-submissions:' || NEW.organization_id);
          END IF;
        ELSE
          PERFORM pg_notify('ic_cache', 'organization-submissions:' || NEW.organization_id);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER call_submission_cache AFTER INSERT OR DELETE ON call_submission
      FOR EACH ROW EXECUTE FUNCTION ic_cache_organization_submissions()`);
    await queryRunner.query(`CREATE TRIGGER call_submission_cache_update AFTER UPDATE OF closed, organization_id, call_id ON call_submission
      FOR EACH ROW WHEN (OLD.closed IS DISTINCT FROM NEW.closed OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
                         OR OLD.call_id IS DISTINCT FROM NEW.call_id)
      EXECUTE FUNCTION ic_cache_organization_submissions()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER call_submission_cache_update ON call_submission');
    await queryRunner.query('DROP TRIGGER call_submission_cache ON call_submission');
    await queryRunner.query('DROP FUNCTION ic_cache_organization_submissions()');
  }
}
