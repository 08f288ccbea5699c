import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { createHash } from 'node:crypto';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { unauthorized } from '../../common/http/app-error.js';

export const TOKEN_AUDIENCE = 'impact-calls';
export const TOKEN_ALGORITHM = 'HS256';
/** A session lives this long from the sign-in (spec section 9, "tokens stored for 30 days"). */
export const SESSION_LIFETIME_DAYS = 30;

export interface IssuedTokens {
  token: string;
  refresh_token: string;
}

/** What a valid refresh token says. */
export interface RefreshClaims {
  userId: string;
  sessionId: string;
  generation: number;
}

export const invalidRefreshToken = () => unauthorized('errors.invalid-token', 'The refresh token is invalid or expired');

/** SHA-256 (hex) of a token: what the database keeps instead of the token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The product's own tokens: HS256 only, with exp, iss and aud, and a typ claim. An access token
 * lives minutes (ACCESS_TOKEN_MINUTES) and names its session (`sid`); a refresh token names the
 * session and its rotation (`gen`) and lives as long as the session.
 */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {
    this.key = new TextEncoder().encode(settings.jwtSecret);
  }

  get issuer(): string {
    return this.settings.publicUrl;
  }

  get accessTokenSeconds(): number {
    return this.settings.accessTokenMinutes * 60;
  }

  private sign(claims: Record<string, unknown>, userId: string, expiresAt: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(this.issuer)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(expiresAt)
      .sign(this.key);
  }

  /** An access token of a session: minutes, never beyond the session's end. */
  access(userId: string, sessionId: string, sessionExpiresAt: Date): Promise<string> {
    const exp = Math.min(Math.floor(Date.now() / 1000) + this.accessTokenSeconds, Math.floor(sessionExpiresAt.getTime() / 1000));
    return this.sign({ typ: 'access', sid: sessionId }, userId, exp);
  }

  /** The refresh token of a session's `generation`-th rotation; it expires with the session. */
  refresh(userId: string, sessionId: string, generation: number, sessionExpiresAt: Date): Promise<string> {
    return this.sign({ typ: 'refresh', sid: sessionId, gen: generation }, userId, Math.floor(sessionExpiresAt.getTime() / 1000));
  }

  /** The claims of a valid refresh token (signature, expiry, issuer, audience, typ), or 401. */
  async verifyRefresh(token: string): Promise<RefreshClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: this.issuer,
        audience: TOKEN_AUDIENCE,
      });
      if (
        payload.typ !== 'refresh' ||
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.gen !== 'number'
      ) {
        throw new Error('not a refresh token');
      }
      return { userId: payload.sub, sessionId: payload.sid, generation: payload.gen };
    } catch {
      throw invalidRefreshToken();
    }
  }
}
