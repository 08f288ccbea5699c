import { Module } from '@nestjs/common';
import { DevOidcAccountsService } from './dev-oidc-accounts.service.js';
import { DevOidcService } from './dev-oidc.service.js';
import { DevOidcRecords } from './dev-oidc.adapter.js';

/**
 * The embedded development OpenID provider (active only when OIDC_ISSUER is unset). It is
 * mounted on Express before the body parsers by `mountDevOidc`, registered in app.factory.
 * Its accounts are users: DEV_OIDC_ACCOUNTS, provided by the (global) auth module, which owns app_user.
 */
@Module({
  providers: [DevOidcAccountsService, DevOidcService, DevOidcRecords],
  exports: [DevOidcService],
})
export class DevOidcModule {}
