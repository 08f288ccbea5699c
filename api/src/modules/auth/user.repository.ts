import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { CacheInvalidation, type SharedCache } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { countInt, db, isoUtc, statement, type Statement } from '../../database/typed-sql.js';
import type { AdminUserDto } from './dto/session.dto.js';
import type { UserEntity } from '../users/user.entity.js';
import { likeContains } from '../../common/http/like.js';
import type { DevOidcAccountStore } from '../dev-oidc/dev-oidc-accounts.js';
import { countOrEstimate } from '../../common/http/list-count.js';

export const USER_SORTABLE = ['email', 'firstName', 'lastName', 'lastLoginAt', 'createdAt'] as const;

export function isAdminRoles(roles: readonly string[]): boolean {
  return roles.some((r) => r.toLowerCase() === 'admin');
}

const authUser = statement('auth-user', (p: { id: string }) =>
  db.selectFrom('appUser').select(['id', 'email', 'firstName', 'lastName', 'roles', 'language']).where('id', '=', p.id),
);

/** What a user is written with: TypeORM's save wrote, and moved the version, only when one of these changed. */
const FIELDS = ['email', 'firstName', 'lastName', 'roles', 'issuer', 'subject', 'lastLoginAt', 'language'] as const;
/** A user as its entity holds it (every column but the folded copy). */
const USER = ['id', 'createdAt', 'updatedAt', 'version', ...FIELDS] as const;
const byId = statement('user-by-id', (p: { id: string }) => db.selectFrom('appUser').select(USER).where('id', '=', p.id));
const byEmail = statement('user-by-email', (p: { email: string }) => db.selectFrom('appUser').select(USER).where('email', '=', p.email));
const bySubject = statement('user-by-subject', (p: { issuer: string; subject: string }) =>
  db.selectFrom('appUser').select(USER).where('issuer', '=', p.issuer).where('subject', '=', p.subject),
);

type Written = Pick<UserEntity, 'id' | (typeof FIELDS)[number]>;
const NEW_USER = { firstName: '', lastName: '', roles: [], lastLoginAt: null, language: null };
const fields = (p: Written) => Object.fromEntries(FIELDS.map((f) => [f, p[f]])) as Omit<Written, 'id'>;
const insertUser = (p: Written) => db.insertInto('appUser').values({ id: p.id, ...fields(p) });
const insert = statement('user-insert', insertUser);
/** The user inserted, or updated when one of its columns changed (no row: nothing changed). */
const save = statement('user-save', (p: Written) =>
  insertUser(p)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ ...fields(p), version: eb('appUser.version', '+', 1), updatedAt: sql<Date>`now()` }))
        .where((eb) => eb.or(FIELDS.map((f) => eb(`appUser.${f}`, 'is distinct from', eb.ref(`excluded.${f}`))))),
    )
    .returning(USER),
);

const setLanguage = statement('auth-user-language', (p: { id: string; language: string }) =>
  db.updateTable('appUser').set({ language: p.language }).where('id', '=', p.id).where('language', 'is distinct from', p.language),
);

const users = () => db.selectFrom('appUser as u');

/** AdminUserDto's columns (isAdminRoles in SQL: a role named admin, any case). */
const adminColumns = (qb: ReturnType<typeof users>) =>
  qb.select((eb) => [
    ...(['u.id', 'u.email', 'u.firstName', 'u.lastName', 'u.roles'] as const),
    sql<boolean>`EXISTS (SELECT 1 FROM unnest(${eb.ref('u.roles')}) r WHERE lower(r) = 'admin')`.as('isAdmin'),
    isoUtc(eb.ref('u.lastLoginAt')).as('lastLoginAt'),
    eb
      .selectFrom('userSession as s')
      .where((s) => s.and([s('s.userId', '=', s.ref('u.id')), s('s.endedAt', 'is', null), s('s.expiresAt', '>', sql<Date>`now()`)]))
      .select(countInt().as('n'))
      .$asScalar()
      .$notNull()
      .as('activeSessions'),
  ]);

const adminUser = statement('admin-user', (p: { id: string }) => adminColumns(users()).where('u.id', '=', p.id));

/** The signed-in user of each request, the console's reads of users, and the development provider's accounts. */
@Injectable()
export class UserRepository implements DevOidcAccountStore {
  private readonly authUsers: SharedCache<AuthUser | undefined>;

  constructor(
    private readonly sql: Sql,
    private readonly invalidation: CacheInvalidation,
  ) {
    this.authUsers = invalidation.cache('user', { max: 10_000, ttlMs: 60_000 });
  }

  /** Each signed-in request's user: cached until the database says the user changed. */
  findAuthUser(id: string): Promise<AuthUser | undefined> {
    return this.authUsers.get(id, async () => {
      const [u] = await this.sql.run(authUser, { id });
      // Shared by every request of the user while cached: frozen so none can change it for the others.
      return u && (Object.freeze({ ...u, roles: Object.freeze(u.roles), isAdmin: isAdminRoles(u.roles) }) as AuthUser);
    });
  }

  /** The user of a verified sign-in: by the provider's subject, else by e-mail address. */
  async findSignedIn(issuer: string, subject: string, email: string): Promise<UserEntity | null> {
    return (await this.sql.run(bySubject, { issuer, subject }))[0] ?? (await this.findOne({ email }));
  }

  /** Writes the user: inserted when new, else updated when it changed (as TypeORM's save); this replica's caches have taken it once this resolves. */
  async save(user: UserEntity): Promise<UserEntity> {
    const saved = (await this.write(save, user))[0] ?? user;
    await this.invalidation.settled();
    return saved;
  }

  async findOne(where: { email: string } | { id: string }): Promise<UserEntity | null> {
    return (await ('email' in where ? this.sql.run(byEmail, where) : this.sql.run(byId, where)))[0] ?? null;
  }

  async insert(user: Partial<UserEntity>, m?: EntityManager): Promise<void> {
    await this.write(insert, user, m);
  }

  /** With the columns' defaults for what a new user leaves out; a refusal raised as TypeORM's (a duplicate is a 409). */
  private write<R>(s: Statement<Written, R>, user: Partial<UserEntity>, m?: EntityManager): Promise<R[]> {
    return this.sql.run(s, { ...NEW_USER, ...user, id: user.id ?? randomUUID() } as Written, m);
  }

  async setLanguage(userId: string, language: string): Promise<void> {
    await this.sql.run(setLanguage, { id: userId, language });
  }

  /** One page of the console's list (each sort and the search have an index); the total may be estimated. */
  async page(query: ListQuery): Promise<Page<AdminUserDto>> {
    const q = typeof query.filter.q === 'string' && query.filter.q.trim() ? likeContains(query.filter.q.trim()) : null;
    const found = users().$if(q !== null, (b) =>
      b.where((eb) => eb.or((['u.email', 'u.firstName', 'u.lastName'] as const).map((c) => eb(c, 'ilike', q)))),
    );
    const field = USER_SORTABLE.find((f) => f === query.sortField) ?? 'email';
    const direction = query.sortOrder === 'DESC' ? 'desc' : 'asc';
    // NULLS LAST only for the nullable column: elsewhere a descending page reads the ascending index backwards.
    const order = adminColumns(found).orderBy(`u.${field}`, (o) => (field === 'lastLoginAt' ? o[direction]().nullsLast() : o[direction]()));
    const [items, total] = await Promise.all([
      this.sql.list(order.orderBy('u.id').offset(query.skip).limit(query.take)),
      countOrEstimate(this.sql, found.select(sql.lit(1).as('one'))),
    ]);
    return { items, ...total };
  }

  async one(id: string): Promise<AdminUserDto | undefined> {
    return (await this.sql.run(adminUser, { id }))[0];
  }
}
