import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/http/app-error.js';

const MAX_KEYS = 50_000;

/**
 * A fixed-window counter per key, in memory, for the embedded provider's sign-in page (per IP).
 * Not @nestjs/throttler: it is CommonJS and cannot load the ESM-only Nest 12 inside Jest.
 */
export class FixedWindowLimiter {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; answers the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = Date.now();
    const entry = this.hits.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      if (!entry && this.hits.size >= MAX_KEYS) this.sweep(now);
      this.hits.set(key, { start: now, count: 1 });
      return 0;
    }
    entry.count += 1;
    return entry.count <= this.limit ? 0 : Math.ceil((entry.start + this.windowMs - now) / 1000);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (now - entry.start >= this.windowMs) this.hits.delete(key);
    if (this.hits.size >= MAX_KEYS) this.hits.clear();
  }
}

/** 429 errors.too-many-requests; the error filter sends `Retry-After` from `retryAfter`. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError(HttpStatus.TOO_MANY_REQUESTS, 'errors.too-many-requests', `Too many requests; try again in ${retryAfterSeconds} s`, {
    retryAfter: retryAfterSeconds,
  });
}
