import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../common/http/app-error.js';

/**
 * A fixed-window counter per key, in memory. Enough for per-IP sign-in limits (each replica
 * counts on its own, which only makes the limit proportionally looser). Kept in the code
 * base because @nestjs/throttler is CommonJS and cannot load the ESM-only Nest 12 inside Jest.
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

/** Sign-in attempts (token exchange, refresh) per IP and minute. */
export const SIGN_IN_LIMIT_PER_MINUTE = 60;

export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError(HttpStatus.TOO_MANY_REQUESTS, 'errors.too-many-requests', `Too many attempts; try again in ${retryAfterSeconds} s`);
}

/** Throttles the sign-in endpoints per client IP (Express `req.ip`, honouring trust proxy). */
@Injectable()
export class SignInThrottleGuard implements CanActivate {
  private readonly limiter = new FixedWindowLimiter(SIGN_IN_LIMIT_PER_MINUTE, 60_000);

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const wait = this.limiter.hit(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    if (wait > 0) {
      http.getResponse<Response>().setHeader('Retry-After', String(wait));
      throw tooManyRequests(wait);
    }
    return true;
  }
}
