import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Requests per limit key and fixed window, shared by every replica (RateLimiter). UNLOGGED: counters need no crash safety. */
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
