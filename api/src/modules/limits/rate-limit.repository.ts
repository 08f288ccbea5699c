import { Injectable } from '@nestjs/common';
import { sql, type Expression } from 'kysely';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';

type Delta = { b: string; w: number; h: number };
const ms = (at: Expression<Date>) => sql<number>`round(extract(epoch FROM ${at}) * 1000)::float8`;
/** Adds a batch of local counts (window starts in milliseconds since the epoch) and answers the totals. */
const add = statement('rate-limit-add', (p: { [K in keyof Delta]: Delta[K][] }) =>
  db
    .insertInto('rateLimitCounter')
    .columns(['bucket', 'windowStart', 'hits'])
    .expression(
      db
        .selectFrom(sql<Delta>`unnest(${p.b}::text[], ${p.w}::float8[], ${p.h}::int[])`.as<'t'>(sql`t(b, w, h)`))
        .select((eb) => ['b', sql<Date>`to_timestamp(${eb.ref('w')} / 1000.0)`.as('w'), 'h']),
    )
    .onConflict((oc) =>
      oc.columns(['bucket', 'windowStart']).doUpdateSet((eb) => ({ hits: eb('rateLimitCounter.hits', '+', eb.ref('excluded.hits')) })),
    )
    .returning((eb) => ['bucket', ms(eb.ref('windowStart')).as('windowStart'), 'hits']),
);

const purge = statement('rate-limit-purge', (p: { before: Date }) => db.deleteFrom('rateLimitCounter').where('windowStart', '<', p.before));

type CounterDelta = typeof add.row;

@Injectable()
export class RateLimitRepository {
  constructor(private readonly sql: Sql) {}

  async add(deltas: CounterDelta[]): Promise<CounterDelta[]> {
    if (!deltas.length) return [];
    return this.sql.run(add, { b: deltas.map((d) => d.bucket), w: deltas.map((d) => d.windowStart), h: deltas.map((d) => d.hits) });
  }

  async purge(before: Date): Promise<void> {
    await this.sql.run(purge, { before });
  }
}
