import type { UserEntity } from '../users/user.entity.js';

/**
 * Where the development provider keeps its accounts: app_user rows, written by the module that owns
 * that table (auth provides this token), so the provider never imports auth (which imports it).
 */
export interface DevOidcAccountStore {
  findOne(where: { email: string } | { id: string }): Promise<UserEntity | null>;
  save(user: UserEntity): Promise<unknown>;
  insert(user: Partial<UserEntity>): Promise<void>;
}

export const DEV_OIDC_ACCOUNTS = Symbol('DevOidcAccounts');
