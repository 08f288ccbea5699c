import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SETTINGS, type Settings } from '../../config/settings.js';
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

/** The users (app_user, this module's table) as the sign-in, the messages' language and the demo write them. */
@Injectable()
export class UserService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly users: UserRepository,
  ) {}

  /** Creates or updates the user after a verified sign-in; roles: the provider's, plus `admin` for ADMIN_EMAILS. */
  async upsertFromIdentity(identity: SignedInIdentity): Promise<UserEntity> {
    const email = identity.email.trim().toLowerCase();
    const roles = new Set((identity.roles ?? []).filter((r) => typeof r === 'string' && r.length <= 100));
    if (this.settings.adminEmails.includes(email)) roles.add('admin');
    const user = (await this.users.findSignedIn(identity.issuer, identity.subject, email)) ?? ({} as UserEntity);
    user.email = email;
    user.issuer = identity.issuer;
    user.subject = identity.subject;
    if (identity.firstName !== undefined) user.firstName = identity.firstName.slice(0, 200);
    if (identity.lastName !== undefined) user.lastName = identity.lastName.slice(0, 200);
    user.roles = [...roles];
    user.lastLoginAt = new Date();
    return this.users.save(user);
  }

  insert(user: Partial<UserEntity>, m?: EntityManager): Promise<void> {
    return this.users.insert(user, m);
  }

  setLanguage(userId: string, language: string): Promise<void> {
    return this.users.setLanguage(userId, language);
  }
}
