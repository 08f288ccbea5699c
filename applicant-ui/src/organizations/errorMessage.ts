import { ApiError } from '@impact-calls/api-client';
import type { TFunction } from 'i18next';

/** The message of a failed call: the API's key translated when the catalogs know it, else `fallbackKey`. */
export function errorMessage(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiError) {
    const known = t(error.key, { defaultValue: '' });
    return known || t(fallbackKey);
  }
  return t(fallbackKey);
}
