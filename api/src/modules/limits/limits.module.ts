import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitCounterEntity } from './rate-limit-counter.entity.js';
import { RateLimitRepository } from './rate-limit.repository.js';
import { RateLimiter } from './rate-limiter.service.js';

/** Rate limits shared by every replica (the access guard applies them). Quotas live with what they limit. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([RateLimitCounterEntity])],
  providers: [RateLimitRepository, RateLimiter],
  exports: [RateLimiter],
})
export class LimitsModule {}
