import { SetMetadata } from '@nestjs/common';
import type { LimitClass } from './rate-limiter.service.js';

export const RATE_LIMIT_KEY = 'rate-limit';

/** Which rate limit a route counts against (every non-GET: `write`); `false` for a POST that only reads. */
export const RateLimit = (cls: LimitClass | false) => SetMetadata(RATE_LIMIT_KEY, cls);
