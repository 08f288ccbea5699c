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

/**
 * The token endpoint's client authentication: the operator's setting, else the provider's first
 * supported method the product holds a credential for, else OpenID Connect's default
 * (`client_secret_basic`) when the provider lists none. When nothing fits, the product still tries
 * what it has, so that the provider's error tells the operator what is missing. Answers why, for the log.
 */
export function chooseTokenAuthMethod(supported: readonly string[] | undefined, credentials: ClientCredentials) {
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
 * `client_secret_basic` form-urlencoded as `URLSearchParams` does (RFC 6749 2.3.1): openid-client also
 * encodes `-`, `.` and `_`, and providers that do not decode the value then see another client id.
 */
export function clientSecretBasic(clientSecret: string): oidc.ClientAuth {
  const encode = (v: string) => new URLSearchParams({ v }).toString().slice(2);
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${Buffer.from(`${encode(client.client_id)}:${encode(clientSecret)}`).toString('base64')}`);
  };
}

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
