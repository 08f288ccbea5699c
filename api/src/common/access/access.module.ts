import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { AccessPolicy } from './access.policy.js';
import { AccessRepository } from './access.repository.js';

/**
 * The access policy, for every module (global). `memberships` is the module that provides
 * MEMBERSHIP_READER (organizations): named by the application's root, so nothing in common/
 * imports a feature module.
 */
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
