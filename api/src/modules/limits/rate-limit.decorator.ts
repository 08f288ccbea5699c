import { SetMetadata } from '@nestjs/common';
import type { LimitClass } from './rate-limiter.service.js';

export const RATE_LIMIT_KEY = 'rate-limit';

/**
 * Which rate limit a route counts against. Every non-GET route counts as a `write` unless it
 * says otherwise; `false` for a POST that only reads (a lookup with a body).
 */
export const RateLimit = (cls: LimitClass | false) => SetMetadata(RATE_LIMIT_KEY, cls);
