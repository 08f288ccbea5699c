import { jest } from '@jest/globals';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { createHmac } from 'node:crypto';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './app.js';
import { TOKEN_AUDIENCE } from '../src/modules/auth/token.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = new TextEncoder().encode(TEST_JWT_SECRET);
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** The session of a factory user's token. */
const sidOf = (user: { token: string }) => decodeJwt(user.token).sid as string;

/** A token like the product's, with any change (`sid`: the session it names; none by default). */
function forge(
  sub: string,
  o: { typ?: string; exp?: number; iss?: string; aud?: string; roles?: string[]; secret?: Uint8Array; sid?: string; gen?: number } = {},
) {
  return new SignJWT({
    typ: o.typ ?? 'access',
    ...(o.roles ? { roles: o.roles } : {}),
    ...(o.sid ? { sid: o.sid } : {}),
    ...(o.gen !== undefined ? { gen: o.gen } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(o.iss ?? t.settings.publicUrl)
    .setAudience(o.aud ?? TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(o.exp ?? Math.floor(Date.now() / 1000) + 3600)
    .sign(o.secret ?? key);
}

const me = (token: string) => t.http.get('/api/User').set('Authorization', `Bearer ${token}`);

/**
 * A token signed by hand with the product's secret: any header and claims (jose refuses to sign
 * some of the headers tried here, such as an unknown `crit`).
 */
function handSigned(header: Record<string, unknown>, claims: Record<string, unknown>): string {
  const signingInput = `${b64(header)}.${b64(claims)}`;
  return `${signingInput}.${createHmac('sha256', TEST_JWT_SECRET).update(signingInput).digest('base64url')}`;
}

/** The claims of a valid access token (`typ: 'refresh'` and `gen` make a refresh token's). */
function claimsOf(user: { id: string; token: string }, more: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    typ: 'access',
    sid: sidOf(user),
    sub: user.id,
    iss: t.settings.publicUrl,
    aud: TOKEN_AUDIENCE,
    iat: now,
    exp: now + 600,
    ...more,
  };
}

describe('the product tokens', () => {
  it('an access token lives 10 minutes and names its session; the refresh token lives as long as the session (30 days)', async () => {
    const user = await t.factory.user();
    const claims = decodeJwt(user.token);
    expect(claims.exp! - claims.iat!).toBe(10 * 60);
    expect(claims).toMatchObject({ sub: user.id, iss: t.settings.publicUrl, aud: TOKEN_AUDIENCE, typ: 'access', sid: expect.any(String) });
    const refresh = decodeJwt(user.refreshToken);
    expect(refresh).toMatchObject({ typ: 'refresh', sub: user.id, sid: claims.sid, gen: 0 });
    expect(refresh.exp! - refresh.iat!).toBeGreaterThanOrEqual(30 * 24 * 3600 - 5);
    expect(refresh.exp! - refresh.iat!).toBeLessThanOrEqual(30 * 24 * 3600);
    await me(user.token).expect(200);
  });

  it('refuses a well-signed access token without a session, or of a session that is not its user’s', async () => {
    const user = await t.factory.user();
    const other = await t.factory.user();
    await me(await forge(user.id)).expect(401); // the 30-day tokens issued before sessions existed
    await me(await forge(user.id, { sid: sidOf(other) })).expect(401);
    await me(await forge(user.id, { sid: '00000000-0000-4000-8000-000000000000' })).expect(401);
    await me(await forge(user.id, { sid: sidOf(user) })).expect(200);
  });

  it('refuses a missing or malformed token', async () => {
    await t.http.get('/api/User').expect(401);
    const res = await me('not.a.token').expect(401);
    expect(res.body.key).toBe('errors.unauthorized');
    await t.http.get('/api/User').set('Authorization', 'Basic abc').expect(401);
  });

  it('refuses an expired token', async () => {
    const user = await t.factory.user();
    await me(await forge(user.id, { exp: Math.floor(Date.now() / 1000) - 5 })).expect(401);
  });

  it('refuses a token once it expires, also one accepted before', async () => {
    const user = await t.factory.user();
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await forge(user.id, { exp, sid: sidOf(user) });
    await me(token).expect(200);
    await me(token).expect(200); // verified once, then remembered
    const later = jest.spyOn(Date, 'now').mockReturnValue((exp + 1) * 1000);
    try {
      expect((await me(token).expect(401)).body.key).toBe('errors.unauthorized');
    } finally {
      later.mockRestore();
    }
    await me(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')).expect(401); // a remembered token's twin with another signature
  });

  it('refuses a token signed with another secret', async () => {
    const user = await t.factory.user();
    await me(await forge(user.id, { secret: new TextEncoder().encode('another-secret-that-is-long-enough-0123456789') })).expect(401);
  });

  it('refuses alg none', async () => {
    const user = await t.factory.user();
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, typ: 'access', iss: t.settings.publicUrl, aud: TOKEN_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    await me(unsigned).expect(401);
  });

  it('refuses RS256 with an embedded jwk, and HS256 signed with a public key (algorithm confusion)', async () => {
    const user = await t.factory.user();
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    const payload = { typ: 'access', sub: user.id, iss: t.settings.publicUrl, aud: TOKEN_AUDIENCE };
    const embedded = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', jwk }).setExpirationTime('1h').sign(privateKey);
    await me(embedded).expect(401);
    const jku = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', jku: 'http://127.0.0.1:1/jwks.json' })
      .setExpirationTime('1h')
      .sign(privateKey);
    await me(jku).expect(401);
    const confused = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JSON.stringify(jwk)));
    await me(confused).expect(401);
  });

  it('refuses a token issued in the future beyond the clock skew (60 seconds), access or refresh', async () => {
    const user = await t.factory.user();
    const now = Math.floor(Date.now() / 1000);
    const header = { alg: 'HS256', typ: 'JWT' };
    await me(handSigned(header, claimsOf(user, { iat: now + 30 }))).expect(200); // another server's clock a little ahead
    await me(handSigned(header, claimsOf(user, { iat: now + 120 }))).expect(401);
    await me(handSigned(header, claimsOf(user, { iat: now + 3600, exp: now + 7200 }))).expect(401);
    const refreshClaims = claimsOf(user, { typ: 'refresh', gen: 0, iat: now + 120, exp: now + 3600 });
    const refused = await t.http
      .post('/api/Jwt/refresh')
      .send({ refresh_token: handSigned(header, refreshClaims) })
      .expect(401);
    expect(refused.body.key).toBe('errors.invalid-token');
    // A token without iat is not one the product issued.
    const { iat: _iat, ...noIat } = claimsOf(user);
    await me(handSigned(header, noIat)).expect(401);
    await me(handSigned(header, claimsOf(user))).expect(200);
  });

  it.each([
    ['jku', { jku: 'http://127.0.0.1:1/jwks.json' }],
    ['jwk', { jwk: { kty: 'oct', k: Buffer.from(TEST_JWT_SECRET).toString('base64url') } }],
    ['x5u', { x5u: 'http://127.0.0.1:1/cert.pem' }],
    ['x5c', { x5c: ['MIIBszCCAVmgAwIBAgIUQ2'] }],
    ['x5t', { x5t: 'dGh1bWJwcmludA' }],
    ['kid', { kid: '../../dev/null' }],
    ['crit', { crit: ['exp'] }],
    ['crit (a parameter of its own)', { crit: ['urn:example:policy'], 'urn:example:policy': 'accept' }],
  ])('refuses a token with a %s header even when signed with the product’s secret', async (_name, extra) => {
    const user = await t.factory.user();
    const header = { alg: 'HS256', typ: 'JWT' };
    await me(handSigned(header, claimsOf(user))).expect(200); // the same token without it passes
    await me(handSigned({ ...header, ...extra }, claimsOf(user))).expect(401);
    const refreshClaims = claimsOf(user, { typ: 'refresh', gen: 0, exp: Math.floor(Date.now() / 1000) + 3600 });
    await t.http
      .post('/api/Jwt/refresh')
      .send({ refresh_token: handSigned({ ...header, ...extra }, refreshClaims) })
      .expect(401);
    // Refused before the session is looked at: the session goes on.
    await me(user.token).expect(200);
  });

  it('refuses HMAC algorithms other than HS256, signed with the product’s secret', async () => {
    const user = await t.factory.user();
    for (const [alg, hash] of [
      ['HS384', 'sha384'],
      ['HS512', 'sha512'],
    ]) {
      const signingInput = `${b64({ alg, typ: 'JWT' })}.${b64(claimsOf(user))}`;
      const token = `${signingInput}.${createHmac(hash, TEST_JWT_SECRET).update(signingInput).digest('base64url')}`;
      await me(token).expect(401);
    }
  });

  it('refuses a token for another issuer or audience', async () => {
    const user = await t.factory.user();
    await me(await forge(user.id, { iss: 'https://evil.example' })).expect(401);
    await me(await forge(user.id, { aud: 'someone-else' })).expect(401);
  });

  it('never trusts roles in a token: a tampered roles claim gives no admin access', async () => {
    const user = await t.factory.user();
    const withRoles = await forge(user.id, { roles: ['admin'], sid: sidOf(user) });
    const res = await me(withRoles).expect(200);
    expect(res.body).toMatchObject({ roles: [], isAdmin: false });
    await t.http.get('/api/admin/organizations').set('Authorization', `Bearer ${withRoles}`).expect(403);
    // Editing the payload of a real token breaks its signature.
    const [h, , s] = user.token.split('.');
    const tampered = `${h}.${b64({ ...decodeJwt(user.token), roles: ['admin'] })}.${s}`;
    await me(tampered).expect(401);
  });

  it('refuses a refresh token used as an access token, and an access token used to refresh', async () => {
    const user = await t.factory.user();
    await me(user.refreshToken).expect(401);
    const res = await t.http.post('/api/Jwt/refresh').send({ refresh_token: user.token }).expect(401);
    expect(res.body.key).toBe('errors.invalid-token');
  });

  it('refresh answers new working tokens', async () => {
    const user = await t.factory.user();
    const res = await t.http.post('/api/Jwt/refresh').send({ refresh_token: user.refreshToken }).expect(200);
    expect(res.body).toEqual({ token: expect.any(String), refresh_token: expect.any(String) });
    expect(decodeJwt(res.body.refresh_token)).toMatchObject({ typ: 'refresh', sub: user.id, sid: sidOf(user), gen: 1 });
    const who = await me(res.body.token).expect(200);
    expect(who.body.id).toBe(user.id);
  });

  it('refuses an expired or forged refresh token, and one of a deleted user', async () => {
    const user = await t.factory.user();
    await t.http
      .post('/api/Jwt/refresh')
      .send({ refresh_token: await forge(user.id, { typ: 'refresh', sid: sidOf(user), gen: 0, exp: Math.floor(Date.now() / 1000) - 1 }) })
      .expect(401);
    await t.http
      .post('/api/Jwt/refresh')
      .send({
        refresh_token: await forge(user.id, { typ: 'refresh', sid: sidOf(user), gen: 0, secret: new TextEncoder().encode('x'.repeat(48)) }),
      })
      .expect(401);
    await t.http.post('/api/Jwt/refresh').send({}).expect(400);
    const gone = await t.factory.user();
    await t.db.query('DELETE FROM app_user WHERE id = $1', [gone.id]);
    await t.http.post('/api/Jwt/refresh').send({ refresh_token: gone.refreshToken }).expect(401);
    await me(gone.token).expect(401);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After after too many sign-in attempts from one address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGN_INS_PER_IP_PER_MINUTE: '20' });
    try {
      const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
      // trust proxy is loopback: the tests' X-Forwarded-For names the client.
      const attempt = () => limited.http.post('/api/Jwt/refresh').set('X-Forwarded-For', ip).send({ refresh_token: 'x' });
      for (let i = 0; i < 20; i++) expect((await attempt()).status).toBe(401);
      const refused = await attempt().expect(429);
      expect(refused.body.key).toBe('errors.too-many-requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      await limited.http.post('/api/Jwt/refresh').set('X-Forwarded-For', '198.51.100.7').send({ refresh_token: 'x' }).expect(401);
    } finally {
      await limited.close();
    }
  });
});
