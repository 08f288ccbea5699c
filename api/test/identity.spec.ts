import request from 'supertest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestApp } from './app.js';
import { browserSignIn, exchangeBody } from './identity-flow.js';
import { DEV_SIGN_IN_LIMIT } from '../src/modules/dev-oidc/dev-oidc.service.js';
import { rolesFromClaims } from '../src/modules/auth/oidc-client.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueEmail = (prefix = 'person') => `${t.factory.unique(prefix)}@applicant.test`;
const exchange = (body: Record<string, string>) => t.http.post('/api/Jwt/token-exchange').send(body);
const currentUser = (token: string) => t.http.get('/api/User').set('Authorization', `Bearer ${token}`).expect(200);

/** The authorization request of the applicant app, as a path on the test server. */
async function authorizePath(extra: Record<string, string> = {}): Promise<string> {
  const config = (await t.http.get('/api/Jwt/login-config').expect(200)).body as {
    authorizationEndpoint: string;
    clientId: string;
    redirectUri: string;
    scope: string;
  };
  const params = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: config.redirectUri,
    scope: config.scope,
    state: 'some-state',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...extra,
  });
  return `${new URL(config.authorizationEndpoint).pathname}?${params}`;
}

async function openSignInPage(extra: Record<string, string> = {}) {
  const agent = request.agent(t.app.getHttpServer());
  const auth = await agent.get(await authorizePath(extra)).expect(303);
  const page = await agent.get(auth.headers.location).expect(200);
  const action = /action="([^"]+\/login)"/.exec(page.text)![1];
  return { agent, page, action, abort: action.replace(/\/login$/, '/abort') };
}

describe('login configuration', () => {
  it('gives the app the embedded provider endpoints, client, scopes and callbacks', async () => {
    const res = await t.http.get('/api/Jwt/login-config').expect(200);
    expect(res.body).toEqual({
      issuer: 'http://127.0.0.1:3000/oidc',
      authorizationEndpoint: 'http://127.0.0.1:3000/oidc/auth',
      endSessionEndpoint: 'http://127.0.0.1:3000/oidc/session/end',
      clientId: 'impact-calls',
      scope: 'openid email profile roles',
      redirectUri: 'http://127.0.0.1:3000/login-callback',
      postLogoutRedirectUri: 'http://127.0.0.1:3000/logout-callback',
      registerParams: { prompt: 'create' },
      embedded: true,
    });
  });

  it('the provider discovery document requires S256 PKCE and names the roles claim', async () => {
    const res = await t.http.get('/oidc/.well-known/openid-configuration').expect(200);
    expect(res.body.issuer).toBe('http://127.0.0.1:3000/oidc');
    expect(res.body.code_challenge_methods_supported).toEqual(['S256']);
    expect(res.body.claims_supported).toEqual(expect.arrayContaining(['email', 'given_name', 'family_name', 'roles']));
    expect(res.body.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'roles']));
  });

  it('makes its discovery document and redirects from PUBLIC_URL, never from Host or X-Forwarded-Host', async () => {
    const res = await t.http
      .get('/oidc/.well-known/openid-configuration')
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https')
      .set('Forwarded', 'host=evil.example;proto=https')
      .expect(200);
    const urls = Object.entries(res.body as Record<string, unknown>).filter(([k, v]) => typeof v === 'string' && /(endpoint|uri)$/.test(k));
    expect(urls.length).toBeGreaterThan(3);
    for (const [, v] of urls) expect(v).toMatch(/^http:\/\/127\.0\.0\.1:3000\/oidc\//);
    expect(JSON.stringify(res.body)).not.toContain('evil.example');
  });

  it('answers cross-origin requests only for PUBLIC_URL’s origin (token endpoint, discovery)', async () => {
    const preflight = (origin: string) =>
      t.http
        .options('/oidc/token')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type');
    const evil = await preflight('https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const own = await preflight('http://127.0.0.1:3000');
    expect(own.status).toBe(204);
    expect(own.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    const token = await t.http
      .post('/oidc/token')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ grant_type: 'authorization_code', code: 'x' });
    expect(token.headers['access-control-allow-origin']).toBeUndefined();
    const discovery = await t.http.get('/oidc/.well-known/openid-configuration').set('Origin', 'https://evil.example').expect(200);
    expect(discovery.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('sign-in through the embedded provider', () => {
  it('registers an unknown e-mail on the spot and answers the product tokens (a 30-day session)', async () => {
    const email = uniqueEmail();
    const s = await browserSignIn(t, { email, firstName: 'Grace', lastName: 'Hopper' });
    expect(s.callback.get('state')).toBe(s.state);
    expect(s.callback.get('iss')).toBe('http://127.0.0.1:3000/oidc');
    const tokens = await exchange(exchangeBody(s)).expect(200);
    expect(tokens.body).toEqual({ token: expect.any(String), refresh_token: expect.any(String) });
    const claims = decodeJwt(tokens.body.token);
    expect(claims.exp! - claims.iat!).toBe(10 * 60);
    const refresh = decodeJwt(tokens.body.refresh_token);
    expect(Math.abs(refresh.exp! - refresh.iat! - 30 * 24 * 3600)).toBeLessThanOrEqual(2);
    const me = await currentUser(tokens.body.token);
    expect(me.body).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper', roles: [], isAdmin: false, canCustomize: false });
    const rows = await t.db.query('SELECT issuer, subject, last_login_at FROM app_user WHERE email = $1', [email]);
    expect(rows).toEqual([{ issuer: 'http://127.0.0.1:3000/oidc', subject: me.body.id, last_login_at: expect.any(Date) }]);
  });

  it('signs an existing user in as the same user, e-mail case-insensitively, names optional', async () => {
    const user = await t.factory.user({ firstName: 'Ada', lastName: 'Lovelace' });
    const s = await browserSignIn(t, { email: user.email.toUpperCase() });
    const tokens = await exchange(exchangeBody(s)).expect(200);
    const me = await currentUser(tokens.body.token);
    expect(me.body).toMatchObject({ id: user.id, email: user.email, firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('gives ADMIN_EMAILS the admin role through the roles claim', async () => {
    const s = await browserSignIn(t, { email: 'admin@example.org', firstName: 'Ada', lastName: 'Admin' });
    const tokens = await exchange(exchangeBody(s)).expect(200);
    const me = await currentUser(tokens.body.token);
    expect(me.body).toMatchObject({ email: 'admin@example.org', roles: ['admin'], isAdmin: true, canCustomize: true });
    await t.http.get('/api/admin/organizations').set('Authorization', `Bearer ${tokens.body.token}`).expect(200);
  });

  it('keeps the accounts in the database: a restarted server signs the same e-mail in as the same user', async () => {
    const email = uniqueEmail('restart');
    const first = await exchange(exchangeBody(await browserSignIn(t, { email, firstName: 'Rita', lastName: 'Levi' }))).expect(200);
    const again = await createTestApp();
    try {
      const s = await browserSignIn(again, { email });
      const tokens = await again.http.post('/api/Jwt/token-exchange').send(exchangeBody(s)).expect(200);
      expect(decodeJwt(tokens.body.token).sub).toBe(decodeJwt(first.body.token).sub);
    } finally {
      await again.close();
    }
  });

  it('opens the registration page for prompt=create', async () => {
    const { page } = await openSignInPage({ prompt: 'create', ui_locales: 'en' });
    expect(page.text).toContain('<h1 id="title">Create your account</h1>');
    const s = await browserSignIn(t, { email: uniqueEmail('register'), firstName: 'Rosalind', lastName: 'Franklin' }, { register: true });
    await exchange(exchangeBody(s)).expect(200);
  });

  it('measures the whole round trip (authorization, sign-in page, code exchange)', async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const s = await browserSignIn(t, { email: uniqueEmail('timing'), firstName: 'Tim', lastName: 'Ing' });
      await exchange(exchangeBody(s)).expect(200);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    // Recorded for the benchmark notes; generous bound so a busy machine does not fail the suite.
    process.stdout.write(
      `sign-in round trip through the embedded provider: median ${times[2].toFixed(0)} ms, max ${times[4].toFixed(0)} ms\n`,
    );
    expect(times[2]).toBeLessThan(2000);
  });
});

describe('the sign-in page', () => {
  it('is translated by ui_locales (it by default) and accessible', async () => {
    const en = (await openSignInPage({ ui_locales: 'en-GB fr' })).page;
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toMatch(/<label for="email">E-mail<\/label>\s*<input id="email" name="email" type="email"/);
    expect(en.text).toContain('<label for="firstName">First name');
    expect(en.text).toContain('<label for="lastName">Last name');
    expect(en.text).toContain('<button type="submit">Sign in</button>');
    const fr = (await openSignInPage({ ui_locales: 'fr' })).page;
    expect(fr.text).toContain('<html lang="fr">');
    expect(fr.text).toContain('<button type="submit">Se connecter</button>');
    const it = (await openSignInPage({ ui_locales: 'de' })).page;
    expect(it.text).toContain('<html lang="it">');
    expect(it.text).toContain('<button type="submit">Accedi</button>');
  });

  it('is served under the product CSP (form-action self) with no inline script', async () => {
    const { page } = await openSignInPage();
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('asks a new e-mail for a name, and refuses an invalid e-mail, keeping what was typed (escaped)', async () => {
    const { agent, action } = await openSignInPage({ ui_locales: 'en' });
    const noNames = await agent
      .post(action)
      .type('form')
      .send({ email: uniqueEmail('nameless'), firstName: '', lastName: '' })
      .expect(400);
    expect(noNames.text).toContain('role="alert"');
    expect(noNames.text).toContain('Enter your first and last name to create your account.');
    const bad = await agent
      .post(action)
      .type('form')
      .send({ email: '"><script>alert(1)</script>', firstName: 'X', lastName: 'Y' })
      .expect(400);
    expect(bad.text).toContain('Enter a valid e-mail address.');
    expect(bad.text).not.toContain('<script>alert(1)</script>');
    expect(bad.text).toContain('&#34;&#62;&#60;script&#62;');
    const long = await agent
      .post(action)
      .type('form')
      .send({ email: uniqueEmail(), firstName: 'x'.repeat(201), lastName: 'Y' })
      .expect(400);
    expect(long.text).toContain('A field is too long.');
  });

  it('cancel sends the browser back with error=access_denied', async () => {
    const { agent, abort } = await openSignInPage();
    const res = await agent.post(abort).type('form').send({}).expect(303);
    let location = res.headers.location as string;
    for (let i = 0; i < 3 && !location.includes('/login-callback'); i++)
      location = (await agent.get(new URL(location, 'http://x').pathname + new URL(location, 'http://x').search)).headers.location;
    expect(new URL(location).searchParams.get('error')).toBe('access_denied');
  });

  it('an expired or unknown interaction shows a translated message, not a stack trace', async () => {
    const res = await t.http.get('/oidc/interaction/unknown-uid').expect(400);
    expect(res.text).toContain('Questa pagina di accesso è scaduta');
  });

  it('limits sign-in attempts per address', async () => {
    const { agent, action } = await openSignInPage({ ui_locales: 'en' });
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < DEV_SIGN_IN_LIMIT; i++)
      await agent.post(action).set('X-Forwarded-For', ip).type('form').send({ email: 'bad' }).expect(400);
    const limited = await agent.post(action).set('X-Forwarded-For', ip).type('form').send({ email: 'bad' }).expect(429);
    expect(limited.text).toContain('Too many attempts');
  });
});

describe('the code exchange refuses', () => {
  it('a code used twice', async () => {
    const s = await browserSignIn(t, { email: uniqueEmail(), firstName: 'A', lastName: 'B' });
    await exchange(exchangeBody(s)).expect(200);
    const again = await exchange(exchangeBody(s)).expect(400);
    expect(again.body.key).toBe('errors.sign-in-failed');
  });

  it('a wrong PKCE verifier', async () => {
    const s = await browserSignIn(t, { email: uniqueEmail(), firstName: 'A', lastName: 'B' });
    const res = await exchange({ ...exchangeBody(s), codeVerifier: 'x'.repeat(43) }).expect(400);
    expect(res.body.key).toBe('errors.sign-in-failed');
  });

  it('a wrong or missing nonce', async () => {
    const s = await browserSignIn(t, { email: uniqueEmail(), firstName: 'A', lastName: 'B' });
    await exchange({ ...exchangeBody(s), nonce: 'another-nonce' }).expect(400);
    const s2 = await browserSignIn(t, { email: uniqueEmail(), firstName: 'A', lastName: 'B' });
    const { nonce: _n, ...withoutNonce } = exchangeBody(s2);
    await exchange(withoutNonce).expect(400);
  });

  it('another redirect URI', async () => {
    const s = await browserSignIn(t, { email: uniqueEmail(), firstName: 'A', lastName: 'B' });
    const res = await exchange({ ...exchangeBody(s), redirectUri: 'https://evil.example/login-callback' }).expect(400);
    expect(res.body.key).toBe('errors.redirect-uri-mismatch');
  });

  it('an invented code and malformed bodies', async () => {
    const res = await exchange({
      code: 'invented',
      redirectUri: 'http://127.0.0.1:3000/login-callback',
      codeVerifier: 'y'.repeat(43),
    }).expect(400);
    expect(res.body.key).toBe('errors.sign-in-failed');
    await exchange({ code: 'x', redirectUri: 'http://127.0.0.1:3000/login-callback', codeVerifier: 'short' }).expect(400);
    await exchange({ code: 'x', redirectUri: 'http://127.0.0.1:3000/login-callback', codeVerifier: `${'y'.repeat(43)} ` + '!' }).expect(
      400,
    );
    await t.http
      .post('/api/Jwt/token-exchange')
      .send({ code: 'x', redirectUri: 'y', codeVerifier: 'z'.repeat(43), admin: true })
      .expect(400);
  });
});

describe('the provider itself', () => {
  it('requires PKCE with S256', async () => {
    const agent = request.agent(t.app.getHttpServer());
    const cases: Record<string, string>[] = [{ code_challenge: '', code_challenge_method: '' }, { code_challenge_method: 'plain' }];
    for (const extra of cases) {
      const path = await authorizePath(extra);
      const url = new URL(path, 'http://x');
      for (const [k, v] of Object.entries(extra)) if (v === '') url.searchParams.delete(k);
      const res = await agent.get(url.pathname + url.search).expect(303);
      expect(new URL(res.headers.location).searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('refuses an unknown client and a redirect URI that is not the product’s', async () => {
    const path = await authorizePath();
    const url = new URL(path, 'http://x');
    url.searchParams.set('redirect_uri', 'https://evil.example/cb');
    const res = await t.http.get(url.pathname + url.search).expect(400);
    expect(res.text).toContain('redirect_uri');
    url.searchParams.set('client_id', 'someone-else');
    await t.http.get(url.pathname + url.search).expect(400);
  });

  it('logs out through the end-session endpoint back to /logout-callback', async () => {
    const email = uniqueEmail('logout');
    const agent = request.agent(t.app.getHttpServer());
    // Sign in with this agent so the provider has a session to end.
    const auth = await agent.get(await authorizePath()).expect(303);
    const page = await agent.get(auth.headers.location).expect(200);
    const action = /action="([^"]+\/login)"/.exec(page.text)![1];
    let res = await agent.post(action).type('form').send({ email, firstName: 'Lo', lastName: 'Gout' });
    while (res.status === 303 && !res.headers.location.includes('/login-callback'))
      res = await agent.get(new URL(res.headers.location).pathname + new URL(res.headers.location).search);
    const config = (await t.http.get('/api/Jwt/login-config')).body as {
      endSessionEndpoint: string;
      clientId: string;
      postLogoutRedirectUri: string;
    };
    const end = new URL(config.endSessionEndpoint);
    end.searchParams.set('client_id', config.clientId);
    end.searchParams.set('post_logout_redirect_uri', config.postLogoutRedirectUri);
    end.searchParams.set('ui_locales', 'en');
    const confirm = await agent.get(end.pathname + end.search).expect(200);
    expect(confirm.text).toContain('<script src="/oidc/assets/logout.js" defer></script>');
    expect(confirm.text).toContain('Signing you out');
    const form = /<form id="op.logoutForm" method="post" action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(
      confirm.text,
    )!;
    const done = await agent.post(new URL(form[1]).pathname).type('form').send({ xsrf: form[2], logout: 'yes' }).expect(303);
    expect(done.headers.location).toBe('http://127.0.0.1:3000/logout-callback');
    const script = await t.http.get('/oidc/assets/logout.js').expect(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    // The provider session is gone: the next authorization asks again.
    const next = await agent.get(await authorizePath()).expect(303);
    expect(next.headers.location).toMatch(/^\/oidc\/interaction\//);
  });

  it('keeps the session: a second Login while signed in at the provider needs no page', async () => {
    const agent = request.agent(t.app.getHttpServer());
    const auth = await agent.get(await authorizePath()).expect(303);
    const page = await agent.get(auth.headers.location).expect(200);
    const action = /action="([^"]+\/login)"/.exec(page.text)![1];
    let res = await agent
      .post(action)
      .type('form')
      .send({ email: uniqueEmail('sso'), firstName: 'S', lastName: 'O' });
    while (res.status === 303 && !res.headers.location.includes('/login-callback'))
      res = await agent.get(new URL(res.headers.location).pathname + new URL(res.headers.location).search);
    const second = await agent.get(await authorizePath()).expect(303);
    expect(second.headers.location).toContain('/login-callback?code=');
  });
});

describe('an external provider (OIDC_ISSUER set)', () => {
  it('does not mount the embedded provider, and reports an unreachable provider as 503', async () => {
    const external = await createTestApp({
      OIDC_ISSUER: 'http://127.0.0.1:9/realms/impact',
      OIDC_CLIENT_ID: 'impact-calls',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    try {
      await external.http.get('/oidc/.well-known/openid-configuration').expect(404);
      const res = await external.http.get('/api/Jwt/login-config').expect(503);
      expect(res.body.key).toBe('errors.identity-provider-unavailable');
      await external.http
        .post('/api/Jwt/token-exchange')
        .send({ code: 'c', redirectUri: 'http://127.0.0.1:3000/login-callback', codeVerifier: 'v'.repeat(43) })
        .expect(503);
    } finally {
      await external.close();
    }
  });

  it('reads roles from the roles claim (array or string) and Keycloak realm roles', () => {
    expect(rolesFromClaims({ roles: ['Admin', 'reviewer'] })).toEqual(['Admin', 'reviewer']);
    expect(rolesFromClaims({ roles: 'admin reviewer' })).toEqual(['admin', 'reviewer']);
    expect(rolesFromClaims({ realm_access: { roles: ['admin', 'offline_access'] } })).toEqual(['admin', 'offline_access']);
    expect(rolesFromClaims({ roles: [1, null, ''] })).toEqual([]);
  });
});
