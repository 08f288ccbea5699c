import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
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
import { Public } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { SignInThrottleGuard } from './rate-limit.js';
import { LoginConfigDto, RefreshTokenDto, TokenExchangeDto, TokensDto } from './dto/jwt.dto.js';
import { OidcClientService } from './oidc-client.service.js';
import { SignInService } from './sign-in.service.js';

/** The Jwt group of the spec: sign-in through the identity provider, and the product's tokens. Sign-in endpoints are throttled per IP. */
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
  @UseGuards(SignInThrottleGuard)
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many sign-in attempts from this address' })
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
  tokenExchange(@Body() dto: TokenExchangeDto): Promise<TokensDto> {
    return this.signIn.exchange(dto);
  }

  @Post('refresh')
  @UseGuards(SignInThrottleGuard)
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many sign-in attempts from this address' })
  @HttpCode(200)
  @Public()
  @ApiOperation({ operationId: 'refreshToken', summary: 'New tokens from a valid refresh token' })
  @ApiOkResponse({ type: TokensDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Invalid or expired refresh token (errors.invalid-token)' })
  refresh(@Body() dto: RefreshTokenDto): Promise<TokensDto> {
    return this.signIn.refresh(dto.refresh_token);
  }
}
