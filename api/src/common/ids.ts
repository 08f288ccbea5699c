export { EMPTY_ID, isEmptyId } from '@impact-calls/domain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Ids in lower case: the code compares them as strings too, so `ABC…` and `abc…` must never both reach it. */
export function canonicalId<T>(value: T): T {
  return (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : value) as T;
}
