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
/**
 * The header parameters the product's tokens carry. Any other is refused: `jku`, `jwk`, `x5u`, `x5c`,
 * `kid` would have the token name its own key, and `crit` rules the verifier does not follow.
 */
const TOKEN_HEADER_PARAMETERS: ReadonlySet<string> = new Set(['alg', 'typ']);

export interface IssuedTokens {
  token: string;
  refresh_token: string;
}

/** A refresh token and what it was signed with besides its session and generation: enough to sign it again, byte for byte. */
export interface RefreshToken {
  token: string;
  jti: string;
  issuedAt: Date;
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
 * The claims of one of the product's tokens, or an error: the signature with HS256 only, `exp`,
 * `iss` and `aud` (jose), no header parameter but `alg` and `typ`, and an `iat` that is not in
 * the future beyond the clock skew.
 */
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

  /** HMAC signing is deterministic: the same claims, `iat` and `jti` give the same token again. */
  private sign(claims: Record<string, unknown>, userId: string, expiresAt: number, issuedAt: number, jti: string): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(this.issuer)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setJti(jti)
      .setExpirationTime(expiresAt)
      .sign(this.key);
  }

  /** An access token of a session: minutes, never beyond the session's end. */
  access(userId: string, sessionId: string, sessionExpiresAt: Date): Promise<string> {
    const exp = Math.min(Math.floor(Date.now() / 1000) + this.accessTokenSeconds, Math.floor(sessionExpiresAt.getTime() / 1000));
    return this.sign({ typ: 'access', sid: sessionId }, userId, exp, Math.floor(Date.now() / 1000), randomUUID());
  }

  /**
   * The refresh token of a session's `generation`-th rotation; it expires with the session.
   * With `issued` (the `jti` and time of one signed before), that same token again.
   */
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

  /** The claims of a valid refresh token (verifyProductToken, and typ), or 401. */
  async verifyRefresh(token: string): Promise<RefreshClaims> {
    try {
      const payload = await verifyProductToken(token, this.key, this.issuer);
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
