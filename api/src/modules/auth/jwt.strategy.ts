import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { SETTINGS, type Settings } from '../../config/settings.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE } from './token.service.js';
import { UserService } from './user.service.js';

interface AccessTokenPayload {
  sub?: string;
  typ?: string;
}

/**
 * passport-jwt checks the signature with a fixed algorithm list (so `none` and RSA/HMAC
 * confusion fail), the expiry, the issuer and the audience; then the user is read from
 * the database, so roles in a token are never trusted.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly users: UserService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, not the string: jsonwebtoken would otherwise try (and fail) to parse the
      // string as a public key on every request before using it as a secret.
      // (passport-jwt passes it through to jsonwebtoken, which accepts a KeyObject; its types lag.)
      secretOrKey: createSecretKey(Buffer.from(settings.jwtSecret)) as unknown as Buffer,
      algorithms: [TOKEN_ALGORITHM],
      issuer: settings.publicUrl,
      audience: TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  async validate(payload: AccessTokenPayload): Promise<AuthUser | false> {
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return false;
    return (await this.users.findAuthUser(payload.sub)) ?? false;
  }
}
