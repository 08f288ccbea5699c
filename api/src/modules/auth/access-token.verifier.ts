import { Inject, Injectable } from '@nestjs/common';
import type { JWTPayload } from 'jose';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SETTINGS, type Settings } from '../../config/settings.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { SessionService } from './sessions/session.service.js';
import { verifyProductToken } from './token.service.js';
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
 * The access token of a request. verifyProductToken checks the signature with a fixed algorithm
 * (so `none` and RSA/HMAC confusion fail), the expiry, the issuer and the audience, the header
 * (no `jku`, `jwk`, `x5u`, `x5c`, `kid`, `crit`) and an `iat` not in the future; the token
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
  private readonly issuer: string;
  /** Tokens verified in full, oldest first: their subject and expiry (seconds). */
  private readonly verified = new Map<string, { sub: string; sid: string; exp: number }>();

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
  ) {
    this.key = createSecretKey(Buffer.from(settings.jwtSecret));
    this.issuer = settings.publicUrl;
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
      payload = await verifyProductToken(token, this.key, this.issuer);
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
