/**
 * Test sessions without the browser: a user row (upserted by e-mail), a session of that user
 * (user_session, as a sign-in starts one) and the product's own access token naming it, signed
 * with the secret the product keeps in `<DATA_DIR>/jwt-secret` (HS256, iss = PUBLIC_URL, aud
 * 'impact-calls', typ 'access', sid), exactly as the API issues them. For API calls that set the scene (e.g. changing the configuration); flows that are
 * about signing in go through the sign-in page (pages/SignInPage.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { E2E } from './env';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  headers: Record<string, string>;
}

export async function userSession(email: string, { admin = false, firstName = 'Test', lastName = 'User' } = {}): Promise<TestUser> {
  const dataDir = E2E.dataDir;
  const databaseUrl = E2E.databaseUrl;
  if (!dataDir || !databaseUrl) throw new Error('userSession needs the product started by global-setup (E2E_DATA_DIR, E2E_DATABASE_URL)');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let id: string;
  let sid: string;
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject)
       VALUES ($1, $2, $3, $4, 'e2e', $1)
       ON CONFLICT (email) DO UPDATE SET roles = EXCLUDED.roles
       RETURNING id`,
      [email.toLowerCase(), firstName, lastName, admin ? ['admin'] : []],
    );
    id = rows[0].id;
    const session = await client.query<{ id: string }>(
      `INSERT INTO user_session (user_id, expires_at, refresh_hash, user_agent) VALUES ($1, now() + interval '30 days', md5(random()::text), 'e2e') RETURNING id`,
      [id],
    );
    sid = session.rows[0].id;
  } finally {
    await client.end();
  }
  const secret = new TextEncoder().encode(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim());
  const token = await new SignJWT({ typ: 'access', sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(id)
    .setIssuer(E2E.baseURL)
    .setAudience('impact-calls')
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime('1h')
    .sign(secret);
  return { id, email, token, headers: { Authorization: `Bearer ${token}` } };
}

/** admin@example.org is an administrator of the customizing domain in development. */
export function adminSession(): Promise<TestUser> {
  return userSession('admin@example.org', { admin: true, firstName: 'Ada', lastName: 'Admin' });
}
