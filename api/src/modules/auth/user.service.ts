import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SETTINGS, type Settings } from '../../config/settings.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { CacheInvalidation, type SharedCache } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { UserEntity } from '../users/user.entity.js';

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

export function isAdminRoles(roles: readonly string[]): boolean {
  return roles.some((r) => r.toLowerCase() === 'admin');
}

@Injectable()
export class UserService {
  private readonly authUsers: SharedCache<AuthUser | undefined>;

  constructor(
    @InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly sql: Sql,
    invalidation: CacheInvalidation,
  ) {
    this.authUsers = invalidation.cache('user', { max: 10_000, ttlMs: 60_000 });
  }

  /** Each signed-in request's user: cached until the database says the user changed. */
  findAuthUser(id: string): Promise<AuthUser | undefined> {
    return this.authUsers.get(id, () => this.readAuthUser(id));
  }

  private async readAuthUser(id: string): Promise<AuthUser | undefined> {
    const rows = await this.sql.rows<{ id: string; email: string; first_name: string; last_name: string; roles: string[] }>(
      'auth-user',
      'SELECT id, email, first_name, last_name, roles FROM app_user WHERE id = $1',
      [id],
    );
    const u = rows[0];
    if (!u) return undefined;
    // Shared by every request of the user while cached: frozen so none can change it for the others.
    return Object.freeze({
      id: u.id,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      roles: Object.freeze(u.roles),
      isAdmin: isAdminRoles(u.roles),
    }) as AuthUser;
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
    const saved = await this.repo.save(user);
    this.authUsers.evict(saved.id);
    return saved;
  }
}
