import { session, unwrap, type Schemas } from '@impact-calls/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { codeChallenge, randomToken } from './pkce';

export type LoginConfig = Schemas['LoginConfigDto'];

export const loginConfigQuery = {
  queryKey: ['auth', 'login-config'] as const,
  queryFn: () => unwrap(api.GET('/api/Jwt/login-config')),
  staleTime: 10 * 60_000,
};

/** What the browser keeps between the redirect to the provider and /login-callback. */
interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  createdAt: number;
}

const PENDING_PREFIX = 'ic_sign_in:';
/** A pending sign-in older than this is ignored (the provider's pages would have expired too). */
const PENDING_MAX_AGE_MS = 60 * 60_000;

function store(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Forgets pending sign-ins that are too old (a tab closed at the provider, ...). */
function sweep(now = Date.now()): void {
  const s = store();
  if (!s) return;
  for (let i = s.length - 1; i >= 0; i--) {
    const key = s.key(i);
    if (!key?.startsWith(PENDING_PREFIX)) continue;
    try {
      const pending = JSON.parse(s.getItem(key) ?? '') as PendingSignIn;
      if (now - pending.createdAt > PENDING_MAX_AGE_MS) s.removeItem(key);
    } catch {
      s.removeItem(key);
    }
  }
}

/**
 * The URL that starts a sign-in (or a registration) at the identity provider: client id,
 * response type code, the /login-callback redirect, the interface locale, and state, nonce
 * and the PKCE S256 challenge, kept in sessionStorage under the state.
 */
export async function buildAuthorizationUrl(config: LoginConfig, kind: 'login' | 'register', language: string): Promise<string> {
  sweep();
  const pending: PendingSignIn = {
    state: randomToken(),
    nonce: randomToken(),
    codeVerifier: randomToken(),
    redirectUri: config.redirectUri,
    createdAt: Date.now(),
  };
  store()?.setItem(PENDING_PREFIX + pending.state, JSON.stringify(pending));
  const url = new URL(config.authorizationEndpoint);
  const params: Record<string, string> = {
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: config.redirectUri,
    scope: config.scope,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await codeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    ui_locales: language,
    ...(kind === 'register' ? config.registerParams : {}),
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** Login and Register: a full-page redirect to the identity provider. */
export async function startSignIn(queryClient: QueryClient, kind: 'login' | 'register', language: string): Promise<void> {
  const config = await queryClient.fetchQuery(loginConfigQuery);
  window.location.assign(await buildAuthorizationUrl(config, kind, language));
}

/** Takes (and forgets: single use) the pending sign-in of a state. */
function takePending(state: string | null): PendingSignIn | undefined {
  if (!state) return undefined;
  const s = store();
  const raw = s?.getItem(PENDING_PREFIX + state);
  s?.removeItem(PENDING_PREFIX + state);
  if (!raw) return undefined;
  try {
    const pending = JSON.parse(raw) as PendingSignIn;
    return pending.state === state && Date.now() - pending.createdAt <= PENDING_MAX_AGE_MS ? pending : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /login-callback with a code: checks the state against the pending sign-in, posts the
 * code with the verifier and nonce to the API, and keeps the product's tokens.
 */
export async function completeSignIn(params: URLSearchParams): Promise<void> {
  const code = params.get('code');
  if (!code) throw new Error('no authorization code');
  const pending = takePending(params.get('state'));
  if (!pending) throw new Error('unknown or expired sign-in state');
  const iss = params.get('iss');
  const tokens = await unwrap(
    api.POST('/api/Jwt/token-exchange', {
      body: {
        code,
        redirectUri: pending.redirectUri,
        codeVerifier: pending.codeVerifier,
        nonce: pending.nonce,
        state: pending.state,
        ...(iss ? { iss } : {}),
      },
    }),
  );
  session.setOrganizationId(undefined);
  session.setTokens(tokens.token, tokens.refresh_token);
}

/** Where Logout sends the browser: the provider's end-session endpoint, back to /logout-callback. */
export function buildLogoutUrl(config: LoginConfig | undefined, language: string): string {
  if (!config?.endSessionEndpoint) return '/';
  const url = new URL(config.endSessionEndpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('post_logout_redirect_uri', config.postLogoutRedirectUri);
  url.searchParams.set('ui_locales', language);
  return url.toString();
}

/** The end-session URL the API answered (id_token_hint included), in the interface's language. */
export function withLanguage(endSessionUrl: string, language: string): string {
  const url = new URL(endSessionUrl);
  url.searchParams.set('ui_locales', language);
  return url.toString();
}

/**
 * Logout (spec sections 2 and 4): the session ends on the server first (its tokens stop
 * working everywhere), then the tokens, the selected organization and the cached data go here,
 * and the browser goes through the provider's end-session endpoint with the sign-in's ID token
 * as `id_token_hint` (so the provider does not ask again) to /logout-callback. When the API
 * cannot be reached, the provider's logout still runs (without the hint).
 */
export async function logout(queryClient: QueryClient, language: string): Promise<void> {
  let target: string | undefined;
  try {
    const { endSessionUrl } = await unwrap(api.POST('/api/Jwt/logout'));
    target = endSessionUrl ? withLanguage(endSessionUrl, language) : '/';
  } catch {
    try {
      target = buildLogoutUrl(await queryClient.fetchQuery(loginConfigQuery), language);
    } catch {
      target = '/'; // provider unreachable: at least leave the product
    }
  }
  session.clear();
  queryClient.clear();
  window.location.assign(target);
}
