import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a session's current refresh token was signed with (`jti`, `iat`), so a retry of the
 * previous token within the retry window gets that same token again instead of a second
 * successor: a session keeps one chain of refresh tokens. Sessions rotated before have none;
 * their next rotation fills them.
 */
export class RefreshRetry1796200000000 implements MigrationInterface {
  name = 'RefreshRetry1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "user_session" ADD "refresh_jti" uuid');
    await queryRunner.query('ALTER TABLE "user_session" ADD "refresh_issued_at" TIMESTAMP WITH TIME ZONE');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "user_session" DROP COLUMN "refresh_issued_at"');
    await queryRunner.query('ALTER TABLE "user_session" DROP COLUMN "refresh_jti"');
  }
}
