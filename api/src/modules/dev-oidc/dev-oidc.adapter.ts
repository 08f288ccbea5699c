import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';

/** Expired records are swept at most this often, by whichever replica writes next. */
const SWEEP_EVERY_MS = 60_000;

type Record = { model: string; id: string; payload: string; grantId: string | null; uid: string | null; userCode: string | null };
const upsert = statement('dev-oidc-upsert', (p: Record & { expiresIn: number | null }) =>
  db
    .insertInto('devOidcRecord')
    .values({
      model: p.model,
      id: p.id,
      payload: p.payload,
      grantId: p.grantId,
      uid: p.uid,
      userCode: p.userCode,
      expiresAt: sql<Date | null>`CASE WHEN ${p.expiresIn}::int IS NULL THEN NULL ELSE now() + make_interval(secs => ${p.expiresIn}::int) END`,
    })
    .onConflict((c) =>
      c.columns(['model', 'id']).doUpdateSet((eb) => ({
        payload: eb.ref('excluded.payload'),
        grantId: eb.ref('excluded.grantId'),
        uid: eb.ref('excluded.uid'),
        userCode: eb.ref('excluded.userCode'),
        expiresAt: eb.ref('excluded.expiresAt'),
      })),
    ),
);
const sweep = statement('dev-oidc-sweep', () => db.deleteFrom('devOidcRecord').where('expiresAt', '<=', sql<Date>`now()`));
const FIND_BY = { id: 'id', uid: 'uid', user_code: 'userCode' } as const;
const find = (by: keyof typeof FIND_BY) =>
  statement(`dev-oidc-find-${by}`, (p: { model: string; value: string }) =>
    db
      .selectFrom('devOidcRecord')
      .select((eb) => eb.ref('payload').$castTo<AdapterPayload>().as('payload'))
      .where('model', '=', p.model)
      .where(FIND_BY[by], '=', p.value)
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
      .limit(1),
  );
const finds = { id: find('id'), uid: find('uid'), user_code: find('user_code') };
const consume = statement('dev-oidc-consume', (p: { model: string; id: string }) =>
  db
    .updateTable('devOidcRecord')
    .set((eb) => ({ payload: sql`jsonb_set(${eb.ref('payload')}, '{consumed}', to_jsonb(extract(epoch FROM now())::bigint))` }))
    .where('model', '=', p.model)
    .where('id', '=', p.id),
);
const destroy = statement('dev-oidc-destroy', (p: { model: string; id: string }) =>
  db.deleteFrom('devOidcRecord').where('model', '=', p.model).where('id', '=', p.id),
);
const revoke = statement('dev-oidc-revoke', (p: { grantId: string }) => db.deleteFrom('devOidcRecord').where('grantId', '=', p.grantId));

/** The embedded provider's storage, shared by every replica: a sign-in may begin on one and end on another. */
@Injectable()
export class DevOidcRecords {
  private lastSweep = 0;

  constructor(private readonly sql: Sql) {}

  /** The adapter factory oidc-provider calls once per model (Session, Grant, AuthorizationCode...). */
  adapterFor = (model: string): Adapter => {
    const find = async (by: keyof typeof finds, value: string) => (await this.sql.run(finds[by], { model, value }))[0]?.payload;
    return {
      upsert: async (id, payload, expiresIn) => {
        const { grantId, uid, userCode } = payload;
        // The payload as JSON text: the driver would send an array as a PostgreSQL array.
        const json = JSON.stringify(payload);
        const nulls = { grantId: grantId ?? null, uid: uid ?? null, userCode: userCode ?? null, expiresIn: expiresIn ?? null };
        await this.sql.run(upsert, { model, id, payload: json, ...nulls });
        if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
          this.lastSweep = Date.now();
          await this.sql.run(sweep, {});
        }
      },
      find: (id) => find('id', id),
      findByUid: (uid) => find('uid', uid),
      findByUserCode: (userCode) => find('user_code', userCode),
      consume: (id) => this.sql.run(consume, { model, id }).then(() => undefined),
      destroy: (id) => this.sql.run(destroy, { model, id }).then(() => undefined),
      revokeByGrantId: (grantId) => this.sql.run(revoke, { grantId }).then(() => undefined),
    };
  };
}
