import { Injectable } from '@nestjs/common';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { Sql } from '../../database/sql.js';

/** Expired records are swept at most this often, by whichever replica writes next. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The embedded provider's storage (interactions, sessions, grants, codes): the table
 * `dev_oidc_record`, shared by every replica, so a sign-in may begin on one and end on another
 * (issue 19). Accounts are not here: they are app_user rows.
 */
@Injectable()
export class DevOidcRecords {
  private lastSweep = 0;

  constructor(private readonly sql: Sql) {}

  /** The adapter factory oidc-provider calls once per model (Session, Grant, AuthorizationCode...). */
  adapterFor = (model: string): Adapter => new DevOidcAdapter(model, this);

  async upsert(model: string, id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.sql.rows(
      'dev-oidc-upsert',
      `INSERT INTO dev_oidc_record (model, id, payload, grant_id, uid, user_code, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
         user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
      [model, id, payload, payload.grantId ?? null, payload.uid ?? null, payload.userCode ?? null, expiresIn ?? null],
    );
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await this.sql.rows('dev-oidc-sweep', 'DELETE FROM dev_oidc_record WHERE expires_at <= now()', []);
    }
  }

  async find(model: string, by: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const rows = await this.sql.rows<{ payload: AdapterPayload }>(
      `dev-oidc-find-${by}`,
      `SELECT payload FROM dev_oidc_record WHERE model = $1 AND ${by} = $2 AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`,
      [model, value],
    );
    return rows[0]?.payload;
  }

  async consume(model: string, id: string): Promise<void> {
    await this.sql.rows(
      'dev-oidc-consume',
      `UPDATE dev_oidc_record SET payload = jsonb_set(payload, '{consumed}', to_jsonb(extract(epoch FROM now())::bigint)) WHERE model = $1 AND id = $2`,
      [model, id],
    );
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.sql.rows('dev-oidc-destroy', 'DELETE FROM dev_oidc_record WHERE model = $1 AND id = $2', [model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.sql.rows('dev-oidc-revoke', 'DELETE FROM dev_oidc_record WHERE grant_id = $1', [grantId]);
  }
}

class DevOidcAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly records: DevOidcRecords,
  ) {}

  upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    return this.records.upsert(this.model, id, payload, expiresIn);
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.records.find(this.model, 'id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.records.find(this.model, 'uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.records.find(this.model, 'user_code', userCode);
  }

  consume(id: string): Promise<void> {
    return this.records.consume(this.model, id);
  }

  destroy(id: string): Promise<void> {
    return this.records.destroy(this.model, id);
  }

  revokeByGrantId(grantId: string): Promise<void> {
    return this.records.revokeByGrantId(grantId);
  }
}
