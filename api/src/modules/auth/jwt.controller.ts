import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { CurrentSession, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { LoginConfigDto, RefreshTokenDto, TokenExchangeDto, TokensDto } from './dto/jwt.dto.js';
import { LogoutDto } from './dto/session.dto.js';
import { SessionService, type ClientInfo } from './sessions/session.service.js';
import { OidcClientService } from './oidc-client.service.js';
import { SignInService } from './sign-in.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The Jwt group of the spec: sign-in through the identity provider, and the product's tokens. Sign-in endpoints are limited per address. */
@ApiTags('Jwt')
@Controller('Jwt')
export class JwtController {
  constructor(
    private readonly signIn: SignInService,
    private readonly oidc: OidcClientService,
    private readonly sessions: SessionService,
  ) {}

  @Get('login-config')
  @Endpoint('getLoginConfig', 'Where Login, Register and Logout send the browser (identity provider endpoints, client id, scopes)', {
    access: { public: true },
    ok: LoginConfigDto,
    errors: { 503: 'The identity provider cannot be reached' },
  })
  loginConfig(): Promise<LoginConfigDto> {
    return this.oidc.loginConfig();
  }

  @Post('token-exchange')
  @RateLimit('sign-in')
  @Endpoint('tokenExchange', 'Exchange the authorization code (PKCE) for the product tokens; upserts the user', {
    access: { public: true },
    ok: TokensDto,
    errors: {
      400: 'Invalid, used or expired code, wrong verifier or nonce (errors.sign-in-failed)',
      403: 'The e-mail address is not verified (errors.email-not-verified)',
      429: 'Too many sign-in attempts from this address (errors.too-many-requests, Retry-After)',
      503: 'The identity provider cannot be reached',
    },
  })
  tokenExchange(@Body() dto: TokenExchangeDto, @Req() req: FastifyRequest): Promise<TokensDto> {
    return this.signIn.exchange(dto, clientInfo(req));
  }

  @Post('refresh')
  @RateLimit('sign-in')
  @Endpoint(
    'refreshToken',
    'New tokens from the session’s current refresh token, which is replaced (rotation); an old one used again ends the session',
    {
      access: { public: true },
      ok: TokensDto,
      errors: {
        401: 'Invalid or expired refresh token, or one of an ended session (errors.invalid-token)',
        429: 'Too many sign-in attempts from this address (errors.too-many-requests, Retry-After)',
      },
    },
  )
  refresh(@Body() dto: RefreshTokenDto, @Req() req: FastifyRequest): Promise<TokensDto> {
    return this.sessions.refresh(dto.refresh_token, clientInfo(req));
  }

  @Post('logout')
  @Endpoint('logout', "Signs out: ends this session on the server (every replica at once), and answers the provider's end-session URL", {
    access: SIGNED_IN,
    ok: LogoutDto,
  })
  logout(@CurrentSession() sessionId: string): Promise<LogoutDto> {
    return this.signIn.logout(sessionId);
  }
}

/** The browser and address a sign-in or renewal comes from (`req.ip`, honouring TRUST_PROXY). */
function clientInfo(req: FastifyRequest): ClientInfo {
  return { userAgent: req.headers['user-agent'] ?? null, ip: req.ip ?? req.socket.remoteAddress ?? null };
}
