import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { createHash, randomUUID, type KeyObject } from 'node:crypto';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { unauthorized } from '../../common/http/app-error.js';

export const TOKEN_AUDIENCE = 'impact-calls';
export const TOKEN_ALGORITHM = 'HS256';
/** A session lives this long from the sign-in (spec section 9, "tokens stored for 30 days"). */
export const SESSION_LIFETIME_DAYS = 30;
/** How far ahead of this server's clock a token's `iat` may be (another replica's clock a little ahead); further is forged. */
export const TOKEN_CLOCK_SKEW_SECONDS = 60;
/** The only header parameters allowed: `jku`, `jwk`, `x5u`, `x5c`, `kid` would name the token's own key, `crit` unknown rules. */
const TOKEN_HEADER_PARAMETERS: ReadonlySet<string> = new Set(['alg', 'typ']);

/** A refresh token and what signs it again, byte for byte. */
export type RefreshToken = { token: string; jti: string; issuedAt: Date };

export const invalidRefreshToken = () => unauthorized('errors.invalid-token', 'The refresh token is invalid or expired');

/** SHA-256 (hex) of a token: what the database keeps instead of the token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The claims of one of the product's tokens (HS256 only, `exp`, `iss`, `aud`, no other header, `iat` not ahead), or an error. */
export async function verifyProductToken(token: string, key: KeyObject | Uint8Array, issuer: string): Promise<JWTPayload> {
  const { payload, protectedHeader } = await jwtVerify(token, key, {
    algorithms: [TOKEN_ALGORITHM],
    issuer,
    audience: TOKEN_AUDIENCE,
    requiredClaims: ['iat', 'exp'],
  });
  if (Object.keys(protectedHeader).some((name) => !TOKEN_HEADER_PARAMETERS.has(name))) throw new Error('unexpected header parameter');
  if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + TOKEN_CLOCK_SKEW_SECONDS)
    throw new Error('issued in the future');
  return payload;
}

/**
 * The product's own tokens: an access token lives minutes (ACCESS_TOKEN_MINUTES) and names its session
 * (`sid`); a refresh token names the session and its rotation (`gen`) and lives as long as the session.
 */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {
    this.key = new TextEncoder().encode(settings.jwtSecret);
  }

  /** HMAC signing is deterministic: the same claims, `iat` and `jti` give the same token again. */
  private sign(claims: Record<string, unknown>, userId: string, expiresAt: number, issuedAt: number, jti: string): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(this.settings.publicUrl)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setJti(jti)
      .setExpirationTime(expiresAt)
      .sign(this.key);
  }

  /** An access token of a session: minutes, never beyond the session's end. */
  access(userId: string, sessionId: string, sessionExpiresAt: Date): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const exp = Math.min(now + this.settings.accessTokenMinutes * 60, Math.floor(sessionExpiresAt.getTime() / 1000));
    return this.sign({ typ: 'access', sid: sessionId }, userId, exp, now, randomUUID());
  }

  /** The refresh token of a session's `generation`-th rotation; with `issued` (of one signed before), that same token again. */
  async refresh(
    userId: string,
    sessionId: string,
    generation: number,
    sessionExpiresAt: Date,
    issued?: { jti: string; issuedAt: Date },
  ): Promise<RefreshToken> {
    const jti = issued?.jti ?? randomUUID();
    const iat = issued ? Math.floor(issued.issuedAt.getTime() / 1000) : Math.floor(Date.now() / 1000);
    const claims = { typ: 'refresh', sid: sessionId, gen: generation };
    const token = await this.sign(claims, userId, Math.floor(sessionExpiresAt.getTime() / 1000), iat, jti);
    return { token, jti, issuedAt: new Date(iat * 1000) };
  }

  async verifyRefresh(token: string): Promise<{ userId: string; sessionId: string; generation: number }> {
    try {
      const { typ, sub, sid, gen } = await verifyProductToken(token, this.key, this.settings.publicUrl);
      if (typ !== 'refresh' || typeof sub !== 'string' || typeof sid !== 'string' || typeof gen !== 'number')
        throw new Error('not a refresh token');
      return { userId: sub, sessionId: sid, generation: gen };
    } catch {
      throw invalidRefreshToken();
    }
  }
}
