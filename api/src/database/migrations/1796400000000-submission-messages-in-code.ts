import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A submission's confirmation and reopen notice are queued by the submissions module through the
 * message service, in the transaction that closes or reopens it: no trigger decides what the
 * product sends.
 */
export class SubmissionMessagesInCode1796400000000 implements MigrationInterface {
  name = 'SubmissionMessagesInCode1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER IF EXISTS call_submission_messages ON call_submission');
    await queryRunner.query('DROP FUNCTION IF EXISTS ic_submission_message()');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION ic_submission_message() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.closed AND NOT OLD.closed THEN
          IF coalesce(current_setting('ic.forced_close', true), '') <> 'on' THEN
            INSERT INTO message (kind, user_id, submission_id, call_id, organization_id, dedupe_key)
            VALUES ('submission-confirmation', NEW.user_id, NEW.id, NEW.call_id, NEW.organization_id, 'confirmation:' || NEW.id || ':' || NEW.version)
            ON CONFLICT (dedupe_key) DO NOTHING;
          END IF;
        ELSIF OLD.closed AND NOT NEW.closed THEN
          INSERT INTO message (kind, user_id, submission_id, call_id, organization_id, dedupe_key)
          VALUES ('submission-reopened', NEW.user_id, NEW.id, NEW.call_id, NEW.organization_id, 'reopened:' || NEW.id || ':' || NEW.version)
          ON CONFLICT (dedupe_key) DO NOTHING;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER call_submission_messages AFTER UPDATE OF closed ON call_submission
      FOR EACH ROW WHEN (NEW.closed IS DISTINCT FROM OLD.closed) EXECUTE FUNCTION ic_submission_message()`);
  }
}
