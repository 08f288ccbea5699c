import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Sql } from '../../database/sql.js';
import { countInt, db, statement } from '../../database/typed-sql.js';

/** The states of the e-mails not yet delivered, and of those that failed for good. */
export const UNSENT_STATES = ['queued', 'sending', 'retrying', 'failed'] as const;
const UNSENT = UNSENT_STATES.map((s) => sql.lit(s));
/** The e-mails in each of them (message_state_idx: no scan of sent ones). */
const byState = statement('metrics-messages', () =>
  db
    .selectFrom('message')
    .select(['state', countInt().as('count')])
    .where('state', 'in', UNSENT)
    .groupBy('state'),
);

/** The statements behind /api/metrics' queue gauges. */
@Injectable()
export class MetricsRepository {
  constructor(private readonly sql: Sql) {}

  messagesByState(): Promise<(typeof byState.row)[]> {
    return this.sql.run(byState, {});
  }
}
