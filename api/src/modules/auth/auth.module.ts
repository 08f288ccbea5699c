import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGuard } from './access.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { TokenService } from './token.service.js';
import { UserEntity } from './user.entity.js';
import { UserService } from './user.service.js';
import { UserController } from './user.controller.js';

/** Tokens, users and the global access guard. */
@Global()
@Module({
  imports: [PassportModule, TypeOrmModule.forFeature([UserEntity])],
  controllers: [UserController],
  providers: [TokenService, UserService, JwtStrategy, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [TokenService, UserService],
})
export class AuthModule {}
