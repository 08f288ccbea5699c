import { Module } from '@nestjs/common';
import { DevOidcAccountsService } from './dev-oidc-accounts.service.js';
import { DevOidcService } from './dev-oidc.service.js';
import { DevOidcRecords } from './dev-oidc.adapter.js';

/** The embedded development OpenID provider; its accounts are users (DEV_OIDC_ACCOUNTS, provided by the auth module). */
@Module({
  providers: [DevOidcAccountsService, DevOidcService, DevOidcRecords],
  exports: [DevOidcService],
})
export class DevOidcModule {}
