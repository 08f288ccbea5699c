import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1795235676396 implements MigrationInterface {
  name = 'Foundation1795235676396';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "app_user" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "email" character varying(320) NOT NULL, "first_name" character varying(200) NOT NULL DEFAULT '', "last_name" character varying(200) NOT NULL DEFAULT '', "roles" text array NOT NULL DEFAULT '{}', "issuer" character varying(500) NOT NULL, "subject" character varying(255) NOT NULL, "last_login_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_22a5c4a3d9b2fb8e4e73fc4ada1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "app_user_email_idx" ON "app_user"  ("email") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "app_user_subject_idx" ON "app_user"  ("issuer", "subject") `);
    await queryRunner.query(
      `CREATE TABLE "configuration" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "name" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT '', "message" text NOT NULL DEFAULT '', "domain" character varying(255) NOT NULL DEFAULT '', "default_language" character varying(2) NOT NULL DEFAULT 'it', "language_selection" boolean NOT NULL DEFAULT false, "organization_selection" boolean NOT NULL DEFAULT true, "logo_base64" text, "logo_width" integer NOT NULL DEFAULT '50', "logo_height" integer NOT NULL DEFAULT '50', "list_name" character varying(200) NOT NULL DEFAULT '', "landing_html" text NOT NULL DEFAULT '', "data_consent_text" text NOT NULL DEFAULT '', "report_power_bi_id" character varying(100), "workspace_power_bi_id" character varying(100), "is_active" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_03bad512915052d2342358f0d8b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "configuration_one_active_idx" ON "configuration"  ("is_active") WHERE is_active`);
    await queryRunner.query(
      `CREATE TABLE "organization" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "name" character varying(300) NOT NULL, "reg_number" character varying(50) NOT NULL, "street_name" character varying(300) NOT NULL, "city_name" character varying(200) NOT NULL, "country" character varying(100) NOT NULL, "date_of_foundation" date, "contact_name" character varying(200) NOT NULL, "contact_surname" character varying(200) NOT NULL, "contact_role" character varying(200) NOT NULL, "contact_email" character varying(320) NOT NULL, "personal_data" boolean NOT NULL DEFAULT false, "self_certification" boolean NOT NULL DEFAULT false, "terms_of_service" boolean NOT NULL DEFAULT false, "nordic_country" boolean NOT NULL DEFAULT false, "pre_funding" boolean NOT NULL DEFAULT false, "chnage_in_life" boolean NOT NULL DEFAULT false, "created_by_id" uuid, "archived_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_472c1f99a32def1b0abb219cd67" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "organization_name_idx" ON "organization"  ("name") `);
    await queryRunner.query(
      `CREATE TABLE "organization_member" ("organization_id" uuid NOT NULL, "user_id" uuid NOT NULL, "role" character varying(20) NOT NULL DEFAULT 'owner', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ade1a22b88a5464464fe520d070" PRIMARY KEY ("organization_id", "user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "organization_member_user_idx" ON "organization_member"  ("user_id") `);
    await queryRunner.query(
      `ALTER TABLE "organization_member" ADD CONSTRAINT "FK_ce08825728e5afefdc6e682b8d7" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "organization_member" ADD CONSTRAINT "FK_273aa659a4afdcb614cdecbd667" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Exactly one active configuration once any exists: checked at commit, so switching
    // the active one inside a transaction is allowed.
    await queryRunner.query(`CREATE FUNCTION configuration_one_active() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM configuration) AND (SELECT count(*) FROM configuration WHERE is_active) <> 1 THEN
          RAISE EXCEPTION 'exactly one configuration must be active' USING ERRCODE = '23514';
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE CONSTRAINT TRIGGER configuration_one_active AFTER INSERT OR UPDATE OR DELETE ON configuration
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION configuration_one_active()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER configuration_one_active ON configuration`);
    await queryRunner.query(`DROP FUNCTION configuration_one_active()`);
    await queryRunner.query(`ALTER TABLE "organization_member" DROP CONSTRAINT "FK_273aa659a4afdcb614cdecbd667"`);
    await queryRunner.query(`ALTER TABLE "organization_member" DROP CONSTRAINT "FK_ce08825728e5afefdc6e682b8d7"`);
    await queryRunner.query(`DROP INDEX "public"."organization_member_user_idx"`);
    await queryRunner.query(`DROP TABLE "organization_member"`);
    await queryRunner.query(`DROP INDEX "public"."organization_name_idx"`);
    await queryRunner.query(`DROP TABLE "organization"`);
    await queryRunner.query(`DROP INDEX "public"."configuration_one_active_idx"`);
    await queryRunner.query(`DROP TABLE "configuration"`);
    await queryRunner.query(`DROP INDEX "public"."app_user_subject_idx"`);
    await queryRunner.query(`DROP INDEX "public"."app_user_email_idx"`);
    await queryRunner.query(`DROP TABLE "app_user"`);
  }
}
