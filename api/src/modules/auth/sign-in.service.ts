import { Injectable } from '@nestjs/common';
import { unauthorized } from '../../common/http/app-error.js';
import type { TokenExchangeDto, TokensDto } from './dto/jwt.dto.js';
import { OidcClientService } from './oidc-client.service.js';
import { TokenService } from './token.service.js';
import { UserService } from './user.service.js';

/** Sign-in: the provider's code becomes the product's own tokens; refresh keeps them going. */
@Injectable()
export class SignInService {
  constructor(
    private readonly oidc: OidcClientService,
    private readonly users: UserService,
    private readonly tokens: TokenService,
  ) {}

  async exchange(dto: TokenExchangeDto): Promise<TokensDto> {
    const identity = await this.oidc.exchange(dto);
    const user = await this.users.upsertFromIdentity(identity);
    return this.tokens.issue(user.id);
  }

  async refresh(refreshToken: string): Promise<TokensDto> {
    const userId = await this.tokens.verifyRefresh(refreshToken);
    const user = await this.users.findAuthUser(userId);
    if (!user) throw unauthorized('errors.invalid-token', 'The refresh token is invalid or expired');
    return this.tokens.issue(user.id);
  }
}
