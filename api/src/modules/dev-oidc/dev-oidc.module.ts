import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity.js';
import { DevOidcAccountsRepository } from './dev-oidc-accounts.repository.js';
import { DevOidcAccountsService } from './dev-oidc-accounts.service.js';
import { DevOidcService } from './dev-oidc.service.js';
import { DevOidcRecords } from './dev-oidc.adapter.js';

/**
 * The embedded development OpenID provider (active only when OIDC_ISSUER is unset). It is
 * mounted on Express before the body parsers by `mountDevOidc`, registered in app.factory.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  providers: [DevOidcAccountsRepository, DevOidcAccountsService, DevOidcService, DevOidcRecords],
  exports: [DevOidcService],
})
export class DevOidcModule {}
