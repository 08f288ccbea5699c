/**
 * Issue 19: the token endpoint's client authentication, chosen from the provider's
 * `token_endpoint_auth_methods_supported` or set by OIDC_TOKEN_AUTH_METHOD. The API-level cases
 * run the whole code exchange against a stand-in provider on loopback (discovery, JWKS, token
 * endpoint: the documented OpenID Connect shapes) that records how the product authenticated and
 * refuses anything else, as a provider does. LemonLDAP::NG itself is driven in e2e/external-oidc.e2e.ts.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, jwtVerify, createLocalJWKSet, type JWK } from 'jose';
import { createTestApp } from './app.js';
import { chooseTokenAuthMethod, clientSecretBasic } from '../src/modules/auth/token-endpoint-auth.js';

const LEMONLDAP = ['client_secret_post', 'client_secret_basic'];
const KEYCLOAK = ['private_key_jwt', 'client_secret_basic', 'client_secret_post', 'tls_client_auth', 'client_secret_jwt'];
const ENTRA = ['client_secret_post', 'private_key_jwt', 'client_secret_basic'];
const OKTA = ['client_secret_basic', 'client_secret_post', 'client_secret_jwt', 'private_key_jwt', 'none'];
const key = { pem: 'unused', alg: 'RS256' as const, kid: undefined };

describe('choosing the token endpoint client authentication', () => {
  it.each([
    ['LemonLDAP::NG', LEMONLDAP, 'client_secret_post'],
    ['Keycloak', KEYCLOAK, 'client_secret_basic'],
    ['Entra ID', ENTRA, 'client_secret_post'],
    ['Okta', OKTA, 'client_secret_basic'],
    ['a provider without the list (OpenID default)', undefined, 'client_secret_basic'],
    ['a provider listing nothing the product has', ['tls_client_auth'], 'client_secret_basic'],
  ])('with a secret: %s -> %s', (_name, supported, method) => {
    expect(chooseTokenAuthMethod(supported, { clientSecret: 's', privateKey: undefined, override: undefined }).method).toBe(method);
  });

  it('uses a configured private key where the provider lists private_key_jwt first, a secret otherwise', () => {
    const both = { clientSecret: 's', privateKey: key, override: undefined };
    expect(chooseTokenAuthMethod(KEYCLOAK, both).method).toBe('private_key_jwt');
    expect(chooseTokenAuthMethod(LEMONLDAP, both).method).toBe('client_secret_post');
    expect(chooseTokenAuthMethod(LEMONLDAP, { ...both, clientSecret: undefined }).method).toBe('private_key_jwt');
  });

  it('is a public client (none) without a secret or key, and the setting always wins', () => {
    expect(chooseTokenAuthMethod(OKTA, { clientSecret: undefined, privateKey: undefined, override: undefined }).method).toBe('none');
    const forced = chooseTokenAuthMethod(LEMONLDAP, { clientSecret: 's', privateKey: undefined, override: 'client_secret_basic' });
    expect(forced).toEqual({ method: 'client_secret_basic', reason: 'OIDC_TOKEN_AUTH_METHOD' });
  });

  it('sends client_secret_basic form-urlencoded as browsers do: impact-calls stays impact-calls', () => {
    const header = (id: string, secret: string) => {
      const headers = new Headers();
      clientSecretBasic(secret)({ issuer: 'x' }, { client_id: id }, new URLSearchParams(), headers);
      return Buffer.from(headers.get('authorization')!.replace(/^Basic /, ''), 'base64').toString();
    };
    expect(header('impact-calls', 'impact-calls-secret')).toBe('impact-calls:impact-calls-secret');
    expect(header('a.b_c*d', 'x:y/z+w é')).toBe('a.b_c*d:x%3Ay%2Fz%2Bw+%C3%A9');
  });
});

/** What the stand-in's token endpoint saw of one request. */
interface Seen {
  authorization: string | undefined;
  body: URLSearchParams;
}

/** A provider on loopback: discovery (with the given methods), JWKS, and a token endpoint that checks the client. */
async function standInProvider(o: { methods: string[] | undefined; clientId: string; secret: string; clientKey?: JWK }) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const seen: Seen[] = [];
  let nonce = '';
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          ...(o.methods ? { token_endpoint_auth_methods_supported: o.methods } : {}),
        });
      }
      if (req.url === '/jwks') return json(200, { keys: [jwk] });
      if (req.url !== '/token' || req.method !== 'POST') return json(404, { error: 'not_found' });
      const body = new URLSearchParams(await read(req));
      const authorization = req.headers.authorization;
      seen.push({ authorization, body });
      // Exactly one client authentication, as RFC 6749 2.3 requires, checked like a provider that does not decode Basic values.
      const basic = authorization?.startsWith('Basic ') ? Buffer.from(authorization.slice(6), 'base64').toString() : undefined;
      let ok = false;
      if (basic !== undefined) ok = basic === `${o.clientId}:${o.secret}` && !body.has('client_secret');
      else if (body.has('client_secret')) ok = body.get('client_id') === o.clientId && body.get('client_secret') === o.secret;
      else if (body.get('client_assertion_type') === 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' && o.clientKey) {
        try {
          const { payload } = await jwtVerify(body.get('client_assertion')!, createLocalJWKSet({ keys: [o.clientKey] }), {
            issuer: o.clientId,
            subject: o.clientId,
          });
          ok = [issuer, `${issuer}/token`].some((a) => (Array.isArray(payload.aud) ? payload.aud.includes(a) : payload.aud === a));
        } catch {
          ok = false;
        }
      }
      if (!ok) return json(401, { error: 'invalid_client' });
      if (body.get('grant_type') !== 'authorization_code' || body.get('code') !== 'the-code' || !body.get('code_verifier'))
        return json(400, { error: 'invalid_grant' });
      const idToken = await new SignJWT({
        nonce,
        email: 'rose@badwolf.test',
        email_verified: true,
        given_name: 'Rose',
        family_name: 'Tyler',
        roles: [],
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(o.clientId)
        .setSubject('rtyler')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json(200, { access_token: 'opaque', token_type: 'Bearer', expires_in: 3600, id_token: idToken });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    setNonce: (n: string) => (nonce = n),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Signs in through the stand-in with the given product settings; answers the status and what the token endpoint saw. */
async function signIn(methods: string[] | undefined, env: Record<string, string>, clientKey?: JWK) {
  const clientId = env.OIDC_CLIENT_ID ?? 'impact-calls';
  const provider = await standInProvider({ methods, clientId, secret: env.OIDC_CLIENT_SECRET ?? '', clientKey });
  const app = await createTestApp({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: clientId, ...env });
  try {
    provider.setNonce('n-123');
    const res = await app.http.post('/api/Jwt/token-exchange').send({
      code: 'the-code',
      redirectUri: 'http://127.0.0.1:3000/login-callback',
      codeVerifier: 'v'.repeat(43),
      nonce: 'n-123',
    });
    return { status: res.status, body: res.body as Record<string, unknown>, seen: provider.seen };
  } finally {
    await app.close();
    await provider.close();
  }
}

describe('the code exchange authenticates as chosen', () => {
  const secret = { OIDC_CLIENT_SECRET: 'impact-calls-secret' };

  it('LemonLDAP::NG-like metadata: client_secret_post, credentials in the body only', async () => {
    const r = await signIn(LEMONLDAP, secret);
    expect(r.status).toBe(200);
    expect(r.body.token).toEqual(expect.any(String));
    expect(r.seen).toHaveLength(1);
    expect(r.seen[0].authorization).toBeUndefined();
    expect(r.seen[0].body.get('client_id')).toBe('impact-calls');
    expect(r.seen[0].body.get('client_secret')).toBe('impact-calls-secret');
  });

  it('basic listed first (or forced by OIDC_TOKEN_AUTH_METHOD): HTTP Basic with the raw id impact-calls, nothing in the body', async () => {
    for (const [methods, env] of [
      [OKTA, secret],
      [LEMONLDAP, { ...secret, OIDC_TOKEN_AUTH_METHOD: 'client_secret_basic' }],
    ] as const) {
      const r = await signIn(methods, env);
      expect(r.status).toBe(200);
      expect(r.seen[0].authorization).toBe(`Basic ${Buffer.from('impact-calls:impact-calls-secret').toString('base64')}`);
      expect(r.seen[0].body.has('client_secret')).toBe(false);
    }
  });

  it('private_key_jwt with OIDC_CLIENT_PRIVATE_KEY_FILE: a signed client assertion the provider verifies', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const dir = mkdtempSync(join(tmpdir(), 'ic-client-key-'));
    const file = join(dir, 'client.pem');
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    const clientKey = { ...(await exportJWK(publicKey)), kid: 'client-1', alg: 'ES256' };
    const r = await signIn(KEYCLOAK, { ...secret, OIDC_CLIENT_PRIVATE_KEY_FILE: file, OIDC_CLIENT_KEY_ID: 'client-1' }, clientKey);
    expect(r.status).toBe(200);
    expect(r.seen[0].authorization).toBeUndefined();
    expect(r.seen[0].body.has('client_secret')).toBe(false);
    expect(r.seen[0].body.get('client_assertion')).toEqual(expect.any(String));
  });

  it('a provider that refuses the client: 400 errors.sign-in-failed, never 5xx', async () => {
    const provider = await standInProvider({ methods: LEMONLDAP, clientId: 'impact-calls', secret: 'the-right-secret' });
    const app = await createTestApp({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'impact-calls', OIDC_CLIENT_SECRET: 'a-wrong-secret' });
    try {
      const res = await app.http
        .post('/api/Jwt/token-exchange')
        .send({ code: 'the-code', redirectUri: 'http://127.0.0.1:3000/login-callback', codeVerifier: 'v'.repeat(43), nonce: 'n' });
      expect(res.status).toBe(400);
      expect((res.body as { key: string }).key).toBe('errors.sign-in-failed');
      expect(provider.seen).toHaveLength(1);
    } finally {
      await app.close();
      await provider.close();
    }
  });
});
