import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SETTINGS, type Settings } from '../../config/settings.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { SessionService } from './sessions/session.service.js';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE } from './token.service.js';
import { UserRepository } from './user.repository.js';

/** The signed-in user of a request, and the session its token belongs to. */
export interface Authenticated {
  user: AuthUser;
  sessionId: string;
}

/** How many verified tokens are remembered (a few MB at most). */
const VERIFIED_TOKENS = 10_000;

/** `Authorization: Bearer <token>` (the scheme in any case). */
const BEARER = /^\s*bearer\s+(\S+)\s*$/i;

/**
 * The access token of a request. jose checks the signature with a fixed algorithm list
 * (so `none` and RSA/HMAC confusion fail), the expiry, the issuer and the audience; the token
 * must be an access token (not a refresh token) of a session that has not ended (SessionService's
 * cache, kept exact by the database: a sign-out reaches every replica at once); then the user is
 * read (UserRepository's cache, also exact), so roles in a token are never trusted. Called directly by the
 * access guard, with no strategy or per-request closures in between: it runs on every
 * signed-in request, so each token's signature is checked once, not on every request.
 */
@Injectable()
export class AccessTokenVerifier {
  // A KeyObject made once, not the secret's bytes at every verification.
  private readonly key: KeyObject;
  private readonly options: JWTVerifyOptions;
  /** Tokens verified in full, oldest first: their subject and expiry (seconds). */
  private readonly verified = new Map<string, { sub: string; sid: string; exp: number }>();

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
  ) {
    this.key = createSecretKey(Buffer.from(settings.jwtSecret));
    this.options = { algorithms: [TOKEN_ALGORITHM], issuer: settings.publicUrl, audience: TOKEN_AUDIENCE };
  }

  /**
   * The user and session of the bearer token in `authorization`; undefined when it is missing,
   * invalid, expired, not an access token, of an ended session or of no user.
   */
  async userOf(authorization: string | undefined): Promise<Authenticated | undefined> {
    const token = authorization && BEARER.exec(authorization)?.[1];
    if (!token) return undefined;
    const now = Date.now();
    const claims = await this.claimsOf(token, now / 1000);
    if (!claims || !(await this.sessions.isActive(claims.sid, claims.sub, now))) return undefined;
    const user = await this.users.findAuthUser(claims.sub);
    return user && { user, sessionId: claims.sid };
  }

  /**
   * The user and session ids of a valid access token. A token is verified in full once; then,
   * while it is kept, only its expiry is checked again (its signature and other claims cannot
   * have changed: the key is the token itself).
   */
  private async claimsOf(token: string, now: number): Promise<{ sub: string; sid: string } | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now) return known;
      this.verified.delete(token);
      return undefined;
    }
    let payload: JWTPayload;
    try {
      payload = (await jwtVerify(token, this.key, this.options)).payload;
    } catch {
      return undefined;
    }
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
      return undefined;
    }
    const claims = { sub: payload.sub, sid: payload.sid as string, exp: payload.exp };
    if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims;
  }
}
