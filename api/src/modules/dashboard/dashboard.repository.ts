import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { Sql } from '../../database/sql.js';
import { countInt, db, statement } from '../../database/typed-sql.js';
import { callPhaseIs } from '../calls/call-open.sql.js';
import { list } from './portfolio.sql.js';

/** The console home's figures: `now` the instant, `week` a week before, `horizon` a week after. */
const counts = statement('dashboard-counts', (p: { now: Date; week: Date; horizon: Date }) =>
  db
    .with('clock', (qb) => qb.selectNoFrom(sql<Date>`${p.now}::timestamptz`.as('t')))
    .with('openCalls', (qb) =>
      qb
        .selectFrom(['call', 'clock'])
        .select(['call.id', 'call.name', 'call.closingAt'])
        // The calls module's rule of an open call, at the instant asked.
        .where((eb) => callPhaseIs.open({ openingAt: eb.ref('call.openingAt'), closingAt: eb.ref('call.closingAt') }, eb.ref('clock.t'))),
    )
    .selectNoFrom((eb) => [
      eb.selectFrom('openCalls').select(countInt().as('n')).$asScalar().as('openCalls'),
      eb
        .selectFrom('callSubmission as s')
        .innerJoin('openCalls as c', 'c.id', 's.callId')
        .where('s.closed', '=', false)
        .select(countInt().as('n'))
        .$asScalar()
        .as('inProgress'),
      eb
        .selectFrom('callSubmission as s')
        .where('s.lastSubmittedAt', '>=', p.week)
        .where('s.lastSubmittedAt', '<=', p.now)
        .select(countInt().as('n'))
        .$asScalar()
        .as('submittedThisWeek'),
      eb.selectFrom('openCalls').where('closingAt', '<=', p.horizon).select(countInt().as('n')).$asScalar().as('deadlinesComing'),
      eb
        .selectFrom((sub) =>
          sub
            .selectFrom('openCalls')
            .select(['id', 'name', 'closingAt'])
            .where('closingAt', '<=', p.horizon)
            .orderBy('closingAt')
            .orderBy('name')
            .limit(5)
            .as('d'),
        )
        .select((d) =>
          list(
            d.fn
              .jsonAgg(jsonBuildObject({ id: d.ref('d.id'), name: d.ref('d.name'), closingAt: d.ref('d.closingAt') }))
              .orderBy('d.closingAt')
              .orderBy('d.name'),
          ).as('list'),
        )
        .$asScalar()
        .as('nextDeadlines'),
    ]),
);

export type CountsRow = typeof counts.row;

@Injectable()
export class DashboardRepository {
  constructor(private readonly sql: Sql) {}

  async counts(now: Date, week: Date, horizon: Date): Promise<CountsRow> {
    return (await this.sql.run(counts, { now, week, horizon }))[0];
  }
}
