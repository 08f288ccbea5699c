import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SETTINGS, type Settings } from '../../config/settings.js';
import type { DevOidcAccountStore } from '../dev-oidc/dev-oidc-accounts.js';
import type { UserEntity } from '../users/user.entity.js';
import { UserRepository } from './user.repository.js';

export interface SignedInIdentity {
  /** The provider's ID token (kept with the session for the provider's sign-out). */
  idToken?: string;
  issuer: string;
  subject: string;
  email: string;
  firstName?: string;
  lastName?: string;
  roles?: string[];
}

/**
 * The users (app_user, this module's table): every write of it goes through here, for the
 * sign-in, the language of a user's messages (messages), the development provider's accounts
 * (dev-oidc, as DEV_OIDC_ACCOUNTS) and the demo users (organizations' demo seeder).
 */
@Injectable()
export class UserService implements DevOidcAccountStore {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly users: UserRepository,
  ) {}

  /**
   * Creates or updates the user after a verified sign-in. Roles are the provider's
   * `roles` claim plus `admin` for ADMIN_EMAILS.
   */
  async upsertFromIdentity(identity: SignedInIdentity): Promise<UserEntity> {
    const email = identity.email.trim().toLowerCase();
    const roles = new Set((identity.roles ?? []).filter((r) => typeof r === 'string' && r.length <= 100));
    if (this.settings.adminEmails.includes(email)) roles.add('admin');
    const user =
      (await this.users.findSignedIn(identity.issuer, identity.subject, email)) ??
      this.users.create({ issuer: identity.issuer, subject: identity.subject });
    user.email = email;
    user.issuer = identity.issuer;
    user.subject = identity.subject;
    if (identity.firstName !== undefined) user.firstName = identity.firstName.slice(0, 200);
    if (identity.lastName !== undefined) user.lastName = identity.lastName.slice(0, 200);
    user.roles = [...roles];
    user.lastLoginAt = new Date();
    const saved = await this.users.save(user);
    this.users.forgetAuthUser(saved.id);
    return saved;
  }

  /** A user by e-mail address (lower case) or id. */
  findOne(where: { email: string } | { id: string }): Promise<UserEntity | null> {
    return this.users.findOne(where);
  }

  /** Saves a user's changed fields (the development provider's names). */
  async save(user: UserEntity): Promise<void> {
    const saved = await this.users.save(user);
    this.users.forgetAuthUser(saved.id);
  }

  /** Inserts a user: a development account, or a demo user in the seeder's transaction (`m`). */
  insert(user: Partial<UserEntity>, m?: EntityManager): Promise<void> {
    return this.users.insert(user, m);
  }

  /** The language the person chose (it, en, fr): their messages go in it. */
  setLanguage(userId: string, language: string): Promise<void> {
    return this.users.setLanguage(userId, language);
  }
}
