// Issue 3: GET /api/Organization/GetOrganizations for a user with 20 organizations, at 50
// connections (target: p99 under 50 ms), beside the bare baseline running the same query
// (authentication included in the product: token check + user read).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { accessToken, load } from '../lib.mjs';

export const name = 'organizations';

const LIST_SQL = `SELECT o.* FROM organization o
  JOIN organization_member m ON m.organization_id = o.id AND m.user_id = $1
  WHERE o.archived_at IS NULL ORDER BY lower(o.name), o.created_at`;

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const userId = randomUUID();
  await db.query(
    `INSERT INTO app_user (id, email, first_name, last_name, roles, issuer, subject) VALUES ($1::uuid, $2, 'Bench', 'User', '{}', 'bench', $1::text)`,
    [userId, `bench-${userId.slice(0, 8)}@bench.test`],
  );
  for (let i = 0; i < 20; i++) {
    const id = randomUUID();
    await db.query(
      `INSERT INTO organization (id, name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data, created_by_id)
       VALUES ($1, $2, 'IT0123456789', 'Via Roma 1', 'Milano', 'Italy', 'Ada', 'Lovelace', 'Director', 'ada@bench.test', true, $3)`,
      [id, `Organization ${String(i).padStart(2, '0')}`, userId],
    );
    await db.query(`INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, userId]);
  }
  await db.end();
  const token = await accessToken(product.jwtSecret(), product.url.replace('127.0.0.1', '127.0.0.1'), userId, databaseUrl);
  return { token, baselineRoutes: { '/api/Organization/GetOrganizations': { sql: LIST_SQL, params: [userId] } } };
}

export async function run({ product, baseline, token }) {
  const path = '/api/Organization/GetOrganizations';
  const p = await load(product.url + path, { headers: { authorization: `Bearer ${token}` } });
  const b = await load(baseline.url + path);
  return {
    [`GET ${path} (20 organizations)`]: { product: p, baseline: b, ratio: +(p.requestsPerSecond / b.requestsPerSecond).toFixed(2) },
  };
}
