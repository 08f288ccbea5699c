import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { notFound } from '../../../common/http/app-error.js';
import { invalidRefreshToken, SESSION_LIFETIME_DAYS, TokenService, tokenHash, type RefreshToken } from '../token.service.js';
import type { SessionEndReason } from './user-session.entity.js';
import type { SessionDto } from '../dto/session.dto.js';
import type { TokensDto } from '../dto/jwt.dto.js';
import { UserSessionRepository, type IssuedRefresh } from './user-session.repository.js';

/** Where a sign-in or a renewal comes from (shown in the user's list of sessions). */
export type ClientInfo = { userAgent: string | null; ip: string | null };

/**
 * A refresh token rotated less than this ago may come again (a lost answer, another tab) and gets the
 * successor already issued, so the session keeps one chain. Later, or any older token, is a stolen
 * one: the whole session ends (OAuth 2.0 Security BCP, reuse detection).
 */
export const REFRESH_RETRY_GRACE_MS = 30_000;
/** Ended and expired sessions are kept this long (a reused token of one is still recognised), then purged. */
const KEEP_ENDED_DAYS = 30;
const PURGE_EVERY_MS = 6 * 3600_000;

/** Sessions: started by a sign-in, refresh tokens rotated with reuse detection, an end seen by every replica at once. */
@Injectable()
export class SessionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Sessions');
  private purgeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sessions: UserSessionRepository,
    private readonly tokens: TokenService,
  ) {}

  onApplicationBootstrap(): void {
    this.purgeTimer = setInterval(() => void this.sessions.purge(KEEP_ENDED_DAYS).catch(() => undefined), PURGE_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }

  async start(userId: string, client: ClientInfo, idToken?: string | null): Promise<TokensDto> {
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_DAYS * 24 * 3600_000);
    const refresh = await this.tokens.refresh(userId, id, 0, expiresAt);
    await this.sessions.insert({
      id,
      userId,
      expiresAt,
      refresh: kept(refresh),
      idToken: idToken ?? null,
      ...clipped(client),
    });
    return { token: await this.tokens.access(userId, id, expiresAt), refresh_token: refresh.token };
  }

  /**
   * A new pair from the session's current refresh token, which is then replaced (rotation); see
   * REFRESH_RETRY_GRACE_MS for an older one. The row is locked, so simultaneous refreshes take turns.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<TokensDto> {
    const claims = await this.tokens.verifyRefresh(refreshToken);
    const hash = tokenHash(refreshToken);
    const outcome = await this.sessions.transaction(async (m) => {
      const row = await this.sessions.lockForRefresh(m, claims.sessionId);
      if (!row || row.userId !== claims.userId || row.endedAt || row.expiresAt.getTime() <= Date.now()) throw invalidRefreshToken();
      const answer = (refresh: string) => ({ refresh, userId: row.userId, expiresAt: row.expiresAt });
      if (hash === row.refreshHash && claims.generation === row.generation) {
        const next = await this.tokens.refresh(row.userId, row.id, row.generation + 1, row.expiresAt);
        await this.sessions.rotate(m, row.id, kept(next), row.refreshHash, clipped(client));
        return answer(next.token);
      }
      const retried =
        hash === row.previousRefreshHash &&
        claims.generation === row.generation - 1 &&
        !!row.rotatedAt &&
        Date.now() - row.rotatedAt.getTime() < REFRESH_RETRY_GRACE_MS;
      if (retried) {
        // The current token signed again (a second successor would start a second chain); not reproducible
        // when rotated before the row kept what signs it: refused, and the session goes on.
        const { refreshJti: jti, refreshIssuedAt: issuedAt } = row;
        const current =
          jti && issuedAt && (await this.tokens.refresh(row.userId, row.id, row.generation, row.expiresAt, { jti, issuedAt }));
        if (!current || tokenHash(current.token) !== row.refreshHash) throw invalidRefreshToken();
        return answer(current.token);
      }
      await this.sessions.end(row.id, 'refresh-reuse', undefined, m);
      return undefined;
    });
    if (!outcome) {
      await this.sessions.settled();
      this.logger.warn(`A refresh token of session ${claims.sessionId} was used again: the session is ended`);
      throw invalidRefreshToken();
    }
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
    if (!ended) throw notFound('errors.session-not-found', 'No such active session');
  }

  endAll(userId: string, reason: SessionEndReason, keep?: string): Promise<number> {
    return this.sessions.endAll(userId, reason, keep);
  }

  list(userId: string, current?: string): Promise<SessionDto[]> {
    return this.sessions.listActive(userId, current);
  }

  idTokenOf(sessionId: string): Promise<string | null> {
    return this.sessions.idTokenOf(sessionId);
  }
}

function kept(refresh: RefreshToken): IssuedRefresh {
  return { hash: tokenHash(refresh.token), jti: refresh.jti, issuedAt: refresh.issuedAt };
}

function clipped(client: ClientInfo): ClientInfo {
  return { userAgent: client.userAgent?.slice(0, 500) || null, ip: client.ip?.slice(0, 64) || null };
}
