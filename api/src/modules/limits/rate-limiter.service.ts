import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SETTINGS, type RateBudget, type RateLimitSettings, type Settings } from '../../config/settings.js';
import { RateLimitRepository } from './rate-limit.repository.js';

export type LimitClass = keyof RateLimitSettings;

/** How often each replica adds its local counts to the shared table (and learns the others'). */
const RECONCILE_MS = 1_000;
/** From this share of a limit on, each request of the key is counted in the shared table at once. */
const EXACT_FROM = 0.5;
const PURGE_EVERY_MS = 60_000;

/**
 * One fixed window of one key: the shared total last read (this replica's sent hits included),
 * hits not sent yet (negative: refused ones taken back) and hits on their way.
 */
type Window = { start: number; shared: number; pending: number; sending: number };
type Key = { windowMs: number; current: Window; previous: Window | undefined };

const total = (w: Window | undefined) => (w ? w.shared + w.sending + w.pending : 0);

/**
 * Limits per user and per address across replicas without a database write per request: keys are
 * counted locally (sliding-window estimate over fixed windows) and added to the shared table every
 * RECONCILE_MS, or at once from EXACT_FROM of the limit on (docs/decisions/hardening.md).
 */
@Injectable()
export class RateLimiter implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private readonly keys = new Map<string, Key>();
  private reconcileTimer: NodeJS.Timeout | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;
  private reconciling: Promise<void> | undefined;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly counters: RateLimitRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.reconcileTimer = setInterval(() => void this.reconcile(), RECONCILE_MS).unref();
    this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.reconcileTimer);
    clearInterval(this.purgeTimer);
    await this.reconcile();
  }

  /** Counts one request; answers the seconds to wait when a limit is reached (the request is then not counted), else 0. */
  async hit(cls: LimitClass, userId: string | undefined, address: string | undefined): Promise<number> {
    const now = Date.now();
    const budget = this.settings.rateLimits[cls];
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
          await this.add([{ bucket, window: key.current }]);
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

  async reconcile(): Promise<void> {
    if (this.reconciling) return this.reconciling;
    const batch: { bucket: string; window: Window }[] = [];
    for (const [bucket, key] of this.keys) {
      for (const window of [key.previous, key.current]) if (window && window.pending !== 0) batch.push({ bucket, window });
    }
    this.reconciling = this.add(batch).finally(() => {
      this.reconciling = undefined;
    });
    return this.reconciling;
  }

  /** Sends the windows' pending hits in one statement and takes their shared totals; on failure they stay pending. */
  private async add(windows: { bucket: string; window: Window }[]): Promise<void> {
    const batch = windows.map(({ bucket, window }) => ({ bucket, window, hits: window.pending }));
    if (!batch.length) return;
    for (const b of batch) {
      b.window.sending += b.hits;
      b.window.pending = 0;
    }
    try {
      const rows = await this.counters.add(batch.map((b) => ({ bucket: b.bucket, windowStart: b.window.start, hits: b.hits })));
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
  }

  /** Forgets keys with nothing to send whose windows are over, and old rows of the table. */
  private async purge(): Promise<void> {
    const now = Date.now();
    const longest = Math.max(...(Object.values(this.settings.rateLimits) as RateBudget[]).map((b) => b.windowSeconds * 1000));
    const idle = (w: Window | undefined) => !w || (w.pending === 0 && w.sending === 0);
    for (const [bucket, key] of this.keys) {
      if (now - key.current.start >= 2 * key.windowMs && idle(key.current) && idle(key.previous)) this.keys.delete(bucket);
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

/** The address a limit counts by: IPv4 as is, IPv6 by its /64 prefix (a subscriber usually holds a whole /64). */
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
