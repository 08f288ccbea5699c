import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DevOidcModule } from '../dev-oidc/dev-oidc.module.js';
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
  ],
  exports: [TokenService, UserService, SessionService],
})
export class AuthModule {}
