import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DevOidcModule } from '../dev-oidc/dev-oidc.module.js';
import { DEV_OIDC_ACCOUNTS } from '../dev-oidc/dev-oidc-accounts.js';
import { ACCESS_SETTINGS, type AccessSettings } from '../../common/access/access-settings.js';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { AccessTokenVerifier } from './access-token.verifier.js';
import { AccessGuard } from './access.guard.js';
import { JwtController } from './jwt.controller.js';
import { OidcClientService } from './oidc-client.service.js';
import { SignInService } from './sign-in.service.js';
import { TokenService } from './token.service.js';
import { UserEntity } from '../users/user.entity.js';
import { UserService } from './user.service.js';
import { UserController } from './user.controller.js';
import { SessionService } from './sessions/session.service.js';
import { SessionsController } from './sessions/sessions.controller.js';
import { UserSessionEntity } from './sessions/user-session.entity.js';
import { UserSessionRepository } from './sessions/user-session.repository.js';
import { UserRepository } from './user.repository.js';
import { UsersAdminController } from './users-admin.controller.js';
import { UsersAdminService } from './users-admin.service.js';

/** Sign-in (OpenID Connect), tokens, users and the global access guard. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, UserSessionEntity]), DevOidcModule],
  controllers: [UserController, JwtController, SessionsController, UsersAdminController],
  providers: [
    TokenService,
    UserService,
    UserRepository,
    UserSessionRepository,
    SessionService,
    UsersAdminService,
    AccessTokenVerifier,
    OidcClientService,
    SignInService,
    { provide: APP_GUARD, useClass: AccessGuard },
    // The development provider's accounts are users, written here (app_user is this module's).
    { provide: DEV_OIDC_ACCOUNTS, useExisting: UserRepository },
    // What the access policy (common/, which imports no settings) reads of them: the customize domain.
    {
      provide: ACCESS_SETTINGS,
      useFactory: (s: Settings): AccessSettings => ({ customizeEmailDomain: s.customizeEmailDomain }),
      inject: [SETTINGS],
    },
  ],
  exports: [TokenService, UserService, SessionService, DEV_OIDC_ACCOUNTS, ACCESS_SETTINGS],
})
export class AuthModule {}
