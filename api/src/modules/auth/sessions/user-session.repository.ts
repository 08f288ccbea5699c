import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { CacheInvalidation, type SharedCache } from '../../../database/shared-cache.js';
import { Sql } from '../../../database/sql.js';
import { db, isoUtc, statement } from '../../../database/typed-sql.js';
import type { SessionDto } from '../dto/session.dto.js';
import type { SessionEndReason } from './user-session.entity.js';

/** A refresh token as the session keeps it: its hash, and what signs it again. */
export type IssuedRefresh = { hash: string; jti: string; issuedAt: Date };

type Client = { userAgent: string | null; ip: string | null };
type NewSession = Client & { id: string; userId: string; expiresAt: Date; idToken: string | null };
const now = sql<Date>`now()`;
const refresh = (p: IssuedRefresh) => ({ refreshHash: p.hash, refreshJti: p.jti, refreshIssuedAt: p.issuedAt });

const insert = statement('session-insert', (p: NewSession & IssuedRefresh) =>
  db
    .insertInto('userSession')
    .values({ id: p.id, userId: p.userId, expiresAt: p.expiresAt, ...refresh(p), idToken: p.idToken, userAgent: p.userAgent, ip: p.ip }),
);

/** What the access guard needs of a session (`expiresAt` in milliseconds since the epoch). */
const state = statement('session-state', (p: { id: string }) =>
  db
    .selectFrom('userSession')
    .select((eb) => [
      'userId',
      sql<number>`round(extract(epoch FROM ${eb.ref('expiresAt')}) * 1000)::float8`.as('expiresAt'),
      eb('endedAt', 'is not', null).$castTo<boolean>().as('ended'),
    ])
    .where('id', '=', p.id),
);
export type SessionState = typeof state.row;

const REFRESH = ['id', 'userId', 'expiresAt', 'endedAt', 'refreshHash', 'refreshJti', 'refreshIssuedAt', 'generation'] as const;
const lockForRefresh = statement('session-lock-for-refresh', (p: { id: string }) =>
  db.selectFrom('userSession').select(REFRESH).select(['previousRefreshHash', 'rotatedAt']).where('id', '=', p.id).forUpdate(),
);

const rotate = statement('session-rotate', (p: IssuedRefresh & Client & { id: string; previousHash: string }) =>
  db
    .updateTable('userSession')
    .set((eb) => ({
      ...refresh(p),
      previousRefreshHash: p.previousHash,
      generation: eb('generation', '+', 1),
      rotatedAt: now,
      lastUsedAt: now,
      userAgent: eb.fn.coalesce(eb.val(p.userAgent), 'userAgent'),
      ip: eb.fn.coalesce(eb.val(p.ip), 'ip'),
    }))
    .where('id', '=', p.id),
);

/** Ends active sessions (the end reason); answers their ids. */
const ending = (reason: SessionEndReason) =>
  db.updateTable('userSession').set({ endedAt: now, endReason: reason }).where('endedAt', 'is', null);
const end = statement('session-end', (p: { id: string; reason: SessionEndReason; userId: string | null }) =>
  ending(p.reason)
    .where('id', '=', p.id)
    .where((eb) => sql<boolean>`(${p.userId}::uuid IS NULL OR ${eb.ref('userId')} = ${p.userId})`)
    .returning('id'),
);
const endAll = statement('session-end-all', (p: { userId: string; reason: SessionEndReason; keep: string | null }) =>
  ending(p.reason)
    .where('userId', '=', p.userId)
    .where((eb) => sql<boolean>`(${p.keep}::uuid IS NULL OR ${eb.ref('id')} <> ${p.keep})`)
    .returning('id'),
);

const listActive = statement('sessions-active', (p: { userId: string; current: string | null }) =>
  db
    .selectFrom('userSession')
    .select((eb) => [
      'id',
      isoUtc(eb.ref('createdAt')).as('createdAt'),
      isoUtc(eb.ref('lastUsedAt')).as('lastUsedAt'),
      isoUtc(eb.ref('expiresAt')).as('expiresAt'),
      'userAgent',
      'ip',
      sql<boolean>`${eb.ref('id')}::text IS NOT DISTINCT FROM ${p.current}::text`.as('current'),
    ])
    .where((eb) => eb.and([eb('userId', '=', p.userId), eb('endedAt', 'is', null), eb('expiresAt', '>', now)]))
    .orderBy('lastUsedAt', 'desc')
    .orderBy('createdAt', 'desc'),
);

const idToken = statement('session-id-token', (p: { id: string }) => db.selectFrom('userSession').select('idToken').where('id', '=', p.id));

const purge = statement('sessions-purge', (p: { days: number }) =>
  db
    .deleteFrom('userSession')
    .where((eb) => sql<boolean>`${eb.fn.coalesce('endedAt', 'expiresAt')} < now() - make_interval(days => ${p.days})`),
);

@Injectable()
export class UserSessionRepository {
  /** The guard's reads, kept exact by the `user_session` table's trigger (`session:<id>`). */
  private readonly states: SharedCache<SessionState | undefined>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly invalidation: CacheInvalidation,
  ) {
    this.states = invalidation.cache('session', { max: 50_000, ttlMs: 60_000 });
  }

  async insert(row: NewSession & { refresh: IssuedRefresh }): Promise<void> {
    await this.sql.run(insert, { ...row, ...row.refresh });
  }

  state(id: string): Promise<SessionState | undefined> {
    return this.states.get(id, async () => (await this.sql.run(state, { id }))[0]);
  }

  /** After a committed change of sessions: this replica's guard has taken its notifications (the others take them too). */
  settled(): Promise<void> {
    return this.invalidation.settled();
  }

  /** The session refresh works on, locked until the transaction ends: refreshes of one session take turns. */
  async lockForRefresh(m: EntityManager, id: string): Promise<typeof lockForRefresh.row | undefined> {
    return (await this.sql.run(lockForRefresh, { id }, m))[0];
  }

  /** The session's refresh token becomes `next` (generation + 1); the one it replaces, `previousHash`, is kept for the retry window. */
  async rotate(m: EntityManager, id: string, next: IssuedRefresh, previousHash: string, meta: Client): Promise<void> {
    await this.sql.run(rotate, { id, ...next, previousHash, ...meta }, m);
  }

  /** Ends a session; outside a transaction (no `m`), this replica's guard refuses it once this resolves. */
  async end(id: string, reason: SessionEndReason, userId?: string, m?: EntityManager): Promise<boolean> {
    const ended = (await this.sql.run(end, { id, reason, userId: userId ?? null }, m)).length > 0;
    if (!m) await this.settled();
    return ended;
  }

  async endAll(userId: string, reason: SessionEndReason, keep?: string): Promise<number> {
    const ended = (await this.sql.run(endAll, { userId, reason, keep: keep ?? null })).length;
    await this.settled();
    return ended;
  }

  listActive(userId: string, current?: string): Promise<SessionDto[]> {
    return this.sql.run(listActive, { userId, current: current ?? null });
  }

  async idTokenOf(id: string): Promise<string | null> {
    return (await this.sql.run(idToken, { id }))[0]?.idToken ?? null;
  }

  async purge(days: number): Promise<void> {
    await this.sql.run(purge, { days });
  }

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
