import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages (modules/messages): the message rows (the queue's source of truth and the development
 * outbox), administrators' batches and templates, per-call reminder settings, the user's language;
 * and the trigger that queues a submission's confirmation and reopen notice in the very statement
 * that closes or reopens it (written by hand below the generated part). It fires only when
 * `closed` is a target of the UPDATE and changes, so saves (which only move the version on) never
 * run it; the close path pays one insert. An administrator's forced close marks its transaction
 * (`ic.forced_close`): the applicant did not submit, so no confirmation goes.
 */
export class Messages1795523111971 implements MigrationInterface {
  name = 'Messages1795523111971';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "message" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "kind" character varying(40) NOT NULL, "state" character varying(12) NOT NULL DEFAULT 'queued', "dedupe_key" character varying(200), "user_id" uuid, "submission_id" uuid, "call_id" uuid, "organization_id" uuid, "batch_id" uuid, "params" jsonb, "to_address" character varying(320), "cc_address" character varying(320), "language" character varying(5), "subject" character varying(500), "html" text, "text" text, "attachments" jsonb, "attempts" integer NOT NULL DEFAULT '0', "last_error" text, "transport" character varying(10), "job_id" uuid, "enqueued_at" TIMESTAMP WITH TIME ZONE, "lease_until" TIMESTAMP WITH TIME ZONE, "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_ba01f0a3e0123651915008bc578" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "message_state_idx" ON "message"  ("state") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "message_dedupe_key_idx" ON "message"  ("dedupe_key") `);
    await queryRunner.query(`CREATE INDEX "message_unqueued_idx" ON "message"  ("created_at") WHERE enqueued_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "message_lease_idx" ON "message"  ("lease_until") WHERE state = 'sending'`);
    await queryRunner.query(`CREATE INDEX "message_batch_idx" ON "message"  ("batch_id") `);
    await queryRunner.query(`CREATE INDEX "message_call_idx" ON "message"  ("call_id") `);
    await queryRunner.query(`CREATE INDEX "message_created_idx" ON "message"  ("created_at") `);
    await queryRunner.query(
      `CREATE TABLE "message_batch" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "call_id" uuid, "created_by_id" uuid, "subject" character varying(500) NOT NULL, "html" text NOT NULL, "audience" jsonb NOT NULL, "recipient_count" integer NOT NULL, CONSTRAINT "PK_52029f635c0976c7eb1d110f797" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "message_template" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "kind" character varying(40) NOT NULL, "language" character varying(5) NOT NULL, "subject" character varying(500) NOT NULL, "html" text NOT NULL, "updated_by_id" uuid, CONSTRAINT "PK_616800da109c721fb4dd2019a9b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "message_template_kind_language_idx" ON "message_template"  ("kind", "language") `);
    await queryRunner.query(
      `CREATE TABLE "call_message_settings" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "call_id" uuid NOT NULL, "reminder_days" integer NOT NULL DEFAULT '7', CONSTRAINT "PK_66dab42a5e3e8d8a307241f8a19" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "call_message_settings_call_idx" ON "call_message_settings"  ("call_id") `);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "language" character varying(5)`);
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

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER call_submission_messages ON call_submission');
    await queryRunner.query('DROP FUNCTION ic_submission_message()');
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "language"`);
    await queryRunner.query(`DROP INDEX "public"."call_message_settings_call_idx"`);
    await queryRunner.query(`DROP TABLE "call_message_settings"`);
    await queryRunner.query(`DROP INDEX "public"."message_template_kind_language_idx"`);
    await queryRunner.query(`DROP TABLE "message_template"`);
    await queryRunner.query(`DROP TABLE "message_batch"`);
    await queryRunner.query(`DROP INDEX "public"."message_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."message_call_idx"`);
    await queryRunner.query(`DROP INDEX "public"."message_batch_idx"`);
    await queryRunner.query(`DROP INDEX "public"."message_lease_idx"`);
    await queryRunner.query(`DROP INDEX "public"."message_unqueued_idx"`);
    await queryRunner.query(`DROP INDEX "public"."message_dedupe_key_idx"`);
    await queryRunner.query(`DROP INDEX "public"."message_state_idx"`);
    await queryRunner.query(`DROP TABLE "message"`);
  }
}
