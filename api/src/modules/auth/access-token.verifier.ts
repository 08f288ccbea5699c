import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SETTINGS, type Settings } from '../../config/settings.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE } from './token.service.js';
import { UserService } from './user.service.js';

/** How many verified tokens are remembered (a few MB at most). */
const VERIFIED_TOKENS = 10_000;

/** `Authorization: Bearer <token>` (the scheme in any case). */
const BEARER = /^\s*bearer\s+(\S+)\s*$/i;

/**
 * The access token of a request. jsonwebtoken checks the signature with a fixed algorithm list
 * (so `none` and RSA/HMAC confusion fail), the expiry, the issuer and the audience; the token
 * must be an access token (not a refresh token); then the user is read (UserService's cache,
 * kept exact by the database), so roles in a token are never trusted. Called directly by the
 * access guard, with no strategy or per-request closures in between: it runs on every
 * signed-in request, so each token's signature is checked once, not on every request.
 */
@Injectable()
export class AccessTokenVerifier {
  // A KeyObject, not the string: jsonwebtoken would otherwise try (and fail) to parse a string
  // as a public key on every request before using it as a secret.
  private readonly key: KeyObject;
  private readonly options: jwt.VerifyOptions & { complete?: false };
  /** Tokens verified in full, oldest first: their subject and expiry (seconds). */
  private readonly verified = new Map<string, { sub: string; exp: number }>();

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly users: UserService,
  ) {
    this.key = createSecretKey(Buffer.from(settings.jwtSecret));
    this.options = { algorithms: [TOKEN_ALGORITHM], issuer: settings.publicUrl, audience: TOKEN_AUDIENCE, ignoreExpiration: false };
  }

  /** The user of the bearer token in `authorization`; undefined when it is missing, invalid, expired, not an access token or of no user. */
  async userOf(authorization: string | undefined): Promise<AuthUser | undefined> {
    const token = authorization && BEARER.exec(authorization)?.[1];
    if (!token) return undefined;
    const subject = this.subjectOf(token, Date.now() / 1000);
    return subject === undefined ? undefined : this.users.findAuthUser(subject);
  }

  /**
   * The user id of a valid access token. A token is verified in full once; then, while it is
   * kept, only its expiry is checked again (its signature and other claims cannot have changed:
   * the key is the token itself).
   */
  private subjectOf(token: string, now: number): string | undefined {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now) return known.sub;
      this.verified.delete(token);
      return undefined;
    }
    let payload: string | jwt.JwtPayload;
    try {
      payload = jwt.verify(token, this.key, this.options);
    } catch {
      return undefined;
    }
    if (typeof payload !== 'object' || payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
      return undefined;
    }
    if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { sub: payload.sub, exp: payload.exp });
    return payload.sub;
  }
}
