import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { StringField } from '../../../common/validation/fields.js';

/** `POST /api/Jwt/token-exchange`: the authorization code the provider sent to /login-callback. */
export class TokenExchangeDto {
  @StringField({ maxLength: 2048, minLength: 1, description: 'The `code` query parameter of /login-callback' })
  code: string;

  @StringField({
    maxLength: 2048,
    minLength: 1,
    description: 'The redirect URI used in the authorization request (PUBLIC_URL/login-callback)',
  })
  redirectUri: string;

  @StringField({ maxLength: 128, minLength: 43, description: 'The PKCE code verifier the app generated (RFC 7636)' })
  @Matches(/^[A-Za-z0-9\-._~]+$/, { message: 'codeVerifier must use the characters of RFC 7636' })
  codeVerifier: string;

  @StringField({ maxLength: 512, optional: true, description: 'The nonce sent in the authorization request; the ID token must carry it' })
  nonce?: string;

  @StringField({
    maxLength: 512,
    optional: true,
    description: 'The `state` query parameter of /login-callback (already checked by the app)',
  })
  state?: string;

  @StringField({
    maxLength: 2048,
    optional: true,
    description: 'The `iss` query parameter of /login-callback, when the provider sends one (RFC 9207)',
  })
  iss?: string;
}

export class RefreshTokenDto {
  @StringField({ maxLength: 4096, minLength: 1 })
  refresh_token: string;
}

/** Login exchange response (spec section 3): the product's own tokens, 30 days. */
export class TokensDto {
  @ApiProperty({ description: 'Access token (JWT, HS256), sent as `Authorization: Bearer`' }) token: string;
  @ApiProperty({ description: 'Refresh token for POST /api/Jwt/refresh' }) refresh_token: string;
}

/** What the applicant app needs to send the browser to the identity provider. */
export class LoginConfigDto {
  @ApiProperty({ description: 'The provider issuer identifier' }) issuer: string;
  @ApiProperty({ description: 'Where Login and Register send the browser' }) authorizationEndpoint: string;
  @ApiProperty({ type: String, nullable: true, description: 'RP-initiated logout endpoint, when the provider has one' })
  endSessionEndpoint: string | null;
  @ApiProperty() clientId: string;
  @ApiProperty({ example: 'openid email profile roles' }) scope: string;
  @ApiProperty({ description: 'PUBLIC_URL/login-callback' }) redirectUri: string;
  @ApiProperty({ description: 'PUBLIC_URL/logout-callback' }) postLogoutRedirectUri: string;
  @ApiProperty({
    description: 'Extra authorization parameters that open the registration page',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  registerParams: Record<string, string>;
  @ApiProperty({ description: 'True for the embedded development provider' }) embedded: boolean;
}
