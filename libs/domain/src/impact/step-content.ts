import { EMPTY_ID, MINIDYI_DEFAULT_MAX_OUTCOMES, MINIDYI_DEFAULT_MAX_SDGS, SDG_COUNT } from '../constants.js';
import { DEFAULT_SROI_OPTIONS, type SroiOptions, sroiOptionsIssues } from './sroi.js';

/**
 * A miniDyi step's content: `{frameworkId, showSdgFilter, maxOutcomeSelect, maxSdgSelect}`
 * plus the optional SROI options `sroi: {years, discountRate, deadweight, displacement,
 * attribution, dropOff, rampUp}` (docs/design/impact.md). The older format, a plain string
 * holding the framework id, still loads (as a JSON string or a string inside jsonb).
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

export const MINIDYI_STEP_CONTENT_DEFAULTS: Readonly<Omit<MiniDyiStepContent, 'frameworkId' | 'legacy'>> = Object.freeze({
  showSdgFilter: true,
  maxOutcomeSelect: MINIDYI_DEFAULT_MAX_OUTCOMES,
  maxSdgSelect: MINIDYI_DEFAULT_MAX_SDGS,
  sroi: DEFAULT_SROI_OPTIONS,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReadStepContent {
  /** Always usable: invalid or missing options fall back to the defaults. */
  content: MiniDyiStepContent;
  /** field -> what is wrong; empty when the content is valid (what the API requires on save). */
  issues: Record<string, string>;
}

function asInt(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

function asBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

function readFrameworkId(value: unknown, issues: Record<string, string>): string | null {
  if (value === undefined || value === null || value === '' || value === EMPTY_ID) return null;
  if (typeof value === 'string' && UUID.test(value.trim())) return value.trim().toLowerCase();
  issues.frameworkId = 'frameworkId must be the id (UUID) of an impact framework';
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
  const n = asInt(o[field]);
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

/** Reads a miniDyi step content in either format, answering the usable content and what is wrong with it. */
export function readMiniDyiStepContent(raw: unknown): ReadStepContent {
  const issues: Record<string, string> = {};
  let value = raw;
  if (typeof value === 'string') {
    const s = value.trim();
    if (s.startsWith('{') || s.startsWith('"')) {
      try {
        value = JSON.parse(s) as unknown;
      } catch {
        issues.content = 'the content is neither a framework id nor valid JSON';
        value = undefined;
      }
    }
  }
  if (typeof value === 'string') {
    return {
      content: {
        frameworkId: readFrameworkId(value, issues),
        ...MINIDYI_STEP_CONTENT_DEFAULTS,
        sroi: { ...DEFAULT_SROI_OPTIONS },
        legacy: true,
      },
      issues,
    };
  }
  if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value)))
    issues.content = 'the content must be an object';
  const o = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const showSdgFilter =
    o.showSdgFilter === undefined || o.showSdgFilter === null ? MINIDYI_STEP_CONTENT_DEFAULTS.showSdgFilter : asBool(o.showSdgFilter);
  if (showSdgFilter === undefined) issues.showSdgFilter = 'showSdgFilter must be true or false';
  return {
    content: {
      frameworkId: readFrameworkId(o.frameworkId, issues),
      showSdgFilter: showSdgFilter ?? MINIDYI_STEP_CONTENT_DEFAULTS.showSdgFilter,
      maxOutcomeSelect: readLimit(o, 'maxOutcomeSelect', MINIDYI_MAX_OUTCOME_SELECT, issues),
      maxSdgSelect: readLimit(o, 'maxSdgSelect', SDG_COUNT, issues),
      sroi: readSroi(o.sroi, issues),
      legacy: false,
    },
    issues,
  };
}

/** The content in its current stored shape (the legacy string becomes the object). */
export function miniDyiStepContentJson(content: MiniDyiStepContent): Record<string, unknown> {
  return {
    frameworkId: content.frameworkId,
    showSdgFilter: content.showSdgFilter,
    maxOutcomeSelect: content.maxOutcomeSelect,
    maxSdgSelect: content.maxSdgSelect,
    sroi: { ...content.sroi },
  };
}
