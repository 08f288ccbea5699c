import type { UserEntity } from '../users/user.entity.js';

/**
 * Where the development provider keeps its accounts: rows of app_user, written by the module
 * that owns that table (auth's UserService provides this token), so the provider never writes
 * another module's table nor imports auth (which imports it).
 */
export interface DevOidcAccountStore {
  findOne(where: { email: string } | { id: string }): Promise<UserEntity | null>;
  save(user: UserEntity): Promise<void>;
  insert(user: Partial<UserEntity>): Promise<void>;
}

export const DEV_OIDC_ACCOUNTS = Symbol('DevOidcAccounts');
