import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { notFound } from '../../../common/http/app-error.js';
import {
  invalidRefreshToken,
  SESSION_LIFETIME_DAYS,
  TokenService,
  tokenHash,
  type IssuedTokens,
  type RefreshToken,
} from '../token.service.js';
import type { SessionEndReason } from './user-session.entity.js';
import type { SessionDto } from '../dto/session.dto.js';
import { UserSessionRepository, type IssuedRefresh } from './user-session.repository.js';

/** Where a sign-in or a renewal comes from (shown in the user's list of sessions). */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

/**
 * A refresh token rotated less than this ago may be presented again: its answer may have been
 * lost on the way (a dropped connection), or another tab renewed with it at the same time. It gets
 * the successor already issued, never a second one, so the session keeps a single chain. Later, or
 * any older token, is a stolen one (or its copy): the whole session ends (OAuth 2.0 Security BCP,
 * reuse detection).
 */
export const REFRESH_RETRY_GRACE_MS = 30_000;
/** Ended and expired sessions are kept this long (a reused token of one is still recognised), then purged. */
const KEEP_ENDED_DAYS = 30;
const PURGE_EVERY_MS = 6 * 3600_000;

/**
 * Sessions: a sign-in starts one (30 days), refresh tokens rotate with reuse
 * detection, and ending one is seen by every replica at once: the access guard reads a
 * session's state through a per-replica cache that the database's notifications keep exact.
 */
@Injectable()
export class SessionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Sessions');
  private purgeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sessions: UserSessionRepository,
    private readonly tokens: TokenService,
  ) {}

  onApplicationBootstrap(): void {
    this.purgeTimer = setInterval(() => void this.sessions.purge(KEEP_ENDED_DAYS).catch(() => undefined), PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }

  /** A new session for a verified sign-in: its first access and refresh tokens. */
  async start(userId: string, client: ClientInfo, idToken?: string | null): Promise<IssuedTokens> {
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_DAYS * 24 * 3600_000);
    const refresh = await this.tokens.refresh(userId, id, 0, expiresAt);
    await this.sessions.insert({
      id,
      userId,
      expiresAt,
      refresh: kept(refresh),
      idToken: idToken ?? null,
      userAgent: clip(client.userAgent, 500),
      ip: clip(client.ip, 64),
    });
    return { token: await this.tokens.access(userId, id, expiresAt), refresh_token: refresh.token };
  }

  /**
   * A new pair from the session's current refresh token, which is then replaced (rotation). The
   * previous one, within REFRESH_RETRY_GRACE_MS of its rotation, gets the current one again (the
   * successor it already had); any other old refresh token of the session ends the session (reuse
   * detection). 401 otherwise. The session's row is locked meanwhile, so simultaneous refreshes,
   * on any replica, see each other's rotation.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<IssuedTokens> {
    const claims = await this.tokens.verifyRefresh(refreshToken);
    const hash = tokenHash(refreshToken);
    const outcome = await this.sessions.transaction(async (m) => {
      const row = await this.sessions.lockForRefresh(m, claims.sessionId);
      if (!row || row.userId !== claims.userId || row.endedAt || row.expiresAt.getTime() <= Date.now()) return { refused: true as const };
      const answer = (refresh: string) => ({ refresh, userId: row.userId, expiresAt: row.expiresAt });
      if (hash === row.refreshHash && claims.generation === row.generation) {
        const next = await this.tokens.refresh(row.userId, row.id, row.generation + 1, row.expiresAt);
        await this.sessions.rotate(m, row.id, kept(next), row.refreshHash, {
          userAgent: clip(client.userAgent, 500),
          ip: clip(client.ip, 64),
        });
        return answer(next.token);
      }
      const retried =
        hash === row.previousRefreshHash &&
        claims.generation === row.generation - 1 &&
        !!row.rotatedAt &&
        Date.now() - row.rotatedAt.getTime() < REFRESH_RETRY_GRACE_MS;
      if (retried) {
        // The current token signed again: a second successor would start a second chain.
        const current =
          row.refreshJti && row.refreshIssuedAt
            ? await this.tokens.refresh(row.userId, row.id, row.generation, row.expiresAt, {
                jti: row.refreshJti,
                issuedAt: row.refreshIssuedAt,
              })
            : undefined;
        // Not reproducible (rotated before the row kept what signs it): refused, and the session goes on.
        if (!current || tokenHash(current.token) !== row.refreshHash) return { refused: true as const };
        return answer(current.token);
      }
      await this.sessions.end(row.id, 'refresh-reuse', undefined, m);
      return { reused: true as const };
    });
    if ('reused' in outcome) {
      this.sessions.forgetState(claims.sessionId);
      this.logger.warn(`A refresh token of session ${claims.sessionId} was used again: the session is ended`);
      throw invalidRefreshToken();
    }
    if ('refused' in outcome) throw invalidRefreshToken();
    return { token: await this.tokens.access(outcome.userId, claims.sessionId, outcome.expiresAt), refresh_token: outcome.refresh };
  }

  /** Whether an access token's session is still on: from this replica's cache, exact through notifications. */
  async isActive(sessionId: string, userId: string, now = Date.now()): Promise<boolean> {
    const state = await this.sessions.state(sessionId);
    return !!state && !state.ended && state.userId === userId && state.expiresAt > now;
  }

  /** Ends a session; with `userId`, only one of that user's (404 otherwise). */
  async end(sessionId: string, reason: SessionEndReason, userId?: string): Promise<void> {
    const ended = await this.sessions.end(sessionId, reason, userId);
    this.sessions.forgetState(sessionId);
    if (!ended) throw notFound('errors.session-not-found', 'No such active session');
  }

  /** Ends every active session of a user but `keep`; answers how many ended. */
  async endAll(userId: string, reason: SessionEndReason, keep?: string): Promise<number> {
    const n = await this.sessions.endAll(userId, reason, keep);
    // Other replicas follow through the notifications; this one must not wait for them.
    this.sessions.forgetState();
    return n;
  }

  list(userId: string, current?: string): Promise<SessionDto[]> {
    return this.sessions.listActive(userId, current);
  }

  idTokenOf(sessionId: string): Promise<string | null> {
    return this.sessions.idTokenOf(sessionId);
  }
}

/** What the session keeps of a refresh token. */
function kept(refresh: RefreshToken): IssuedRefresh {
  return { hash: tokenHash(refresh.token), jti: refresh.jti, issuedAt: refresh.issuedAt };
}

function clip(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  return value.length > max ? value.slice(0, max) : value;
}
