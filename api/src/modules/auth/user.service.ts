import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SETTINGS, type Settings } from '../../config/settings.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { UserEntity } from './user.entity.js';

export interface SignedInIdentity {
  issuer: string;
  subject: string;
  email: string;
  firstName?: string;
  lastName?: string;
  roles?: string[];
}

export function isAdminRoles(roles: readonly string[]): boolean {
  return roles.some((r) => r.toLowerCase() === 'admin');
}

export function toAuthUser(user: UserEntity): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles,
    isAdmin: isAdminRoles(user.roles),
  };
}

@Injectable()
export class UserService {
  constructor(
    @InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async findAuthUser(id: string): Promise<AuthUser | undefined> {
    const user = await this.repo.findOne({ where: { id } });
    return user ? toAuthUser(user) : undefined;
  }

  /**
   * Creates or updates the user after a verified sign-in. Roles are the provider's
   * `roles` claim plus `admin` for ADMIN_EMAILS.
   */
  async upsertFromIdentity(identity: SignedInIdentity): Promise<UserEntity> {
    const email = identity.email.trim().toLowerCase();
    const roles = new Set((identity.roles ?? []).filter((r) => typeof r === 'string' && r.length <= 100));
    if (this.settings.adminEmails.includes(email)) roles.add('admin');
    const existing =
      (await this.repo.findOne({ where: { issuer: identity.issuer, subject: identity.subject } })) ??
      (await this.repo.findOne({ where: { email } }));
    const user = existing ?? this.repo.create({ issuer: identity.issuer, subject: identity.subject });
    user.email = email;
    user.issuer = identity.issuer;
    user.subject = identity.subject;
    if (identity.firstName !== undefined) user.firstName = identity.firstName.slice(0, 200);
    if (identity.lastName !== undefined) user.lastName = identity.lastName.slice(0, 200);
    user.roles = [...roles];
    user.lastLoginAt = new Date();
    return this.repo.save(user);
  }
}
