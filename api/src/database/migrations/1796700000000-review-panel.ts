import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReviewPanel1796700000000 implements MigrationInterface {
  name = 'ReviewPanel1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "review_settings" ("call_id" uuid NOT NULL, "reviews_per_application" smallint NOT NULL DEFAULT '3', "aggregate" character varying(10) NOT NULL DEFAULT 'mean', "disagreement_threshold" double precision NOT NULL DEFAULT '30', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_173e159428a545bbacacfb5c43c" PRIMARY KEY ("call_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "review_phase" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "call_id" uuid NOT NULL, "name" character varying(200) NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL, "may_score" boolean NOT NULL DEFAULT true, "see_others" character varying(10) NOT NULL DEFAULT 'after-own', "blind" boolean NOT NULL DEFAULT false, "may_decide" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_9b2e6153febc99f25d805bf35c7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "review_phase_call_idx" ON "review_phase"  ("call_id", "starts_at") `);
    await queryRunner.query(
      `CREATE TABLE "review_criterion" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "call_id" uuid NOT NULL, "position" integer NOT NULL, "name" character varying(200) NOT NULL, "guidance" jsonb NOT NULL DEFAULT '{}', "min_score" double precision NOT NULL, "max_score" double precision NOT NULL, "step" double precision NOT NULL, "weight" double precision NOT NULL, "required" boolean NOT NULL DEFAULT true, "retired_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_48f43b590c2d7ad6491049d566f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "review_criterion_call_idx" ON "review_criterion"  ("call_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "call_reviewer" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "call_id" uuid NOT NULL, "user_id" uuid, "email" character varying(320) NOT NULL, "invited_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_86d7e2e0ce6a8ba36d9c6dd9bb0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "call_reviewer_user_idx" ON "call_reviewer"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "call_reviewer_email_idx" ON "call_reviewer"  ("email") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "call_reviewer_call_email_idx" ON "call_reviewer"  ("call_id", "email") `);
    await queryRunner.query(
      `CREATE TABLE "review" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "call_id" uuid NOT NULL, "submission_id" uuid NOT NULL, "reviewer_id" uuid NOT NULL, "source" character varying(10) NOT NULL, "assigned_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "assigned_by_id" uuid, "scores" jsonb NOT NULL DEFAULT '{}', "score" double precision, "recommendation" character varying(12), "comment_applicant" text NOT NULL DEFAULT '', "comment_panel" text NOT NULL DEFAULT '', "abstained" boolean NOT NULL DEFAULT false, "abstain_reason" text NOT NULL DEFAULT '', "version" integer NOT NULL DEFAULT '0', "saved_at" TIMESTAMP WITH TIME ZONE, "submitted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2e4299a343a81574217255c00ca" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "review_call_idx" ON "review"  ("call_id", "submission_id") `);
    await queryRunner.query(`CREATE INDEX "review_reviewer_idx" ON "review"  ("reviewer_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "review_pair_idx" ON "review"  ("submission_id", "reviewer_id") `);
    await queryRunner.query(
      `CREATE TABLE "review_conflict" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "call_id" uuid NOT NULL, "submission_id" uuid NOT NULL, "reviewer_id" uuid NOT NULL, "reason" text NOT NULL DEFAULT '', "declared_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1e3436e6b58c4e93f166887fcb7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "review_conflict_call_idx" ON "review_conflict"  ("call_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "review_conflict_pair_idx" ON "review_conflict"  ("submission_id", "reviewer_id") `);
    await queryRunner.query(
      `CREATE TABLE "review_decision" ("submission_id" uuid NOT NULL, "call_id" uuid NOT NULL, "decision" character varying(20) NOT NULL, "decided_by_id" uuid, "decided_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "released_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6a310727b4795547709e31ee8e4" PRIMARY KEY ("submission_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "review_decision_call_idx" ON "review_decision"  ("call_id", "released_at") `);
    await queryRunner.query(
      `CREATE TABLE "review_event" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "call_id" uuid NOT NULL, "submission_id" uuid NOT NULL, "kind" character varying(20) NOT NULL, "actor_id" uuid, "reviewer_id" uuid, "details" jsonb, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_005b84b7e7dd19d28f1c36eb7c1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "review_event_submission_idx" ON "review_event"  ("submission_id", "at") `);
    await queryRunner.query(`ALTER TABLE "call_submission" ADD "decision" character varying(20)`);
    await queryRunner.query(`ALTER TABLE "call_submission" ADD "decision_released_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "review_settings" ADD CONSTRAINT "FK_173e159428a545bbacacfb5c43c" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_phase" ADD CONSTRAINT "FK_be48cca469d84dfeac5f8b82fd4" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_criterion" ADD CONSTRAINT "FK_0da8271b7a34429d8bb92318b65" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "call_reviewer" ADD CONSTRAINT "FK_9caa6f4fafb04fe318ee8fb9325" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "call_reviewer" ADD CONSTRAINT "FK_3b7fa4f56ed1053774bd5763c7b" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review" ADD CONSTRAINT "FK_ccc85d37bf47b9fc53b01f65d1f" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review" ADD CONSTRAINT "FK_945124c9c97d5c7a8a2da3e6e38" FOREIGN KEY ("submission_id") REFERENCES "call_submission"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review" ADD CONSTRAINT "FK_2f8adca6682f8238c64d767c9d3" FOREIGN KEY ("reviewer_id") REFERENCES "call_reviewer"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_conflict" ADD CONSTRAINT "FK_8277e8825fab28be038cba149e8" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_conflict" ADD CONSTRAINT "FK_e0e2b69aee8e5d006538cc85acf" FOREIGN KEY ("submission_id") REFERENCES "call_submission"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_conflict" ADD CONSTRAINT "FK_989dab55b4badb6e7c288e22c80" FOREIGN KEY ("reviewer_id") REFERENCES "call_reviewer"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_decision" ADD CONSTRAINT "FK_6a310727b4795547709e31ee8e4" FOREIGN KEY ("submission_id") REFERENCES "call_submission"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_decision" ADD CONSTRAINT "FK_bac009efdab89bfaf5aa795917c" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_event" ADD CONSTRAINT "FK_8882d434c05a2fc6e32fa4fa667" FOREIGN KEY ("call_id") REFERENCES "call"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "review_event" ADD CONSTRAINT "FK_9758f4aad6f364a718554659fae" FOREIGN KEY ("submission_id") REFERENCES "call_submission"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // The applicant's call list shows a released decision: its cache follows that column too.
    await queryRunner.query('DROP TRIGGER call_submission_cache_update ON call_submission');
    await queryRunner.query(`CREATE TRIGGER call_submission_cache_update AFTER UPDATE OF closed, organization_id, call_id, decision ON call_submission
      FOR EACH ROW WHEN (OLD.closed IS DISTINCT FROM NEW.closed OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
                         OR OLD.call_id IS DISTINCT FROM NEW.call_id OR OLD.decision IS DISTINCT FROM NEW.decision)
      EXECUTE FUNCTION ic_cache_organization_submissions()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER call_submission_cache_update ON call_submission');
    await queryRunner.query(`CREATE TRIGGER call_submission_cache_update AFTER UPDATE OF closed, organization_id, call_id ON call_submission
      FOR EACH ROW WHEN (OLD.closed IS DISTINCT FROM NEW.closed OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
                         OR OLD.call_id IS DISTINCT FROM NEW.call_id)
      EXECUTE FUNCTION ic_cache_organization_submissions()`);
    await queryRunner.query(`ALTER TABLE "review_event" DROP CONSTRAINT "FK_9758f4aad6f364a718554659fae"`);
    await queryRunner.query(`ALTER TABLE "review_event" DROP CONSTRAINT "FK_8882d434c05a2fc6e32fa4fa667"`);
    await queryRunner.query(`ALTER TABLE "review_decision" DROP CONSTRAINT "FK_bac009efdab89bfaf5aa795917c"`);
    await queryRunner.query(`ALTER TABLE "review_decision" DROP CONSTRAINT "FK_6a310727b4795547709e31ee8e4"`);
    await queryRunner.query(`ALTER TABLE "review_conflict" DROP CONSTRAINT "FK_989dab55b4badb6e7c288e22c80"`);
    await queryRunner.query(`ALTER TABLE "review_conflict" DROP CONSTRAINT "FK_e0e2b69aee8e5d006538cc85acf"`);
    await queryRunner.query(`ALTER TABLE "review_conflict" DROP CONSTRAINT "FK_8277e8825fab28be038cba149e8"`);
    await queryRunner.query(`ALTER TABLE "review" DROP CONSTRAINT "FK_2f8adca6682f8238c64d767c9d3"`);
    await queryRunner.query(`ALTER TABLE "review" DROP CONSTRAINT "FK_945124c9c97d5c7a8a2da3e6e38"`);
    await queryRunner.query(`ALTER TABLE "review" DROP CONSTRAINT "FK_ccc85d37bf47b9fc53b01f65d1f"`);
    await queryRunner.query(`ALTER TABLE "call_reviewer" DROP CONSTRAINT "FK_3b7fa4f56ed1053774bd5763c7b"`);
    await queryRunner.query(`ALTER TABLE "call_reviewer" DROP CONSTRAINT "FK_9caa6f4fafb04fe318ee8fb9325"`);
    await queryRunner.query(`ALTER TABLE "review_criterion" DROP CONSTRAINT "FK_0da8271b7a34429d8bb92318b65"`);
    await queryRunner.query(`ALTER TABLE "review_phase" DROP CONSTRAINT "FK_be48cca469d84dfeac5f8b82fd4"`);
    await queryRunner.query(`ALTER TABLE "review_settings" DROP CONSTRAINT "FK_173e159428a545bbacacfb5c43c"`);
    await queryRunner.query(`ALTER TABLE "call_submission" DROP COLUMN "decision_released_at"`);
    await queryRunner.query(`ALTER TABLE "call_submission" DROP COLUMN "decision"`);
    await queryRunner.query(`DROP INDEX "public"."review_event_submission_idx"`);
    await queryRunner.query(`DROP TABLE "review_event"`);
    await queryRunner.query(`DROP INDEX "public"."review_decision_call_idx"`);
    await queryRunner.query(`DROP TABLE "review_decision"`);
    await queryRunner.query(`DROP INDEX "public"."review_conflict_pair_idx"`);
    await queryRunner.query(`DROP INDEX "public"."review_conflict_call_idx"`);
    await queryRunner.query(`DROP TABLE "review_conflict"`);
    await queryRunner.query(`DROP INDEX "public"."review_pair_idx"`);
    await queryRunner.query(`DROP INDEX "public"."review_reviewer_idx"`);
    await queryRunner.query(`DROP INDEX "public"."review_call_idx"`);
    await queryRunner.query(`DROP TABLE "review"`);
    await queryRunner.query(`DROP INDEX "public"."call_reviewer_call_email_idx"`);
    await queryRunner.query(`DROP INDEX "public"."call_reviewer_email_idx"`);
    await queryRunner.query(`DROP INDEX "public"."call_reviewer_user_idx"`);
    await queryRunner.query(`DROP TABLE "call_reviewer"`);
    await queryRunner.query(`DROP INDEX "public"."review_criterion_call_idx"`);
    await queryRunner.query(`DROP TABLE "review_criterion"`);
    await queryRunner.query(`DROP INDEX "public"."review_phase_call_idx"`);
    await queryRunner.query(`DROP TABLE "review_phase"`);
    await queryRunner.query(`DROP TABLE "review_settings"`);
  }
}
