import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrganizationTeams1797000000000 implements MigrationInterface {
  name = 'OrganizationTeams1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "organization_member" ADD CONSTRAINT "organization_member_role_check" CHECK ("role" IN ('owner', 'editor', 'viewer'))`,
    );
    await queryRunner.query(
      `CREATE TABLE "organization_invitation" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "email" character varying(320) NOT NULL, "role" character varying(20) NOT NULL, "token_hash" character varying(64) NOT NULL, "invited_by_id" uuid, "language" character varying(5) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE, "accepted_by_id" uuid, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "organization_invitation_role_check" CHECK ("role" IN ('owner', 'editor', 'viewer')), CONSTRAINT "organization_invitation_language_check" CHECK ("language" IN ('it', 'en', 'fr')), CONSTRAINT "organization_invitation_email_check" CHECK ("email" = lower("email")), CONSTRAINT "PK_organization_invitation" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "organization_invitation_token_idx" ON "organization_invitation" ("token_hash")`);
    // One open invitation (neither accepted nor revoked) per organization and address: two owners inviting at once cannot both pass.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "organization_invitation_open_idx" ON "organization_invitation" ("organization_id", "email") WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "organization_invitation" ADD CONSTRAINT "FK_organization_invitation_organization" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "organization_invitation" ADD CONSTRAINT "FK_organization_invitation_invited_by" FOREIGN KEY ("invited_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "organization_invitation" ADD CONSTRAINT "FK_organization_invitation_accepted_by" FOREIGN KEY ("accepted_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "organization_invitation"`);
    await queryRunner.query(`ALTER TABLE "organization_member" DROP CONSTRAINT "organization_member_role_check"`);
  }
}
