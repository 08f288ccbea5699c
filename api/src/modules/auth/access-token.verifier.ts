import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SETTINGS, type Settings } from '../../config/settings.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { SessionService } from './sessions/session.service.js';
import { verifyProductToken } from './token.service.js';
import { UserRepository } from './user.repository.js';

/** How many verified tokens are remembered (a few MB at most). */
const VERIFIED_TOKENS = 10_000;

/** `Authorization: Bearer <token>` (the scheme in any case). */
const BEARER = /^\s*bearer\s+(\S+)\s*$/i;

/**
 * The access token of a request, of a session that has not ended; the user is read from its (cached)
 * row, so roles in a token are never trusted. Each token's signature is checked once, not per request.
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

  async userOf(authorization: string | undefined): Promise<{ user: AuthUser; sessionId: string } | undefined> {
    const token = authorization && BEARER.exec(authorization)?.[1];
    if (!token) return undefined;
    const now = Date.now();
    const claims = await this.claimsOf(token, now / 1000);
    if (!claims || !(await this.sessions.isActive(claims.sid, claims.sub, now))) return undefined;
    const user = await this.users.findAuthUser(claims.sub);
    return user && { user, sessionId: claims.sid };
  }

  /** The ids of a valid access token: once verified in full, only its expiry is checked again (the key is the token itself). */
  private async claimsOf(token: string, now: number): Promise<{ sub: string; sid: string } | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now) return known;
      this.verified.delete(token);
      return undefined;
    }
    const { typ, sub, sid, exp } = (await verifyProductToken(token, this.key, this.issuer).catch(() => undefined)) ?? {};
    if (typ !== 'access' || typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
    const claims = { sub, sid, exp };
    if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims;
  }
}
