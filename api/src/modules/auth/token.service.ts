import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { unauthorized } from '../../common/http/app-error.js';

export const TOKEN_AUDIENCE = 'impact-calls';
export const TOKEN_ALGORITHM = 'HS256';
/** Token and refresh token lifetime (spec section 9). */
export const TOKEN_LIFETIME_DAYS = 30;

export interface IssuedTokens {
  token: string;
  refresh_token: string;
}

/** The product's own tokens: HS256 only, with exp, iss and aud, and a typ claim. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {
    this.key = new TextEncoder().encode(settings.jwtSecret);
  }

  get issuer(): string {
    return this.settings.publicUrl;
  }

  get secret(): string {
    return this.settings.jwtSecret;
  }

  async issue(userId: string, lifetimeSeconds = TOKEN_LIFETIME_DAYS * 24 * 3600): Promise<IssuedTokens> {
    const sign = (typ: 'access' | 'refresh') =>
      new SignJWT({ typ })
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(this.issuer)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(this.key);
    return { token: await sign('access'), refresh_token: await sign('refresh') };
  }

  /** Returns the user id of a valid refresh token, or throws 401. */
  async verifyRefresh(token: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [TOKEN_ALGORITHM], issuer: this.issuer, audience: TOKEN_AUDIENCE });
      if (payload.typ !== 'refresh' || typeof payload.sub !== 'string') throw new Error('not a refresh token');
      return payload.sub;
    } catch {
      throw unauthorized('errors.invalid-token', 'The refresh token is invalid or expired');
    }
  }
}
