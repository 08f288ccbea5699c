import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';

export interface CounterDelta {
  bucket: string;
  /** Window start, milliseconds since the epoch. */
  windowStart: number;
  hits: number;
}

/** The shared counters of the rate limits: one statement adds a batch of local counts and answers the totals. */
@Injectable()
export class RateLimitRepository {
  constructor(private readonly sql: Sql) {}

  async add(deltas: CounterDelta[]): Promise<CounterDelta[]> {
    if (!deltas.length) return [];
    return this.sql.rows<CounterDelta>(
      'rate-limit-add',
      `INSERT INTO rate_limit_counter (bucket, window_start, hits)
         SELECT b, to_timestamp(w / 1000.0), h FROM unnest($1::text[], $2::float8[], $3::int[]) AS t(b, w, h)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_counter.hits + EXCLUDED.hits
       RETURNING bucket, round(extract(epoch FROM window_start) * 1000)::float8 AS "windowStart", hits`,
      [deltas.map((d) => d.bucket), deltas.map((d) => d.windowStart), deltas.map((d) => d.hits)],
    );
  }

  async purge(before: Date): Promise<void> {
    await this.sql.rows('rate-limit-purge', 'DELETE FROM rate_limit_counter WHERE window_start < $1', [before]);
  }
}
