import { EMPTY_ID, MINIDYI_DEFAULT_MAX_OUTCOMES, MINIDYI_DEFAULT_MAX_SDGS, SDG_COUNT } from '../constants.js';
import { DEFAULT_SROI_OPTIONS, type SroiOptions, sroiOptionsIssues } from './sroi.js';

/**
 * A miniDyi step's content: `{frameworkId, showSdgFilter, maxOutcomeSelect, maxSdgSelect}`
 * plus the optional SROI options `sroi: {years, discountRate, deadweight, displacement,
 * attribution, dropOff, rampUp}` (docs/design/impact.md). The older format, a plain string
 * holding the framework id, still loads (as a JSON string or a string inside jsonb).
 *
 * `readMiniDyiStepContent` is the one reader of this content: the fill screens, the server's
 * closing and PDF rules, the publish check (`stepPublishIssue`), the console's editor and the
 * API's check on save all use it (docs/decisions/minidyi-content.md).
 */
export interface MiniDyiStepContent {
  /** null when the step names no framework (or the all-zeros id). */
  frameworkId: string | null;
  showSdgFilter: boolean;
  maxOutcomeSelect: number;
  maxSdgSelect: number;
  sroi: SroiOptions;
  /** Read from the older plain-string format. */
  legacy: boolean;
}

export const MINIDYI_MAX_OUTCOME_SELECT = 100;

/** The defaults of the spec: SDG filter on, 4 outcomes, 4 SDGs; the SROI options of docs/design/impact.md. */
export const MINIDYI_STEP_CONTENT_DEFAULTS: Readonly<Omit<MiniDyiStepContent, 'frameworkId' | 'legacy'>> = Object.freeze({
  showSdgFilter: true,
  maxOutcomeSelect: MINIDYI_DEFAULT_MAX_OUTCOMES,
  maxSdgSelect: MINIDYI_DEFAULT_MAX_SDGS,
  sroi: DEFAULT_SROI_OPTIONS,
});

/** The fields of the object format; any other is refused. */
export const MINIDYI_STEP_CONTENT_FIELDS = ['frameworkId', 'showSdgFilter', 'maxOutcomeSelect', 'maxSdgSelect', 'sroi'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReadStepContent {
  /** Always usable: invalid or missing options fall back to the defaults. */
  content: MiniDyiStepContent;
  /**
   * field -> what is wrong (the key `''` for the content as a whole); empty when the content
   * may be saved as sent. The API refuses a save with the first of them (400 errors.step-content).
   */
  issues: Record<string, string>;
  /** The content names SROI options (neither absent nor null); else `content.sroi` holds the defaults. */
  hasSroi: boolean;
}

/** A whole number; a number written as text is read, and reported (the API stores numbers only). */
function asInt(value: unknown, field: string, issues: Record<string, string>): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) {
    issues[field] = `${field} must be a number, not text`;
    return Number(value);
  }
  return undefined;
}

/** true or false; 'true' and 'false' are read, and reported (the API stores booleans only). */
function asBool(value: unknown, issues: Record<string, string>): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') {
    issues.showSdgFilter = 'showSdgFilter must be true or false, not text';
    return value === 'true';
  }
  return undefined;
}

/** The framework id, lower case; `field` names it in the issues (`''` when the content is the id itself). */
function readFrameworkId(value: unknown, field: 'frameworkId' | '', issues: Record<string, string>): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && UUID.test(value.trim())) {
    const id = value.trim().toLowerCase();
    return id === EMPTY_ID ? null : id;
  }
  issues[field] = field ? 'frameworkId must be the id (UUID) of an impact framework' : 'the content must be an object or a framework id';
  return null;
}

function readLimit(
  o: Record<string, unknown>,
  field: 'maxOutcomeSelect' | 'maxSdgSelect',
  max: number,
  issues: Record<string, string>,
): number {
  const fallback = MINIDYI_STEP_CONTENT_DEFAULTS[field];
  if (o[field] === undefined || o[field] === null) return fallback;
  const n = asInt(o[field], field, issues);
  if (n === undefined || n < 1 || n > max) {
    issues[field] = `${field} must be a whole number from 1 to ${max}`;
    return fallback;
  }
  return n;
}

function readSroi(value: unknown, issues: Record<string, string>): SroiOptions {
  if (value === undefined || value === null) return { ...DEFAULT_SROI_OPTIONS };
  if (typeof value !== 'object' || Array.isArray(value)) {
    issues.sroi = 'sroi must be an object of options';
    return { ...DEFAULT_SROI_OPTIONS };
  }
  const given = value as Record<string, unknown>;
  const known = Object.keys(DEFAULT_SROI_OPTIONS);
  for (const k of Object.keys(given)) if (!known.includes(k)) issues[`sroi.${k}`] = `sroi.${k} is not an SROI option`;
  const candidate = Object.fromEntries(known.filter((k) => given[k] !== undefined && given[k] !== null).map((k) => [k, given[k]]));
  const problems = sroiOptionsIssues(candidate);
  for (const [k, msg] of Object.entries(problems)) issues[`sroi.${k}`] = msg;
  const valid = Object.fromEntries(Object.entries(candidate).filter(([k]) => !(k in problems)));
  return { ...DEFAULT_SROI_OPTIONS, ...valid } as SroiOptions;
}

/**
 * Reads a miniDyi step content in either format, answering the usable content and what is
 * wrong with it. Accepted as sent (no issue): nothing (null, '' : no framework), a plain
 * string holding a framework id, or the object with its fields typed. Read but reported: a
 * JSON text of either, numbers or booleans written as text. Reported and read as the
 * defaults: anything else (an unknown field is reported and left out).
 */
export function readMiniDyiStepContent(raw: unknown): ReadStepContent {
  const issues: Record<string, string> = {};
  let value = raw;
  if (typeof value === 'string') {
    const s = value.trim();
    if (s.startsWith('{') || s.startsWith('"')) {
      try {
        value = JSON.parse(s) as unknown;
        issues[''] = 'the content must be an object or a framework id, not JSON text';
      } catch {
        issues[''] = 'the content is neither a framework id nor valid JSON';
        value = undefined;
      }
    }
  }
  if (typeof value === 'string') {
    return {
      content: {
        frameworkId: readFrameworkId(value, '', issues),
        ...MINIDYI_STEP_CONTENT_DEFAULTS,
        sroi: { ...DEFAULT_SROI_OPTIONS },
        legacy: true,
      },
      issues,
      hasSroi: false,
    };
  }
  if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value)))
    issues[''] = 'the content must be an object or a framework id';
  const o = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!(MINIDYI_STEP_CONTENT_FIELDS as readonly string[]).includes(k)) issues[k] = `${k} is not a field of a miniDyi step`;
  const frameworkId = readFrameworkId(o.frameworkId, 'frameworkId', issues);
  const showSdgFilter =
    o.showSdgFilter === undefined || o.showSdgFilter === null
      ? MINIDYI_STEP_CONTENT_DEFAULTS.showSdgFilter
      : asBool(o.showSdgFilter, issues);
  if (showSdgFilter === undefined) issues.showSdgFilter = 'showSdgFilter must be true or false';
  return {
    content: {
      frameworkId,
      showSdgFilter: showSdgFilter ?? MINIDYI_STEP_CONTENT_DEFAULTS.showSdgFilter,
      maxOutcomeSelect: readLimit(o, 'maxOutcomeSelect', MINIDYI_MAX_OUTCOME_SELECT, issues),
      maxSdgSelect: readLimit(o, 'maxSdgSelect', SDG_COUNT, issues),
      sroi: readSroi(o.sroi, issues),
      legacy: false,
    },
    issues,
    hasSroi: o.sroi !== undefined && o.sroi !== null,
  };
}

/**
 * The content in its current stored shape (the legacy string becomes the object). `sroi: false`
 * leaves the SROI options out (the API stores them only when they were sent).
 */
export function miniDyiStepContentJson(content: MiniDyiStepContent, { sroi = true }: { sroi?: boolean } = {}): Record<string, unknown> {
  return {
    frameworkId: content.frameworkId,
    showSdgFilter: content.showSdgFilter,
    maxOutcomeSelect: content.maxOutcomeSelect,
    maxSdgSelect: content.maxSdgSelect,
    ...(sroi ? { sroi: { ...content.sroi } } : {}),
  };
}
