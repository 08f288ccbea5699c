import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from './app.js';

const b64url = (buf: Buffer) => buf.toString('base64url');

export interface BrowserSignIn {
  /** Query parameters the provider sent to /login-callback. */
  callback: URLSearchParams;
  codeVerifier: string;
  nonce: string;
  state: string;
  redirectUri: string;
  /** Milliseconds from the authorization request to the callback. */
  elapsedMs: number;
}

const pathOf = (location: string) => {
  const u = new URL(location, 'http://placeholder');
  return u.pathname + u.search;
};

/**
 * What the applicant app and the browser do: read the login config, send the browser to
 * the embedded provider with state, nonce and a PKCE challenge (S256), fill the sign-in
 * page, and follow the redirects to /login-callback.
 */
export async function browserSignIn(
  t: TestApp | string,
  person: { email: string; firstName?: string; lastName?: string },
  o: { register?: boolean; uiLocales?: string; challengeMethod?: string; omitChallenge?: boolean } = {},
): Promise<BrowserSignIn> {
  // A test application, or the base URL of running replicas (behind a load balancer).
  const http = typeof t === 'string' ? request(t) : t.http;
  const config = (await http.get('/api/Jwt/login-config').expect(200)).body as {
    authorizationEndpoint: string;
    clientId: string;
    scope: string;
    redirectUri: string;
    registerParams: Record<string, string>;
  };
  const codeVerifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(16));
  const nonce = b64url(randomBytes(16));
  const params = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: config.redirectUri,
    scope: config.scope,
    state,
    nonce,
    ui_locales: o.uiLocales ?? 'en',
    ...(o.omitChallenge
      ? {}
      : { code_challenge: b64url(createHash('sha256').update(codeVerifier).digest()), code_challenge_method: o.challengeMethod ?? 'S256' }),
    ...(o.register ? config.registerParams : {}),
  });
  const agent = typeof t === 'string' ? request.agent(t) : request.agent(t.app.getHttpServer());
  const started = performance.now();
  let res = await agent.get(`${new URL(config.authorizationEndpoint).pathname}?${params}`);
  if (res.status !== 303 && res.status !== 302) throw new Error(`authorization answered ${res.status}: ${res.text.slice(0, 300)}`);
  res = await agent.get(pathOf(res.headers.location));
  if (res.status !== 200) throw new Error(`interaction page answered ${res.status}`);
  const action = /<form method="post" action="([^"]+\/login)"/.exec(res.text)?.[1];
  if (!action) throw new Error('no sign-in form');
  res = await agent
    .post(action.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))))
    .type('form')
    .send({ email: person.email, firstName: person.firstName ?? '', lastName: person.lastName ?? '' });
  for (let hops = 0; hops < 5 && (res.status === 302 || res.status === 303) && !res.headers.location.includes('/login-callback'); hops++) {
    res = await agent.get(pathOf(res.headers.location));
  }
  if (!res.headers.location?.includes('/login-callback')) throw new Error(`no callback: ${res.status} ${res.text.slice(0, 300)}`);
  const callback = new URL(res.headers.location).searchParams;
  return { callback, codeVerifier, nonce, state, redirectUri: config.redirectUri, elapsedMs: performance.now() - started };
}

/** The body the applicant app posts to /api/Jwt/token-exchange. */
export function exchangeBody(s: BrowserSignIn): Record<string, string> {
  return {
    code: s.callback.get('code') ?? '',
    redirectUri: s.redirectUri,
    codeVerifier: s.codeVerifier,
    nonce: s.nonce,
    state: s.callback.get('state') ?? '',
    ...(s.callback.get('iss') ? { iss: s.callback.get('iss')! } : {}),
  };
}
