import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { AccessPolicy } from './access.policy.js';
import { AccessRepository } from './access.repository.js';

/** The access policy, for every module; `memberships` provides MEMBERSHIP_READER, so common/ imports no feature module. */
@Module({})
export class AccessModule {
  static forRoot(memberships: Type): DynamicModule {
    return {
      module: AccessModule,
      global: true,
      imports: [memberships],
      providers: [AccessRepository, AccessPolicy],
      exports: [AccessPolicy],
    };
  }
}
