import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SETTINGS, type RateBudget, type RateLimitSettings, type Settings } from '../../config/settings.js';
import { RateLimitRepository, type CounterDelta } from './rate-limit.repository.js';

export type LimitClass = keyof RateLimitSettings;

/** How often each replica adds its local counts to the shared table (and learns the others'). */
export const RECONCILE_MS = 1_000;
/** From this share of a limit on, each request of the key is counted in the shared table at once. */
export const EXACT_FROM = 0.5;
const PURGE_EVERY_MS = 60_000;

/** One fixed window of one key: what the shared table said, and what this replica added since. */
interface Window {
  start: number;
  /** The shared total, as last answered by the table (this replica's sent hits included). */
  shared: number;
  /** Hits counted here, not sent yet (negative: refused hits taken back). */
  pending: number;
  /** Hits on their way to the table. */
  sending: number;
}

interface Key {
  windowMs: number;
  current: Window;
  previous: Window | undefined;
}

const total = (w: Window | undefined) => (w ? w.shared + w.sending + w.pending : 0);

/**
 * Limits per user and per client address that hold across replicas, without a
 * database write per request on the hot path:
 *
 * - Each key (`write:u:<user>`, `write:ip:<address>`, ...) is counted in fixed windows and judged
 *   with the sliding-window estimate `previous × (1 − elapsed share) + current`.
 * - Counting is local; about once a second (RECONCILE_MS) each replica adds its counts to the
 *   shared table in one statement for all its keys, which answers the totals of every replica.
 * - A key at half its limit or more (EXACT_FROM) is counted in the table at once, one upsert per
 *   request, so near the limit every replica decides on the exact total.
 *
 * Bound (docs/decisions/hardening.md): a key never gets more than its limit from one replica; with
 * N replicas, the others can add at most what they accept in one reconcile interval below half
 * the limit, so the worst case is limit × (1 + (N − 1) / 2), and in practice the limit plus one
 * second of traffic. A refused request is not counted. While the database is unreachable the
 * limits hold per replica.
 */
@Injectable()
export class RateLimiter implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private readonly keys = new Map<string, Key>();
  private readonly limits: RateLimitSettings;
  private reconcileTimer: NodeJS.Timeout | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;
  private reconciling: Promise<void> | undefined;

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly counters: RateLimitRepository,
  ) {
    this.limits = settings.rateLimits;
  }

  onApplicationBootstrap(): void {
    this.reconcileTimer = setInterval(() => void this.reconcile(), RECONCILE_MS);
    this.reconcileTimer.unref();
    this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.reconcileTimer);
    clearInterval(this.purgeTimer);
    await this.reconcile();
  }

  /**
   * Counts one request of `cls` by `userId` (when signed in) from `address`; answers the seconds
   * to wait when a limit is reached (the request is then not counted), else 0.
   */
  async hit(cls: LimitClass, userId: string | undefined, address: string | undefined, now = Date.now()): Promise<number> {
    const budget = this.limits[cls];
    const checks: [string, number][] = [];
    if (userId && budget.perUser > 0) checks.push([`${cls}:u:${userId}`, budget.perUser]);
    if (address && budget.perIp > 0) checks.push([`${cls}:ip:${addressKey(address)}`, budget.perIp]);
    if (!checks.length) return 0;

    const windowMs = budget.windowSeconds * 1000;
    const counted: Key[] = [];
    let wait = 0;
    for (const [bucket, limit] of checks) {
      const key = this.key(bucket, windowMs, now);
      let estimate = this.estimate(key, now) + 1;
      if (estimate <= limit) {
        key.current.pending += 1;
        counted.push(key);
        if (estimate >= limit * EXACT_FROM) {
          await this.send(bucket, key);
          estimate = this.estimate(key, now);
        }
      }
      if (estimate > limit) {
        wait = Math.max(wait, retryAfterSeconds(key, limit, now));
        break;
      }
    }
    // Refused: nothing of this request counts (taken back with the next reconcile).
    if (wait > 0) for (const key of counted) key.current.pending -= 1;
    return wait;
  }

  private key(bucket: string, windowMs: number, now: number): Key {
    const start = now - (now % windowMs);
    let key = this.keys.get(bucket);
    if (!key) {
      key = { windowMs, current: { start, shared: 0, pending: 0, sending: 0 }, previous: undefined };
      this.keys.set(bucket, key);
    } else if (key.current.start < start) {
      key.previous = key.current.start === start - windowMs ? key.current : undefined;
      key.current = { start, shared: 0, pending: 0, sending: 0 };
    }
    return key;
  }

  private estimate(key: Key, now: number): number {
    const elapsed = (now - key.current.start) / key.windowMs;
    return total(key.previous) * (1 - elapsed) + total(key.current);
  }

  /** Sends one key's pending hits now and takes the shared total (the exact path near a limit). */
  private async send(bucket: string, key: Key): Promise<void> {
    const w = key.current;
    const hits = w.pending;
    w.pending = 0;
    w.sending += hits;
    try {
      const [row] = await this.counters.add([{ bucket, windowStart: w.start, hits }]);
      w.sending -= hits;
      if (row) w.shared = Math.max(w.shared, row.hits);
    } catch (e) {
      w.sending -= hits;
      w.pending += hits;
      this.logger.warn(`Rate limit counters unreachable (${String(e)}); limits hold per replica until they are back`);
    }
  }

  /** Adds every key's pending hits to the shared table in one statement, and takes the totals. */
  async reconcile(): Promise<void> {
    if (this.reconciling) return this.reconciling;
    this.reconciling = (async () => {
      const batch: { bucket: string; window: Window; hits: number }[] = [];
      for (const [bucket, key] of this.keys) {
        for (const window of [key.previous, key.current]) {
          if (window && window.pending !== 0) {
            batch.push({ bucket, window, hits: window.pending });
            window.sending += window.pending;
            window.pending = 0;
          }
        }
      }
      if (!batch.length) return;
      try {
        const rows = await this.counters.add(
          batch.map((b): CounterDelta => ({ bucket: b.bucket, windowStart: b.window.start, hits: b.hits })),
        );
        const totals = new Map(rows.map((r) => [`${r.bucket} ${r.windowStart}`, r.hits]));
        for (const b of batch) {
          b.window.sending -= b.hits;
          const shared = totals.get(`${b.bucket} ${b.window.start}`);
          if (shared !== undefined) b.window.shared = Math.max(b.window.shared, shared);
        }
      } catch (e) {
        for (const b of batch) {
          b.window.sending -= b.hits;
          b.window.pending += b.hits;
        }
        this.logger.warn(`Rate limit counters unreachable (${String(e)}); limits hold per replica until they are back`);
      }
    })().finally(() => {
      this.reconciling = undefined;
    });
    return this.reconciling;
  }

  /** Forgets keys with nothing to send whose windows are over, and old rows of the table. */
  private async purge(now = Date.now()): Promise<void> {
    let longest = 0;
    for (const budget of Object.values(this.limits) as RateBudget[]) longest = Math.max(longest, budget.windowSeconds * 1000);
    for (const [bucket, key] of this.keys) {
      const idle = now - key.current.start >= 2 * key.windowMs && key.current.pending === 0 && key.current.sending === 0;
      if (idle && (!key.previous || (key.previous.pending === 0 && key.previous.sending === 0))) this.keys.delete(bucket);
    }
    await this.counters.purge(new Date(now - 2 * longest)).catch(() => undefined);
  }
}

/** Seconds until one more request of the key fits: the current window's end, or when the previous one has faded enough. */
function retryAfterSeconds(key: Key, limit: number, now: number): number {
  const end = key.current.start + key.windowMs;
  const room = limit - 1 - total(key.current);
  const previous = total(key.previous);
  let at = end;
  if (room >= 0 && previous > 0) at = Math.min(end, key.current.start + key.windowMs * (1 - room / previous));
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * The address a limit counts by: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix
 * (one subscriber usually holds a whole /64, and could otherwise change addresses at will).
 */
export function addressKey(address: string): string {
  const ip = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (!ip.includes(':')) return ip;
  const [head, tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (g || '0').toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
