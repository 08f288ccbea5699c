import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { CacheInvalidation, type SharedCache } from '../../../database/shared-cache.js';
import { ISO_UTC, Sql } from '../../../database/sql.js';
import type { SessionDto } from '../dto/session.dto.js';
import type { SessionEndReason } from './user-session.entity.js';
import { UserSessionEntity } from './user-session.entity.js';

/** What the access guard needs of a session (cached per replica, kept exact by notifications). */
export interface SessionState {
  userId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  ended: boolean;
}

/** A refresh token as the session keeps it: its hash, and what signs it again. */
export interface IssuedRefresh {
  hash: string;
  jti: string;
  issuedAt: Date;
}

/** Every statement on user_session. */
@Injectable()
export class UserSessionRepository {
  /** The guard's reads, kept exact by the `user_session` table's trigger (`session:<id>`). */
  private readonly states: SharedCache<SessionState | undefined>;

  constructor(
    @InjectRepository(UserSessionEntity) private readonly repo: Repository<UserSessionEntity>,
    private readonly sql: Sql,
    invalidation: CacheInvalidation,
  ) {
    this.states = invalidation.cache('session', { max: 50_000, ttlMs: 60_000 });
  }

  async insert(row: {
    id: string;
    userId: string;
    expiresAt: Date;
    refresh: IssuedRefresh;
    idToken: string | null;
    userAgent: string | null;
    ip: string | null;
  }): Promise<void> {
    await this.repo.query(
      `INSERT INTO user_session (id, user_id, expires_at, refresh_hash, refresh_jti, refresh_issued_at, id_token, user_agent, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [row.id, row.userId, row.expiresAt, row.refresh.hash, row.refresh.jti, row.refresh.issuedAt, row.idToken, row.userAgent, row.ip],
    );
  }

  /** The guard's read: from memory, else one prepared statement. */
  state(id: string): Promise<SessionState | undefined> {
    return this.states.get(id, async () => {
      const [state] = await this.sql.rows<SessionState>(
        'session-state',
        `SELECT user_id AS "userId", round(extract(epoch FROM expires_at) * 1000)::float8 AS "expiresAt", ended_at IS NOT NULL AS ended
           FROM user_session WHERE id = $1`,
        [id],
      );
      return state;
    });
  }

  /** A session changed on this replica (no `id`: several did): its own next read is fresh at once. */
  forgetState(id?: string): void {
    if (id) this.states.evict(id);
    else this.states.clear();
  }

  /**
   * The session refresh works on, locked until the transaction ends: refreshes of one session,
   * on any replica, take turns, and each sees the rotation of the one before.
   */
  lockForRefresh(m: EntityManager, id: string): Promise<UserSessionEntity | null> {
    return m.findOne(UserSessionEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The session's refresh token becomes `next` (generation + 1); the one it replaces, `previousHash`, is kept for the retry window. */
  async rotate(
    m: EntityManager,
    id: string,
    next: IssuedRefresh,
    previousHash: string,
    meta: { userAgent: string | null; ip: string | null },
  ): Promise<number> {
    const result: unknown = await m.query(
      `UPDATE user_session
          SET refresh_hash = $2, refresh_jti = $3, refresh_issued_at = $4, previous_refresh_hash = $5, generation = generation + 1,
              rotated_at = now(), last_used_at = now(), user_agent = COALESCE($6, user_agent), ip = COALESCE($7, ip)
        WHERE id = $1 RETURNING generation`,
      [id, next.hash, next.jti, next.issuedAt, previousHash, meta.userAgent, meta.ip],
    );
    return rowsOf<{ generation: number }>(result)[0].generation;
  }

  /** Ends one session (of `userId` when given); answers whether it was active. */
  async end(id: string, reason: SessionEndReason, userId?: string, m?: EntityManager): Promise<boolean> {
    const result: unknown = await (m ?? this.repo.manager).query(
      `UPDATE user_session SET ended_at = now(), end_reason = $2
        WHERE id = $1 AND ended_at IS NULL AND ($3::uuid IS NULL OR user_id = $3) RETURNING id`,
      [id, reason, userId ?? null],
    );
    return rowsOf(result).length > 0;
  }

  /** Ends every active session of a user, but `keep`; answers how many. */
  async endAll(userId: string, reason: SessionEndReason, keep?: string): Promise<number> {
    const result: unknown = await this.repo.query(
      `UPDATE user_session SET ended_at = now(), end_reason = $2
        WHERE user_id = $1 AND ended_at IS NULL AND ($3::uuid IS NULL OR id <> $3) RETURNING id`,
      [userId, reason, keep ?? null],
    );
    return rowsOf(result).length;
  }

  /** A user's sessions that are still active, the most recently used first; `current`: the session of the request. */
  listActive(userId: string, current?: string): Promise<SessionDto[]> {
    return this.sql.rows(
      'sessions-active',
      `SELECT id, ${ISO_UTC('created_at')} AS "createdAt", ${ISO_UTC('last_used_at')} AS "lastUsedAt",
              ${ISO_UTC('expires_at')} AS "expiresAt", user_agent AS "userAgent", ip, id::text IS NOT DISTINCT FROM $2::text AS current
         FROM user_session
        WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()
        ORDER BY last_used_at DESC, created_at DESC`,
      [userId, current ?? null],
    );
  }

  async idTokenOf(id: string): Promise<string | null> {
    return (await this.repo.findOne({ select: { idToken: true }, where: { id } }))?.idToken ?? null;
  }

  /** Sessions ended or expired more than `days` ago go (kept a while so a reused token is still recognised). */
  async purge(days: number): Promise<void> {
    await this.repo.query(`DELETE FROM user_session WHERE COALESCE(ended_at, expires_at) < now() - make_interval(days => $1)`, [days]);
  }

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(work);
  }
}

/** Rows of an UPDATE ... RETURNING (TypeORM's postgres driver answers [rows, count] for those). */
function rowsOf<T = unknown>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
