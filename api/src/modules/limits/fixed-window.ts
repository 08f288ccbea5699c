import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/http/app-error.js';

/**
 * A fixed-window counter per key, in memory: for the embedded development provider's sign-in
 * page (per IP). The product's own rate limits, shared by every replica, are in
 * modules/limits (RateLimiter, applied by the access guard). Kept in the code base because
 * @nestjs/throttler is CommonJS and cannot load the ESM-only Nest 12 inside Jest.
 */
export class FixedWindowLimiter {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one hit; answers the seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      if (!entry && this.hits.size >= this.maxKeys) this.sweep(now);
      this.hits.set(key, { start: now, count: 1 });
      return 0;
    }
    entry.count += 1;
    return entry.count <= this.limit ? 0 : Math.ceil((entry.start + this.windowMs - now) / 1000);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (now - entry.start >= this.windowMs) this.hits.delete(key);
    if (this.hits.size >= this.maxKeys) this.hits.clear();
  }
}

/** 429 errors.too-many-requests; the error filter sends `Retry-After` from `retryAfter`. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError(HttpStatus.TOO_MANY_REQUESTS, 'errors.too-many-requests', `Too many requests; try again in ${retryAfterSeconds} s`, {
    retryAfter: retryAfterSeconds,
  });
}
