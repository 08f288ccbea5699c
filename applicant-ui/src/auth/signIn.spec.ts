import { session } from '@impact-calls/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { fakeToken } from '../test/render';
import { buildAuthorizationUrl, buildLogoutUrl, completeSignIn, type LoginConfig } from './signIn';

const config: LoginConfig = {
  issuer: 'http://localhost:3000/oidc',
  authorizationEndpoint: 'http://localhost:3000/oidc/auth',
  endSessionEndpoint: 'http://localhost:3000/oidc/session/end',
  clientId: 'impact-calls',
  scope: 'openid email profile roles',
  redirectUri: 'http://localhost:3000/login-callback',
  postLogoutRedirectUri: 'http://localhost:3000/logout-callback',
  registerParams: { prompt: 'create' },
  embedded: true,
};

beforeEach(() => sessionStorage.clear());
vi.mock('../api/client', () => ({ api: { GET: vi.fn(), POST: vi.fn() } }));
afterEach(() => vi.clearAllMocks());
const post = vi.mocked(api.POST);

describe('the authorization request', () => {
  it('carries client id, code, the callback, the locale, state, nonce and an S256 challenge', async () => {
    const url = new URL(await buildAuthorizationUrl(config, 'login', 'fr'));
    expect(url.origin + url.pathname).toBe('http://localhost:3000/oidc/auth');
    const p = url.searchParams;
    expect(Object.fromEntries([...p].filter(([k]) => !['state', 'nonce', 'code_challenge'].includes(k)))).toEqual({
      client_id: 'impact-calls',
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/login-callback',
      scope: 'openid email profile roles',
      code_challenge_method: 'S256',
      ui_locales: 'fr',
    });
    expect(p.get('state')).toMatch(/^[\w-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(sessionStorage.getItem(`ic_sign_in:${p.get('state')}`)).toContain(p.get('nonce')!);
  });

  it('opens the provider registration for Register', async () => {
    const url = new URL(await buildAuthorizationUrl(config, 'register', 'it'));
    expect(url.searchParams.get('prompt')).toBe('create');
  });
});

describe('the callback', () => {
  it('exchanges the code with the verifier and nonce of its state, once, and keeps the tokens', async () => {
    const p = new URL(await buildAuthorizationUrl(config, 'login', 'it')).searchParams;
    const pending = JSON.parse(sessionStorage.getItem(`ic_sign_in:${p.get('state')}`)!) as { codeVerifier: string; nonce: string };
    session.setOrganizationId('00000000-0000-4000-8000-000000000001');
    const token = fakeToken(3600);
    post.mockResolvedValue({ data: { token, refresh_token: 'r' }, response: new Response(null, { status: 200 }) } as never);
    await completeSignIn(new URLSearchParams({ code: 'the-code', state: p.get('state')!, iss: config.issuer }));
    expect(post).toHaveBeenCalledTimes(1);
    const [path, init] = post.mock.calls[0] as unknown as [string, { body: unknown }];
    expect(path).toBe('/api/Jwt/token-exchange');
    expect(init.body).toEqual({
      code: 'the-code',
      redirectUri: config.redirectUri,
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
      state: p.get('state'),
      iss: config.issuer,
    });
    expect(session.getToken()).toBe(token);
    expect(session.getOrganizationId()).toBeUndefined();
    // Single use: the same state again is refused without calling the API.
    await expect(completeSignIn(new URLSearchParams({ code: 'the-code', state: p.get('state')! }))).rejects.toThrow(/state/);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('refuses a state it did not make', async () => {
    await expect(completeSignIn(new URLSearchParams({ code: 'c', state: 'forged' }))).rejects.toThrow(/state/);
    expect(post).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('goes through the provider end-session endpoint back to /logout-callback', () => {
    const url = new URL(buildLogoutUrl(config, 'en'));
    expect(url.origin + url.pathname).toBe('http://localhost:3000/oidc/session/end');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'impact-calls',
      post_logout_redirect_uri: 'http://localhost:3000/logout-callback',
      ui_locales: 'en',
    });
  });

  it('goes home when the provider has no end-session endpoint', () => {
    expect(buildLogoutUrl({ ...config, endSessionEndpoint: null }, 'en')).toBe('/');
    expect(buildLogoutUrl(undefined, 'en')).toBe('/');
  });
});
