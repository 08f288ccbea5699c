import { badRequest } from './app-error.js';
import { isUuid } from '../ids.js';

/** Reads a list's `filter` one key at a time (400 errors.list-query naming a malformed one); empty strings are absent. */
export function listFilter(f: Record<string, unknown>) {
  const str = (k: string) => (typeof f[k] === 'string' && f[k] !== '' ? (f[k] as string) : undefined);
  return {
    str,
    /** A search text, cut to 200 characters. */
    q: (k = 'q') => str(k)?.slice(0, 200),
    uuid(k: string): string | undefined {
      const v = str(k);
      if (v !== undefined && !isUuid(v)) throw badRequest('errors.list-query', `${k} must be a UUID`);
      return v;
    },
    /** A date or date-time; without a zone, UTC. */
    date(k: string): Date | undefined {
      const v = str(k);
      if (v === undefined) return undefined;
      const d = new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(v) || v.length === 10 ? v : `${v}Z`);
      if (Number.isNaN(d.getTime())) throw badRequest('errors.list-query', `${k} must be a date`);
      return d;
    },
    /** A number from min to max (a string or a number in the filter). */
    number(k: string, min: number, max: number): number | undefined {
      const v = f[k];
      if (v === undefined || v === null || v === '') return undefined;
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
      if (!Number.isFinite(n) || n < min || n > max) throw badRequest('errors.list-query', `${k} must be a number from ${min} to ${max}`);
      return n;
    },
    /** A whole number from min to max. */
    integer(k: string, min: number, max: number): number | undefined {
      const n = this.number(k, min, max);
      if (n !== undefined && !Number.isInteger(n))
        throw badRequest('errors.list-query', `${k} must be a whole number from ${min} to ${max}`);
      return n;
    },
    oneOf<T extends string>(k: string, values: readonly T[], message: string): T | undefined {
      const v = str(k);
      if (v !== undefined && !(values as readonly string[]).includes(v)) throw badRequest('errors.list-query', message);
      return v as T | undefined;
    },
  };
}
