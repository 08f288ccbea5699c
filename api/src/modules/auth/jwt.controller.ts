import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Access, CurrentSession, Public } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { LoginConfigDto, RefreshTokenDto, TokenExchangeDto, TokensDto } from './dto/jwt.dto.js';
import { LogoutDto } from './dto/session.dto.js';
import type { ClientInfo } from './sessions/session.service.js';
import { OidcClientService } from './oidc-client.service.js';
import { SignInService } from './sign-in.service.js';

/** The Jwt group of the spec: sign-in through the identity provider, and the product's tokens. Sign-in endpoints are limited per address. */
@ApiTags('Jwt')
@Controller('Jwt')
export class JwtController {
  constructor(
    private readonly signIn: SignInService,
    private readonly oidc: OidcClientService,
  ) {}

  @Get('login-config')
  @Public()
  @ApiOperation({
    operationId: 'getLoginConfig',
    summary: 'Where Login, Register and Logout send the browser (identity provider endpoints, client id, scopes)',
  })
  @ApiOkResponse({ type: LoginConfigDto })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'The identity provider cannot be reached' })
  loginConfig(): Promise<LoginConfigDto> {
    return this.oidc.loginConfig();
  }

  @Post('token-exchange')
  @RateLimit('sign-in')
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description: 'Too many sign-in attempts from this address (errors.too-many-requests, Retry-After)',
  })
  @HttpCode(200)
  @Public()
  @ApiOperation({
    operationId: 'tokenExchange',
    summary: 'Exchange the authorization code (PKCE) for the product tokens; upserts the user',
  })
  @ApiOkResponse({ type: TokensDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Invalid, used or expired code, wrong verifier or nonce (errors.sign-in-failed)',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'The e-mail address is not verified (errors.email-not-verified)' })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'The identity provider cannot be reached' })
  tokenExchange(@Body() dto: TokenExchangeDto, @Req() req: Request): Promise<TokensDto> {
    return this.signIn.exchange(dto, clientInfo(req));
  }

  @Post('refresh')
  @RateLimit('sign-in')
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description: 'Too many sign-in attempts from this address (errors.too-many-requests, Retry-After)',
  })
  @HttpCode(200)
  @Public()
  @ApiOperation({
    operationId: 'refreshToken',
    summary: 'New tokens from the session’s current refresh token, which is replaced (rotation); an old one used again ends the session',
  })
  @ApiOkResponse({ type: TokensDto })
  @ApiUnauthorizedResponse({
    type: ErrorResponseDto,
    description: 'Invalid or expired refresh token, or one of an ended session (errors.invalid-token)',
  })
  refresh(@Body() dto: RefreshTokenDto, @Req() req: Request): Promise<TokensDto> {
    return this.signIn.refresh(dto.refresh_token, clientInfo(req));
  }

  @Post('logout')
  @HttpCode(200)
  @Access({})
  @ApiOperation({
    operationId: 'logout',
    summary: "Signs out: ends this session on the server (every replica at once), and answers the provider's end-session URL",
  })
  @ApiOkResponse({ type: LogoutDto })
  logout(@CurrentSession() sessionId: string): Promise<LogoutDto> {
    return this.signIn.logout(sessionId);
  }
}

/** The browser and address a sign-in or renewal comes from (Express `req.ip`, honouring trust proxy). */
function clientInfo(req: Request): ClientInfo {
  return { userAgent: req.header('user-agent') ?? null, ip: req.ip ?? req.socket.remoteAddress ?? null };
}
