import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';
import { CALL_IS_OPEN } from '../calls/call-open.sql.js';

export interface CountsRow {
  openCalls: number;
  inProgress: number;
  submittedThisWeek: number;
  deadlinesComing: number;
  nextDeadlines: { id: string; name: string; closingAt: string }[];
}

/** The console home's figures, in one statement on the pool. */
@Injectable()
export class DashboardRepository {
  constructor(private readonly sql: Sql) {}

  async counts(now: Date, week: Date, horizon: Date): Promise<CountsRow> {
    const rows = await this.sql.rows<CountsRow>(
      'dashboard-counts',
      `WITH open_calls AS (SELECT id, name, closing_at FROM call WHERE ${CALL_IS_OPEN('', '$1')})
       SELECT (SELECT count(*) FROM open_calls)::int AS "openCalls",
              (SELECT count(*) FROM call_submission s JOIN open_calls c ON c.id = s.call_id WHERE NOT s.closed)::int AS "inProgress",
              (SELECT count(*) FROM call_submission s WHERE s.last_submitted_at >= $2 AND s.last_submitted_at <= $1)::int AS "submittedThisWeek",
              (SELECT count(*) FROM open_calls WHERE closing_at <= $3)::int AS "deadlinesComing",
              COALESCE((SELECT json_agg(json_build_object('id', d.id, 'name', d.name, 'closingAt', d.closing_at) ORDER BY d.closing_at, d.name)
                          FROM (SELECT * FROM open_calls WHERE closing_at <= $3 ORDER BY closing_at, name LIMIT 5) d), '[]'::json) AS "nextDeadlines"`,
      [now, week, horizon],
    );
    return rows[0];
  }
}
