/** The all-zeros UUID means "none" (e.g. a submission not started). */
export const EMPTY_ID = '00000000-0000-0000-0000-000000000000';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function isEmptyId(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === EMPTY_ID;
}

/**
 * Ids in one canonical form, lower case: PostgreSQL compares uuids in any case, but
 * the code compares them as strings too (cached membership, the organization of a submission),
 * so `ABC…` and `abc…` must never both reach it.
 */
export function canonicalId<T>(value: T): T {
  return (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : value) as T;
}
