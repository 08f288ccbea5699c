/**
 * Rules of calls shared by the API and both UIs (spec sections 2, 4, 5, 6, 9):
 * open/closed status, the applicant's list order, the e-mail filter, step ordering,
 * the lock end date, and the per-kind step content formats (docs/step-contents.md).
 */

import { XLSX_MIME } from './constants.js';
import { isEmailAddress } from './email.js';
import { readMiniDyiStepContent } from './impact/step-content.js';

// ---------------------------------------------------------------- dates and status

/** A date from the API or a form; strings without `Z` or an offset are UTC (spec section 9). */
export function toUtcDate(value: string | Date | number): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'number') return new Date(value);
  const s = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return new Date(NaN);
  const withTime = s.length === 10 ? `${s}T00:00:00` : s;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(withTime);
  return new Date(hasZone ? withTime : `${withTime}Z`);
}

export interface CallTiming {
  openingAt: string | Date;
  closingAt: string | Date;
}

/** Phases of a call: upcoming (before opening), open, closed (after closing). */
export const CALL_PHASES = ['upcoming', 'open', 'closed'] as const;
export type CallPhase = (typeof CALL_PHASES)[number];

/** A call is open while openingAt <= now <= closingAt (both ends included). */
export function isCallOpen(call: CallTiming, now: Date = new Date()): boolean {
  const t = now.getTime();
  return toUtcDate(call.openingAt).getTime() <= t && t <= toUtcDate(call.closingAt).getTime();
}

export function callPhase(call: CallTiming, now: Date = new Date()): CallPhase {
  if (isCallOpen(call, now)) return 'open';
  return now.getTime() < toUtcDate(call.openingAt).getTime() ? 'upcoming' : 'closed';
}

/** The applicant's status word: `open` or `close` (spec: "shown as 'close'"). */
export type CallStatus = 'open' | 'close';
export function callStatus(call: CallTiming, now: Date = new Date()): CallStatus {
  return isCallOpen(call, now) ? 'open' : 'close';
}

/** Dates of a call made with the console's "new call" button: opens in one month, closes in three. */
export function newCallDates(now: Date = new Date()): { openingAt: Date; closingAt: Date } {
  const addMonths = (n: number) => {
    const d = new Date(now.getTime());
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + n);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
    return d;
  };
  return { openingAt: addMonths(1), closingAt: addMonths(3) };
}

// ---------------------------------------------------------------- the applicant's list

/** Names compared case- and accent-insensitively, numbers by value: one collator, made once (making one costs more than sorting a short list). */
const NAME_COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** What `a.localeCompare(b)` compares, without building a collator per call. */
const TEXT_COLLATOR = new Intl.Collator();

/**
 * The applicant's list: calls with an empty name hidden, open calls first then closed
 * ones, each group by name (case- and accent-insensitive), ties by id for a stable order.
 */
export function orderCallsForUser<T extends CallTiming & { name: string; id?: string }>(calls: readonly T[], now: Date = new Date()): T[] {
  const collator = NAME_COLLATOR;
  return calls
    .filter((c) => (c.name ?? '').trim() !== '')
    .map((c) => ({ c, open: isCallOpen(c, now) }))
    .sort((a, b) => {
      if (a.open !== b.open) return a.open ? -1 : 1;
      return collator.compare(a.c.name.trim(), b.c.name.trim()) || TEXT_COLLATOR.compare(a.c.id ?? '', b.c.id ?? '');
    })
    .map((x) => x.c);
}

// ---------------------------------------------------------------- call lock

/** Results of a locked call are not accessible before callLockEnd. */
export function isCallLocked(call: { callLockEnd?: string | Date | null }, now: Date = new Date()): boolean {
  return !!call.callLockEnd && now.getTime() < toUtcDate(call.callLockEnd).getTime();
}

// ---------------------------------------------------------------- e-mail filter

/** The addresses of a filter: comma separated, trimmed, lower-cased, empty entries dropped, no duplicates. */
export function parseEmailFilter(list: string | null | undefined): string[] {
  if (!list) return [];
  const out: string[] = [];
  for (const part of list.split(',')) {
    const e = part.trim().toLowerCase();
    if (e && !out.includes(e)) out.push(e);
  }
  return out;
}

/** Entries of the list that are not e-mail addresses (as typed, trimmed). */
export function invalidFilterEmails(list: string | null | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '' && !isEmailAddress(p));
}

/** The list written back in its normal form: `a@x.org, b@y.org`. */
export function normalizeEmailFilter(list: string | null | undefined): string {
  return parseEmailFilter(list).join(', ');
}

export interface EmailFiltered {
  isUserFilterEnable: boolean;
  userFilterEmail?: string | null;
}

/** Whether a user sees the call: always when the filter is off, else only listed addresses (case-insensitive). */
export function isEmailAllowed(call: EmailFiltered, email: string | null | undefined): boolean {
  if (!call.isUserFilterEnable) return true;
  if (!email) return false;
  return parseEmailFilter(call.userFilterEmail).includes(email.trim().toLowerCase());
}

// ---------------------------------------------------------------- steps

/** Built-in step kinds (spec section 3). Quiz is hidden from the console's step-type picker. */
export const STEP_KINDS = ['text', 'upload', 'miniDyi', 'results', 'survey', 'quiz'] as const;
export type StepKind = (typeof STEP_KINDS)[number];
export const HIDDEN_STEP_KINDS: readonly StepKind[] = ['quiz'];

export function isStepKind(name: string | null | undefined): name is StepKind {
  return (STEP_KINDS as readonly string[]).includes(name ?? '');
}

/** Steps in the order applicants see them: ascending sort, then name, then id. */
export function orderSteps<T extends { sort: number; name?: string; id?: string }>(steps: readonly T[]): T[] {
  return [...steps].sort(
    (a, b) => a.sort - b.sort || TEXT_COLLATOR.compare(a.name ?? '', b.name ?? '') || TEXT_COLLATOR.compare(a.id ?? '', b.id ?? ''),
  );
}

/** Sort values renumbered 1..n in the given order (spec: "renumbered consecutively on save"). */
export function renumberSteps<T extends object>(steps: readonly T[]): (T & { sort: number })[] {
  return steps.map((s, i) => ({ ...s, sort: i + 1 }));
}

/** Moves the step at `index` one place up (-1) or down (+1); out-of-range moves change nothing. */
export function moveStep<T>(steps: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) return [...steps];
  const out = [...steps];
  [out[index], out[target]] = [out[target], out[index]];
  return out;
}

// ---------------------------------------------------------------- step contents

/** Upload slot kinds and the MIME types / extensions each accepts. */
export const UPLOAD_FILE_TYPES = ['pdf', 'excel', 'word', 'image'] as const;
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];
export const UPLOAD_FILE_ACCEPT: Record<UploadFileType, { mime: string[]; extensions: string[] }> = {
  pdf: { mime: ['application/pdf'], extensions: ['.pdf'] },
  excel: {
    mime: [XLSX_MIME, 'application/vnd.ms-excel'],
    extensions: ['.xlsx', '.xls'],
  },
  word: {
    mime: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword'],
    extensions: ['.docx', '.doc'],
  },
  image: { mime: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], extensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'] },
};

/** One file slot of an upload step. `dimensions` is the largest size accepted, in bytes. */
export interface UploadSlot {
  file_name: string;
  file_description: string;
  file_type: UploadFileType;
  dimensions: number;
  mandatory: boolean;
}

/** Largest slot size an administrator may set (the attachment limit of the spec). */
export const UPLOAD_SLOT_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_SLOTS_MAX = 50;

// A miniDyi step's content has its one reader in the impact rules: readMiniDyiStepContent (impact/step-content.ts).

/** Which score the bounds of a results step apply to: the quiz score (in percent) or the SROI index (x of 1 : x). */
export const RESULTS_BOUND_SCORES = ['sroi', 'quiz'] as const;
export type ResultsBoundScore = (typeof RESULTS_BOUND_SCORES)[number];

/**
 * Score bounds of a results step. They are in the unit the score is shown in: the quiz score
 * as a percentage (0..100), the SROI index as the x of "1 : x". `appliesTo` names the score
 * (absent: the SROI index, what the demo's 0..10 meant); the other score is shown without bounds.
 */
export interface ResultsContent {
  lowerScore: number;
  upperScore: number;
  appliesTo?: ResultsBoundScore;
  /** Optional HTML shown above the results. */
  html?: string;
}

/** The bounds of a results step, with the score they apply to; undefined when the content has none. */
export function readResultsBounds(content: unknown): { lower: number; upper: number; appliesTo: ResultsBoundScore } | undefined {
  const c = (content && typeof content === 'object' ? content : {}) as Partial<ResultsContent>;
  if (typeof c.lowerScore !== 'number' || typeof c.upperScore !== 'number') return undefined;
  return { lower: c.lowerScore, upper: c.upperScore, appliesTo: c.appliesTo === 'quiz' ? 'quiz' : 'sroi' };
}

/** A text step: rich HTML, stored as `{html}` (a plain string is read as HTML too). */
export function readTextContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content && typeof content === 'object' && typeof (content as { html?: unknown }).html === 'string')
    return (content as { html: string }).html;
  return '';
}

/** A SurveyJS JSON (survey and quiz steps) from either an object or its JSON text. */
export function readSurveyJson(content: unknown): Record<string, unknown> | undefined {
  let v = content;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Every question of a SurveyJS JSON (pages -> elements, panels flattened). */
export function surveyQuestions(json: Record<string, unknown> | undefined): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (elements: unknown) => {
    if (!Array.isArray(elements)) return;
    for (const el of elements) {
      if (!el || typeof el !== 'object') continue;
      const e = el as Record<string, unknown>;
      if (Array.isArray(e.elements)) walk(e.elements);
      else if (Array.isArray(e.templateElements)) walk(e.templateElements);
      else if (typeof e.name === 'string') out.push(e);
    }
  };
  if (!json) return out;
  if (Array.isArray(json.pages)) for (const p of json.pages) walk((p as { elements?: unknown })?.elements);
  walk(json.elements);
  return out;
}

/**
 * Splits a quiz's SurveyJS JSON into what applicants receive (no `correctAnswer`) and the
 * answer key kept on the server: `{ [questionName]: correctAnswer }`.
 */
export function splitQuizAnswers(json: Record<string, unknown>): { survey: Record<string, unknown>; answers: Record<string, unknown> } {
  const answers: Record<string, unknown> = {};
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    const o = node as Record<string, unknown>;
    if (typeof o.name === 'string' && 'correctAnswer' in o && o.correctAnswer !== undefined && o.correctAnswer !== null)
      answers[o.name] = o.correctAnswer;
    for (const [k, v] of Object.entries(o)) if (k !== 'correctAnswer') out[k] = strip(v);
    return out;
  };
  return { survey: strip(json) as Record<string, unknown>, answers };
}

/** Puts the answer key back into a quiz's JSON, for the console's editor. */
export function mergeQuizAnswers(
  json: Record<string, unknown>,
  answers: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  if (!answers) return json;
  const put = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(put);
    if (!node || typeof node !== 'object') return node;
    const o = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = put(v);
    if (typeof o.name === 'string' && !Array.isArray(o.elements) && Object.prototype.hasOwnProperty.call(answers, o.name))
      out.correctAnswer = answers[o.name];
    return out;
  };
  return put(json) as Record<string, unknown>;
}

// ---------------------------------------------------------------- steps applicants can fill

/**
 * Why a step, as saved, could not be filled by an applicant; undefined when it can. Checked by
 * the API on every save of a call type (400 with this key) and by the console before saving:
 * a miniDyi step needs an impact framework (its own, else the call's `impactFrameworkId`), a
 * survey or a quiz needs at least one question.
 */
/** SurveyJS elements that show something and take no answer. */
const DISPLAY_ONLY_ELEMENTS = new Set(['html', 'image', 'expression']);

export type StepPublishIssue = 'pages.admin.steps.error-minidyi-no-framework' | 'pages.admin.steps.error-survey-no-questions';

export function stepPublishIssue(kind: string, content: unknown, callFrameworkId?: string | null): StepPublishIssue | undefined {
  if (kind === 'miniDyi') {
    return readMiniDyiStepContent(content).content.frameworkId || callFrameworkId
      ? undefined
      : 'pages.admin.steps.error-minidyi-no-framework';
  }
  if (kind === 'survey' || kind === 'quiz') {
    const answerable = surveyQuestions(readSurveyJson(content)).filter((q) => !DISPLAY_ONLY_ELEMENTS.has(String(q.type)));
    return answerable.length ? undefined : 'pages.admin.steps.error-survey-no-questions';
  }
  return undefined;
}

// ---------------------------------------------------------------- the list's descriptions

/** The longest description a page of the applicant's list carries, in characters of text. */
export const LIST_DESCRIPTION_CHARS = 280;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A description's text without its markup: tags dropped (a block ends with a space), entities decoded, spaces collapsed. */
export function descriptionText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A description as a page of the applicant's list shows it: unchanged when its text is short
 * enough, else its text cut at a word before `max` characters with an ellipsis (the call's
 * own page shows it whole).
 */
export function shortDescription(html: string | null | undefined, max = LIST_DESCRIPTION_CHARS): { text: string; shortened: boolean } {
  const source = html ?? '';
  const text = descriptionText(source);
  if (text.length <= max) return { text: source, shortened: false };
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return { text: `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`, shortened: true };
}
