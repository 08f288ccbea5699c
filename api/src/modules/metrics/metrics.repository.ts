import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';

/** The statements behind /api/metrics' queue gauges. */
@Injectable()
export class MetricsRepository {
  constructor(private readonly sql: Sql) {}

  /** E-mails not yet delivered, and those that failed for good, by state (message_state_idx: no scan of sent ones). */
  async messagesByState(): Promise<{ state: string; count: number }[]> {
    return this.sql.rows<{ state: string; count: number }>(
      'metrics-messages',
      `SELECT state, count(*)::int AS count FROM message WHERE state IN ('queued', 'sending', 'retrying', 'failed') GROUP BY state`,
      [],
    );
  }
}
