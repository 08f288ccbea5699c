import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A data version per call, kept by PostgreSQL itself, so the survey reports and the portfolio
 * dashboard can keep what they computed exactly as long as nothing they read has
 * changed, on every replica, whoever writes (API, import, SQL).
 *
 * `data_version` holds a few counters per scope (a call's id; the nil uuid for changes that
 * concern every call: organizations, steps, calls, the impact catalogue). A scope's version is
 * the sum of its counters. Every write that can change a report or a dashboard adds 1 to one
 * counter of its call, in its own transaction, so the sum a reader sees changes exactly when
 * such a write has committed (counters only grow; none is ever removed). The writer takes any
 * counter of the call that no other transaction holds (`FOR UPDATE SKIP LOCKED`), and adds a
 * counter when all are held: concurrent autosaves of one call never wait for one another, and
 * a call has about as many counters as it ever had writers at once. A transaction adds 1 once
 * per call (`ic.data_version`, local to the transaction), however many rows it writes. An
 * autosave (one statement writing the answer and moving its submission's version on) runs one
 * trigger: a submission row's change of version and stamp only is not counted (its answer is).
 */
/** Rows that belong to one submission: they count for its call. */
const SUBMISSION_ROW_TABLES = ['step_result', 'attachment', 'submission_impact'];
/** Rare writes that change what every call shows. */
const EVERY_CALL_TABLES = ['organization', 'call', 'step', 'impact_outcome', 'impact_indicator'];
const ALL_TABLES = ['call_submission', ...SUBMISSION_ROW_TABLES, ...EVERY_CALL_TABLES];

export class DataVersions1795720000000 implements MigrationInterface {
  name = 'DataVersions1795720000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "data_version" (
      "scope" uuid NOT NULL,
      "slot" uuid NOT NULL DEFAULT gen_random_uuid(),
      "n" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_data_version" PRIMARY KEY ("scope", "slot")
    )`);
    // ic.data_version: the calls this transaction has already counted (up to 20; past that, each write counts again).
    await queryRunner.query(`CREATE FUNCTION ic_data_changed(target uuid) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        done text := COALESCE(current_setting('ic.data_version', true), '');
        held uuid;
      BEGIN
        IF target IS NULL OR position(target::text IN done) > 0 THEN RETURN; END IF;
        SELECT slot INTO held FROM data_version WHERE scope = target LIMIT 1 FOR UPDATE SKIP LOCKED;
        IF FOUND THEN
          UPDATE data_version SET n = n + 1 WHERE scope = target AND slot = held;
        ELSE
          INSERT INTO data_version (scope, n) VALUES (target, 1);
        END IF;
        IF length(done) < 20 * 37 THEN PERFORM set_config('ic.data_version', done || target::text || ' ', true); END IF;
      END $$`);
    // A submission's own row: its call (both calls if it moved).
    await queryRunner.query(`CREATE FUNCTION ic_data_submission_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN PERFORM ic_data_changed(OLD.call_id); END IF;
        IF TG_OP <> 'DELETE' THEN PERFORM ic_data_changed(NEW.call_id); END IF;
        RETURN NULL;
      END $$`);
    // Rows that belong to a submission (answers, files, impact facts): the submission's call. A
    // submission deleted with its rows counts through its own row.
    await queryRunner.query(`CREATE FUNCTION ic_data_submission_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND OLD.submission_id IS NOT NULL THEN
          PERFORM ic_data_changed((SELECT call_id FROM call_submission WHERE id = OLD.submission_id));
        END IF;
        IF TG_OP <> 'DELETE' AND NEW.submission_id IS NOT NULL AND NEW.submission_id IS DISTINCT FROM OLD.submission_id THEN
          PERFORM ic_data_changed((SELECT call_id FROM call_submission WHERE id = NEW.submission_id));
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION ic_data_everything_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM ic_data_changed('00000000-0000-0000-0000-000000000000');
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER call_submission_data_version AFTER INSERT OR DELETE ON call_submission
      FOR EACH ROW EXECUTE FUNCTION ic_data_submission_changed()`);
    // Every change of a submission's row but its optimistic version and stamp (an autosave moves those on:
    // its answer's own trigger counts it, so the save runs one trigger, not two).
    await queryRunner.query(`CREATE TRIGGER call_submission_data_version_update AFTER UPDATE ON call_submission
      FOR EACH ROW WHEN ((to_jsonb(OLD) - '{version,updated_at}'::text[]) IS DISTINCT FROM (to_jsonb(NEW) - '{version,updated_at}'::text[]))
      EXECUTE FUNCTION ic_data_submission_changed()`);
    for (const table of SUBMISSION_ROW_TABLES)
      await queryRunner.query(`CREATE TRIGGER ${table}_data_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ic_data_submission_row_changed()`);
    // Rare writes that change what every call shows (names, countries, steps, deadlines), and TRUNCATE anywhere.
    for (const table of EVERY_CALL_TABLES)
      await queryRunner.query(`CREATE TRIGGER ${table}_data_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION ic_data_everything_changed()`);
    for (const table of ALL_TABLES)
      await queryRunner.query(`CREATE TRIGGER ${table}_data_version_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION ic_data_everything_changed()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER call_submission_data_version_update ON call_submission');
    for (const table of ALL_TABLES) {
      await queryRunner.query(`DROP TRIGGER ${table}_data_version_truncate ON ${table}`);
      await queryRunner.query(`DROP TRIGGER ${table}_data_version ON ${table}`);
    }
    await queryRunner.query('DROP FUNCTION ic_data_everything_changed()');
    await queryRunner.query('DROP FUNCTION ic_data_submission_changed()');
    await queryRunner.query('DROP FUNCTION ic_data_submission_row_changed()');
    await queryRunner.query('DROP FUNCTION ic_data_changed(uuid)');
    await queryRunner.query('DROP TABLE "data_version"');
  }
}
