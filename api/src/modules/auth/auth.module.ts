import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DevOidcModule } from '../dev-oidc/dev-oidc.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { AccessTokenVerifier } from './access-token.verifier.js';
import { AccessGuard } from './access.guard.js';
import { JwtController } from './jwt.controller.js';
import { OidcClientService } from './oidc-client.service.js';
import { SignInThrottleGuard } from './rate-limit.js';
import { SignInService } from './sign-in.service.js';
import { TokenService } from './token.service.js';
import { UserEntity } from './user.entity.js';
import { UserService } from './user.service.js';
import { UserController } from './user.controller.js';

/** Sign-in (OpenID Connect), tokens, users and the global access guard. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), DevOidcModule, OrganizationsModule],
  controllers: [UserController, JwtController],
  providers: [
    TokenService,
    UserService,
    AccessTokenVerifier,
    OidcClientService,
    SignInService,
    SignInThrottleGuard,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [TokenService, UserService],
})
export class AuthModule {}
