import { importPKCS8 } from 'jose';
import * as oidc from 'openid-client';
import type { ClientPrivateKey, TokenAuthMethod } from '../../config/settings.js';

/** What the product holds to authenticate itself at the token endpoint. */
export interface ClientCredentials {
  clientSecret: string | undefined;
  privateKey: ClientPrivateKey | undefined;
  /** OIDC_TOKEN_AUTH_METHOD, when the operator set one: used whatever the metadata says. */
  override: TokenAuthMethod | undefined;
}

export interface TokenAuthChoice {
  method: TokenAuthMethod;
  /** One line for the log: why this method. */
  reason: string;
}

/**
 * The token endpoint's client authentication. The operator's setting wins. Otherwise the first
 * method of the provider's `token_endpoint_auth_methods_supported` (in the provider's order) for
 * which the product holds a credential: `private_key_jwt` with a key, `client_secret_basic` and
 * `client_secret_post` with a secret, `none` with neither. A provider that does not publish the
 * list gets OpenID Connect's default, `client_secret_basic` (Discovery 1.0, section 3), or `none`
 * without a secret. When nothing in the list fits, the product still tries what it has, so that
 * the provider's error, not the product's, tells the operator what is missing.
 */
export function chooseTokenAuthMethod(supported: readonly string[] | undefined, credentials: ClientCredentials): TokenAuthChoice {
  if (credentials.override) return { method: credentials.override, reason: 'OIDC_TOKEN_AUTH_METHOD' };
  const usable: TokenAuthMethod[] = [];
  if (credentials.privateKey) usable.push('private_key_jwt');
  if (credentials.clientSecret) usable.push('client_secret_basic', 'client_secret_post');
  if (usable.length === 0) usable.push('none');
  if (!Array.isArray(supported) || supported.length === 0) {
    const method = credentials.clientSecret ? 'client_secret_basic' : usable[0];
    return { method, reason: 'the provider publishes no token_endpoint_auth_methods_supported (default client_secret_basic)' };
  }
  const found = supported.find((m): m is TokenAuthMethod => (usable as string[]).includes(m));
  if (found)
    return { method: found, reason: `first usable of the provider's token_endpoint_auth_methods_supported [${supported.join(', ')}]` };
  return { method: usable[0], reason: `nothing usable in the provider's token_endpoint_auth_methods_supported [${supported.join(', ')}]` };
}

/**
 * `client_secret_basic` with the id and secret form-urlencoded as browsers and `URLSearchParams`
 * do (RFC 6749 2.3.1 asks for application/x-www-form-urlencoded): letters, digits and `*-._` stay
 * as they are. openid-client encodes `-`, `.`, `_` and more as well (`impact%2Dcalls`), which is
 * valid too, but providers that do not decode the value (LemonLDAP::NG 2.16) then see another
 * client id. Both forms mean the same to a provider that decodes.
 */
export function clientSecretBasic(clientSecret: string): oidc.ClientAuth {
  const encode = (v: string) => new URLSearchParams({ v }).toString().slice(2);
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${Buffer.from(`${encode(client.client_id)}:${encode(clientSecret)}`).toString('base64')}`);
  };
}

/** The openid-client authentication of a chosen method. */
export async function clientAuthentication(method: TokenAuthMethod, credentials: ClientCredentials): Promise<oidc.ClientAuth> {
  switch (method) {
    case 'client_secret_basic':
      return clientSecretBasic(credentials.clientSecret ?? '');
    case 'client_secret_post':
      return oidc.ClientSecretPost(credentials.clientSecret ?? '');
    case 'private_key_jwt': {
      const pk = credentials.privateKey;
      if (!pk) throw new Error('private_key_jwt needs OIDC_CLIENT_PRIVATE_KEY_FILE');
      const key = await importPKCS8(pk.pem, pk.alg);
      return oidc.PrivateKeyJwt(pk.kid ? { key, kid: pk.kid } : key);
    }
    case 'none':
      return oidc.None();
  }
}
