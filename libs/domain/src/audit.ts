/**
 * The audit trail's diff: what a write changed, as before/after pairs of the changed fields only.
 * Pure, shared by the API (which stores it) and the console (which shows it).
 */

/** One changed field, by its path (`name`, `colors.primary`, `steps[2].name`). */
export interface AuditChange {
  path: string;
  kind: 'changed' | 'added' | 'removed';
  /** Absent when added, or when the value is long text (then `beforeLength` says its length). */
  before?: unknown;
  /** Absent when removed, or when the value is long text (then `afterLength` says its length). */
  after?: unknown;
  beforeLength?: number;
  afterLength?: number;
}

export interface AuditDiff {
  changes: AuditChange[];
  /** How many more changes there were beyond `maxChanges`. */
  more?: number;
}

export interface AuditDiffOptions {
  /** Keys ignored at any depth (bookkeeping columns); default `updatedAt`, `createdAt`, `version`. */
  ignore?: readonly string[];
  /** Texts longer than this are kept as their lengths only (rich text, HTML); default 200. */
  maxText?: number;
  /** At most this many changes are kept; default 200. */
  maxChanges?: number;
}

export const AUDIT_IGNORED_KEYS = ['updatedAt', 'createdAt', 'version'] as const;
const DEFAULT_MAX_TEXT = 200;
const DEFAULT_MAX_CHANGES = 200;

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

/** A value as JSON would store it: dates as ISO text, `undefined` and functions dropped. */
function plain(value: unknown): Plain | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map((v) => plain(v) ?? null);
  const out: Record<string, Plain> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const p = plain(v);
    if (p !== undefined) out[k] = p;
  }
  return out;
}

const isObject = (v: Plain | undefined): v is { [key: string]: Plain } => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasObjects = (v: Plain[]) => v.some((x) => typeof x === 'object' && x !== null);

function same(a: Plain | undefined, b: Plain | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const ob = b as Record<string, Plain>;
  return ka.length === kb.length && ka.every((k) => k in ob && same((a as Record<string, Plain>)[k], ob[k]));
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The changes from `before` to `after`: keys changed, added or removed; nested objects by path;
 * arrays of objects item by item (`steps[1].name`), arrays of plain values as one value. Long
 * texts (over `maxText` characters) are said changed with their lengths, not their text.
 * A creation is `auditDiff(null, created)`, a deletion `auditDiff(deleted, null)`.
 */
export function auditDiff(before: unknown, after: unknown, options: AuditDiffOptions = {}): AuditDiff {
  const ignore = new Set(options.ignore ?? AUDIT_IGNORED_KEYS);
  const maxText = options.maxText ?? DEFAULT_MAX_TEXT;
  const maxChanges = options.maxChanges ?? DEFAULT_MAX_CHANGES;
  const changes: AuditChange[] = [];
  let more = 0;

  // A long text inside a value kept whole (an array, a value whose type changed) is said by its length.
  const shorten = (value: Plain): Plain => {
    if (typeof value === 'string') return value.length > maxText ? `[${value.length} characters]` : value;
    if (Array.isArray(value)) return value.map(shorten);
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
    return value;
  };
  const side = (key: 'before' | 'after', value: Plain | undefined): Partial<AuditChange> => {
    if (value === undefined) return {};
    if (typeof value === 'string' && value.length > maxText) return { [`${key}Length`]: value.length };
    return { [key]: shorten(value) };
  };
  const push = (path: string, a: Plain | undefined, b: Plain | undefined) => {
    if (changes.length >= maxChanges) {
      more++;
      return;
    }
    const kind = a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
    changes.push({ path, kind, ...side('before', a), ...side('after', b) });
  };

  const walk = (path: string, a: Plain | undefined, b: Plain | undefined): void => {
    if (same(a, b)) return;
    if (isObject(a) && isObject(b)) {
      const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
      for (const k of keys) if (!ignore.has(k)) walk(join(path, k), a[k], b[k]);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && (hasObjects(a) || hasObjects(b))) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(`${path}[${i}]`, a[i], b[i]);
      return;
    }
    // An object (or a list of objects) added or removed: one change per field, so the table reads as records.
    if (a === undefined || b === undefined) {
      const whole = (a ?? b) as Plain;
      const pair = (v: Plain): [Plain | undefined, Plain | undefined] => (a === undefined ? [undefined, v] : [v, undefined]);
      if (isObject(whole) && Object.keys(whole).length) {
        for (const k of Object.keys(whole)) if (!ignore.has(k)) walk(join(path, k), ...pair(whole[k]));
        return;
      }
      if (Array.isArray(whole) && hasObjects(whole)) {
        whole.forEach((v, i) => walk(`${path}[${i}]`, ...pair(v)));
        return;
      }
    }
    push(path, a, b);
  };

  // No record at all (null or undefined) on one side: a creation or a deletion.
  walk('', plain(before ?? undefined), plain(after ?? undefined));
  return more ? { changes, more } : { changes };
}

/** Whether a diff says nothing changed. */
export const auditDiffIsEmpty = (diff: AuditDiff): boolean => diff.changes.length === 0 && !diff.more;
