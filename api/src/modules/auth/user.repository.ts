import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { CacheInvalidation, type SharedCache } from '../../database/shared-cache.js';
import { ISO_UTC, Sql } from '../../database/sql.js';
import type { AdminUserDto } from './dto/session.dto.js';
import { UserEntity } from '../users/user.entity.js';
import { likeContains } from '../../common/http/like.js';
import { countOrEstimate } from '../../common/http/list-count.js';

export const USER_SORTABLE = ['email', 'firstName', 'lastName', 'lastLoginAt', 'createdAt'] as const;
const SORT_COLUMNS: Record<string, string> = {
  email: 'u.email',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  lastLoginAt: 'u.last_login_at',
  createdAt: 'u.created_at',
};

/** AdminUserDto's columns (isAdminRoles in SQL: a role named admin, any case). */
const COLUMNS = `u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.roles,
  EXISTS (SELECT 1 FROM unnest(u.roles) r WHERE lower(r) = 'admin') AS "isAdmin", ${ISO_UTC('u.last_login_at')} AS "lastLoginAt",
  (SELECT count(*)::int FROM user_session s WHERE s.user_id = u.id AND s.ended_at IS NULL AND s.expires_at > now()) AS "activeSessions"`;

export function isAdminRoles(roles: readonly string[]): boolean {
  return roles.some((r) => r.toLowerCase() === 'admin');
}

/** The signed-in user of each request, and the console's reads of users. */
@Injectable()
export class UserRepository {
  private readonly authUsers: SharedCache<AuthUser | undefined>;

  constructor(
    @InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>,
    private readonly sql: Sql,
    invalidation: CacheInvalidation,
  ) {
    this.authUsers = invalidation.cache('user', { max: 10_000, ttlMs: 60_000 });
  }

  /** Each signed-in request's user: cached until the database says the user changed. */
  findAuthUser(id: string): Promise<AuthUser | undefined> {
    return this.authUsers.get(id, async () => {
      const [u] = await this.sql.rows<Omit<AuthUser, 'isAdmin'>>(
        'auth-user',
        'SELECT id, email, first_name AS "firstName", last_name AS "lastName", roles, language FROM app_user WHERE id = $1',
        [id],
      );
      // Shared by every request of the user while cached: frozen so none can change it for the others.
      return u && (Object.freeze({ ...u, roles: Object.freeze(u.roles), isAdmin: isAdminRoles(u.roles) }) as AuthUser);
    });
  }

  /** The user changed on this replica: its own next read is fresh at once. */
  forgetAuthUser(id: string): void {
    this.authUsers.evict(id);
  }

  /** The user of a verified sign-in: by the provider's subject, else by e-mail address. */
  async findSignedIn(issuer: string, subject: string, email: string): Promise<UserEntity | null> {
    return (await this.repo.findOne({ where: { issuer, subject } })) ?? this.repo.findOne({ where: { email } });
  }

  create(data: Partial<UserEntity>): UserEntity {
    return this.repo.create(data);
  }

  save(user: UserEntity): Promise<UserEntity> {
    return this.repo.save(user);
  }

  /** A user by e-mail address (lower case) or id. */
  findOne(where: { email: string } | { id: string }): Promise<UserEntity | null> {
    return this.repo.findOne({ where });
  }

  /** Inserts a user (in the caller's transaction, `m`, when given). */
  async insert(user: Partial<UserEntity>, m?: EntityManager): Promise<void> {
    await (m ? m.getRepository(UserEntity) : this.repo).insert(user);
  }

  /** The language of the user's messages; nothing written when it is the same. */
  async setLanguage(userId: string, language: string): Promise<void> {
    await this.sql.rows('auth-user-language', 'UPDATE app_user SET language = $2 WHERE id = $1 AND language IS DISTINCT FROM $2', [
      userId,
      language,
    ]);
  }

  /**
   * One page of the console's list. Each sort has an index with the id (migration
   * ConsoleListIndexes), the search trigram indexes; the total is exact up to EXACT_COUNT_LIMIT,
   * else the planner's estimate (`estimated`).
   */
  async page(query: ListQuery): Promise<Page<AdminUserDto>> {
    const q = typeof query.filter.q === 'string' && query.filter.q.trim() ? likeContains(query.filter.q.trim()) : null;
    const params: unknown[] = q ? [q] : [];
    const where = q ? `WHERE u.email ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1` : '';
    const field = query.sortField && query.sortField in SORT_COLUMNS ? query.sortField : 'email';
    const direction = query.sortOrder === 'DESC' ? 'DESC' : 'ASC';
    // NULLS LAST both ways, as always; written only for the one nullable column (the others have
    // no null, and without it a descending page is the ascending index read backwards).
    const order = `${SORT_COLUMNS[field]} ${direction}${field === 'lastLoginAt' ? ' NULLS LAST' : ''}, u.id`;
    const [items, count] = await Promise.all([
      this.sql.query<AdminUserDto>(
        `SELECT ${COLUMNS} FROM app_user u ${where} ORDER BY ${order} OFFSET ${query.skip} LIMIT ${query.take}`,
        params,
      ),
      countOrEstimate((sql, values) => this.sql.query(sql, values), `FROM app_user u ${where}`, params),
    ]);
    return { items, ...count };
  }

  async one(id: string): Promise<AdminUserDto | undefined> {
    const [row] = await this.sql.rows<AdminUserDto>('admin-user', `SELECT ${COLUMNS} FROM app_user u WHERE u.id = $1`, [id]);
    return row;
  }
}
