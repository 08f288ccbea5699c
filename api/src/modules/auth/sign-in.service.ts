import { Injectable } from '@nestjs/common';
import type { TokenExchangeDto, TokensDto } from './dto/jwt.dto.js';
import { OidcClientService } from './oidc-client.service.js';
import { SessionService, type ClientInfo } from './sessions/session.service.js';
import { UserService } from './user.service.js';

/** Sign-in: the provider's code becomes a session with the product's own tokens; logout ends it. */
@Injectable()
export class SignInService {
  constructor(
    private readonly oidc: OidcClientService,
    private readonly users: UserService,
    private readonly sessions: SessionService,
  ) {}

  async exchange(dto: TokenExchangeDto, client: ClientInfo): Promise<TokensDto> {
    const identity = await this.oidc.exchange(dto);
    const user = await this.users.upsertFromIdentity(identity);
    return this.sessions.start(user.id, client, identity.idToken);
  }

  /** Ends the session on the server, then answers where the browser signs out at the provider. */
  async logout(sessionId: string): Promise<{ endSessionUrl: string | null }> {
    const idToken = await this.sessions.idTokenOf(sessionId);
    await this.sessions.end(sessionId, 'logout').catch(() => undefined);
    return { endSessionUrl: await this.oidc.endSessionUrl(idToken) };
  }
}
