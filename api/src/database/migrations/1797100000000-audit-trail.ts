import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuditTrail1797100000000 implements MigrationInterface {
  name = 'AuditTrail1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_event" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "actor_id" uuid, "actor_email" text, "actor_role" character varying(20) NOT NULL, "action" character varying(60) NOT NULL, "entity" character varying(40) NOT NULL, "entity_id" text, "summary" text NOT NULL DEFAULT '', "diff" jsonb, "request_id" text, "ip" text, CONSTRAINT "PK_audit_event" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "audit_event_at_idx" ON "audit_event" ("at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "audit_event_actor_idx" ON "audit_event" ("actor_id", "at" DESC)`);
    await queryRunner.query(`CREATE INDEX "audit_event_entity_idx" ON "audit_event" ("entity", "entity_id", "at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."audit_event_entity_idx"`);
    await queryRunner.query(`DROP INDEX "public"."audit_event_actor_idx"`);
    await queryRunner.query(`DROP INDEX "public"."audit_event_at_idx"`);
    await queryRunner.query(`DROP TABLE "audit_event"`);
  }
}
