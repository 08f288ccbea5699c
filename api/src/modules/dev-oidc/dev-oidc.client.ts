import { createHmac } from 'node:crypto';
import type { Settings } from '../../config/settings.js';

/** Where the embedded development provider is mounted (issuer = PUBLIC_URL + this path). */
export const DEV_OIDC_PATH = '/oidc';

export const DEV_OIDC_CLIENT_ID = 'impact-calls';

/** The scopes the product asks for; `roles` carries the provider's roles claim. */
export const OIDC_SCOPES = ['openid', 'email', 'profile', 'roles'] as const;

/** Where the provider sends the browser back after sign-in and sign-out (spec section 2). */
export function loginCallbackUrl(settings: Settings): string {
  return `${settings.publicUrl}/login-callback`;
}

export function logoutCallbackUrl(settings: Settings): string {
  return `${settings.publicUrl}/logout-callback`;
}

export function devOidcIssuer(settings: Settings): string {
  return `${settings.publicUrl}${DEV_OIDC_PATH}`;
}

/** A secret derived from the JWT secret: the provider and the API agree on it without another setting. */
export function deriveSecret(settings: Settings, purpose: string): string {
  return createHmac('sha256', settings.jwtSecret).update(`dev-oidc:${purpose}`).digest('base64url');
}

export type OidcClientSettings = NonNullable<Settings['oidc']> & { embedded: boolean };

/** The provider the API signs users in with: OIDC_ISSUER when set, else the embedded one. */
export function oidcClientSettings(settings: Settings): OidcClientSettings {
  if (settings.oidc) return { ...settings.oidc, embedded: false };
  return {
    issuer: devOidcIssuer(settings),
    clientId: DEV_OIDC_CLIENT_ID,
    clientSecret: deriveSecret(settings, 'client-secret'),
    tokenAuthMethod: 'client_secret_basic',
    privateKey: undefined,
    embedded: true,
  };
}
