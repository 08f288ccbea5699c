import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { AppError, badRequest, forbidden } from '../../common/http/app-error.js';
import {
  DEV_OIDC_PATH,
  OIDC_SCOPES,
  loginCallbackUrl,
  logoutCallbackUrl,
  oidcClientSettings,
  type OidcClientSettings,
} from '../dev-oidc/dev-oidc.client.js';
import { DevOidcService } from '../dev-oidc/dev-oidc.service.js';
import type { LoginConfigDto, TokenExchangeDto } from './dto/jwt.dto.js';
import { chooseTokenAuthMethod, clientAuthentication, type ClientCredentials } from './token-endpoint-auth.js';
import type { SignedInIdentity } from './user.service.js';

const unavailable = () =>
  new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'errors.identity-provider-unavailable', 'The identity provider cannot be reached');

/** Roles from the `roles` claim (array or space/comma separated), plus Keycloak's realm roles. */
export function rolesFromClaims(claims: Record<string, unknown>): string[] {
  const raw = claims.roles;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : [];
  const realm = (claims.realm_access as { roles?: unknown } | undefined)?.roles;
  return [...new Set([...list, ...(Array.isArray(realm) ? realm : [])].filter((r): r is string => typeof r === 'string' && r.length > 0))];
}

const claimString = (claims: Record<string, unknown>, name: string): string | undefined => {
  const v = claims[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};

/** The product as an OpenID Connect client (`openid-client`) of OIDC_ISSUER or the embedded provider. */
@Injectable()
export class OidcClientService {
  private readonly logger = new Logger('OidcClient');
  private configuration: Promise<oidc.Configuration> | undefined;
  private readonly client: OidcClientSettings;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly adapterHost: HttpAdapterHost,
    private readonly devOidc: DevOidcService,
  ) {
    this.client = oidcClientSettings(settings);
  }

  async loginConfig(): Promise<LoginConfigDto> {
    const c = this.client;
    const metadata = c.embedded ? undefined : (await this.discover()).serverMetadata();
    const authorizationEndpoint = metadata ? metadata.authorization_endpoint : this.devOidc.endpoint('authorization');
    if (!authorizationEndpoint) throw unavailable();
    return {
      issuer: c.issuer,
      clientId: c.clientId,
      scope: OIDC_SCOPES.join(' '),
      redirectUri: loginCallbackUrl(this.settings),
      postLogoutRedirectUri: logoutCallbackUrl(this.settings),
      // OpenID Connect "Initiating User Registration": Keycloak and the embedded provider honour it.
      registerParams: { prompt: 'create' },
      embedded: c.embedded,
      authorizationEndpoint,
      endSessionEndpoint: metadata ? (metadata.end_session_endpoint ?? null) : this.devOidc.endpoint('end_session'),
    };
  }

  /**
   * Where the browser signs out at the provider too (RP-initiated logout; null when it cannot), with
   * the sign-in's ID token as `id_token_hint` so that the provider need not ask.
   */
  async endSessionUrl(idToken: string | null): Promise<string | null> {
    let endpoint: string | undefined;
    if (this.client.embedded) endpoint = this.devOidc.endpoint('end_session');
    else endpoint = (await this.discover().catch(() => undefined))?.serverMetadata().end_session_endpoint;
    if (!endpoint) return null;
    const url = new URL(endpoint);
    url.searchParams.set('client_id', this.client.clientId);
    url.searchParams.set('post_logout_redirect_uri', logoutCallbackUrl(this.settings));
    if (idToken) url.searchParams.set('id_token_hint', idToken);
    return url.toString();
  }

  /** Exchanges the code and answers the verified identity; 400 errors.sign-in-failed otherwise. */
  async exchange(dto: TokenExchangeDto): Promise<SignedInIdentity> {
    const redirectUri = loginCallbackUrl(this.settings);
    if (dto.redirectUri !== redirectUri) {
      throw badRequest('errors.redirect-uri-mismatch', `redirectUri must be ${redirectUri}`, {
        errors: { redirectUri: 'unexpected redirect URI' },
      });
    }
    const config = await this.discover();
    const callback = new URL(redirectUri);
    callback.searchParams.set('code', dto.code);
    if (dto.state !== undefined) callback.searchParams.set('state', dto.state);
    if (dto.iss !== undefined) callback.searchParams.set('iss', dto.iss);

    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: dto.codeVerifier,
        // The app generated the state, kept it in sessionStorage and compared it before posting here.
        expectedState: oidc.skipStateCheck,
        expectedNonce: dto.nonce,
        idTokenExpected: true,
      });
    } catch (e) {
      this.logger.warn(`Token exchange refused: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
      throw badRequest('errors.sign-in-failed', 'The sign-in could not be completed; please sign in again');
    }

    let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
    const subject = claimString(claims, 'sub');
    if (!subject) throw badRequest('errors.sign-in-failed', 'The ID token has no subject');
    if (!claimString(claims, 'email')) {
      try {
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, subject)), ...claims };
      } catch (e) {
        this.logger.warn(`UserInfo refused: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const email = claimString(claims, 'email');
    if (!email) throw badRequest('errors.sign-in-failed', 'The identity provider gave no e-mail address (ask for the email scope)');
    if (claims.email_verified === false) throw forbidden('errors.email-not-verified', 'The e-mail address is not verified yet');
    const name = claimString(claims, 'name');
    return {
      idToken: tokens.id_token,
      issuer: config.serverMetadata().issuer,
      subject,
      email,
      firstName: claimString(claims, 'given_name') ?? name?.split(' ')[0],
      lastName: claimString(claims, 'family_name') ?? name?.split(' ').slice(1).join(' '),
      roles: rolesFromClaims(claims),
    };
  }

  /** Discovery, once (retried after a failure), which chooses the client authentication at the token endpoint. */
  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const c = this.client;
      const credentials: ClientCredentials = { clientSecret: c.clientSecret, privateKey: c.privateKey, override: c.tokenAuthMethod };
      let chosen: Promise<oidc.ClientAuth> | undefined;
      // openid-client calls this at every token request; the method was chosen at discovery.
      const auth = (async (...args: Parameters<oidc.ClientAuth>) => (await chosen!)(...args)) as oidc.ClientAuth;
      const options: oidc.DiscoveryRequestOptions = { timeout: 10 };
      if (new URL(c.issuer).protocol === 'http:') options.execute = [oidc.allowInsecureRequests];
      if (c.embedded) options[oidc.customFetch] = this.loopbackFetch;
      this.configuration = oidc
        .discovery(new URL(c.issuer), c.clientId, undefined, auth, options)
        .then((config) => {
          const { method, reason } = chooseTokenAuthMethod(config.serverMetadata().token_endpoint_auth_methods_supported, credentials);
          this.logger.log(`Token endpoint client authentication: ${method} (${reason})`);
          chosen = clientAuthentication(method, credentials);
          return chosen.then(() => config);
        })
        .catch((e: unknown) => {
          this.configuration = undefined;
          this.logger.error(`OpenID discovery of ${c.issuer} failed: ${e instanceof Error ? e.message : String(e)}`);
          throw unavailable();
        });
    }
    return this.configuration;
  }

  /** The embedded provider lives in this process: reach it where the server listens, whatever PUBLIC_URL says (a proxy's name). */
  private readonly loopbackFetch: oidc.CustomFetch = (url, options) => {
    const target = new URL(url);
    const address = this.adapterHost.httpAdapter?.getHttpServer()?.address() as AddressInfo | string | null | undefined;
    if (target.pathname.startsWith(`${DEV_OIDC_PATH}/`) && address && typeof address === 'object') {
      const host = ['0.0.0.0', '::', ''].includes(address.address) ? '127.0.0.1' : address.address;
      target.protocol = 'http:';
      target.hostname = address.family === 'IPv6' && host !== '127.0.0.1' ? `[${host}]` : host;
      target.port = String(address.port);
    }
    return fetch(target.href, options as RequestInit);
  };
}
