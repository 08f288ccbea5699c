import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Requests counted per limit key and fixed window, shared by every replica. Each
 * replica counts in memory and adds its counts here about once a second, in one statement for all
 * its keys (rate-limiter.service.ts); rows older than two windows are purged. The table is
 * UNLOGGED (migration SessionsAndLimits): counters need no crash safety, and no WAL is written.
 */
@Entity('rate_limit_counter')
@Index('rate_limit_counter_window_idx', ['windowStart'])
export class RateLimitCounterEntity {
  /** `<class>:<u|ip>:<user id or address>`. */
  @PrimaryColumn({ type: 'varchar', length: 200 })
  bucket: string;

  @PrimaryColumn({ type: 'timestamptz' })
  windowStart: Date;

  @Column({ type: 'integer', default: 0 })
  hits: number;
}
