import type { Schemas } from '@impact-calls/api-client';
import { criterionProblem, DECISIONS, phaseProblem, SEE_OTHERS, type Decision, type SeeOthers } from '@impact-calls/domain';

/*
 * The review screens' pure parts: the applications list's URL state and its API query, the
 * setup forms' rows, their checks and the API's field errors. The API decides; these only say
 * early what it would refuse.
 */

export const REVIEW_TABS = ['setup', 'reviewers', 'applications'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

export function tabOf(value: string | null): ReviewTab {
  return (REVIEW_TABS as readonly string[]).includes(value ?? '') ? (value as ReviewTab) : 'applications';
}

// The applications list.

/** The columns the API sorts on (APPLICATION_SORTABLE) that the list shows. */
export const APPLICATION_SORTS = ['rank', 'code', 'organizationName', 'reviewsDone', 'score', 'spread', 'decision'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
export const REVIEW_PROGRESS = ['unassigned', 'incomplete', 'complete'] as const;
export type ReviewProgress = (typeof REVIEW_PROGRESS)[number];
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ApplicationListState {
  /** 0-based. */
  page: number;
  perPage: number;
  sort: ApplicationSort;
  order: 'ASC' | 'DESC';
  q: string;
  decision: Decision | '';
  disagreement: boolean;
  reviews: ReviewProgress | '';
}

export const DEFAULT_LIST: ApplicationListState = {
  page: 0,
  perPage: 25,
  sort: 'rank',
  order: 'ASC',
  q: '',
  decision: '',
  disagreement: false,
  reviews: '',
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The list's state from the page's address (anything unknown falls back to the default). */
export function readListState(params: URLSearchParams): ApplicationListState {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('perPage'));
  return {
    page: Number.isInteger(page) && page > 0 ? page - 1 : 0,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_LIST.perPage,
    sort: oneOf(APPLICATION_SORTS, params.get('sort')) ?? DEFAULT_LIST.sort,
    order: params.get('order') === 'DESC' ? 'DESC' : 'ASC',
    q: params.get('q') ?? '',
    decision: oneOf(DECISIONS, params.get('decision')) ?? '',
    disagreement: params.get('disagreement') === '1',
    reviews: oneOf(REVIEW_PROGRESS, params.get('reviews')) ?? '',
  };
}

const LIST_KEYS = ['page', 'perPage', 'sort', 'order', 'q', 'decision', 'disagreement', 'reviews'];

/** The page's address with the list's state (defaults left out, other parameters such as `tab` kept). */
export function writeListState(params: URLSearchParams, state: ApplicationListState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of LIST_KEYS) next.delete(k);
  if (state.page > 0) next.set('page', String(state.page + 1));
  if (state.perPage !== DEFAULT_LIST.perPage) next.set('perPage', String(state.perPage));
  if (state.sort !== DEFAULT_LIST.sort || state.order !== DEFAULT_LIST.order) {
    next.set('sort', state.sort);
    next.set('order', state.order);
  }
  if (state.q) next.set('q', state.q);
  if (state.decision) next.set('decision', state.decision);
  if (state.disagreement) next.set('disagreement', '1');
  if (state.reviews) next.set('reviews', state.reviews);
  return next;
}

/** Clicking a column header: the same column flips the order, another sorts on it (best first for figures). */
export function toggleSort(state: ApplicationListState, sort: ApplicationSort): ApplicationListState {
  if (state.sort === sort) return { ...state, sort, order: state.order === 'ASC' ? 'DESC' : 'ASC', page: 0 };
  const descending = sort === 'score' || sort === 'spread' || sort === 'reviewsDone';
  return { ...state, sort, order: descending ? 'DESC' : 'ASC', page: 0 };
}

/** The adminListReviewApplications query: ra-data-simple-rest `range`, `sort`, `filter` (only the filters set). */
export function applicationsQuery(state: ApplicationListState): { range: string; sort: string; filter: string } {
  const filter: Record<string, string | boolean> = {};
  if (state.q.trim()) filter.q = state.q.trim();
  if (state.decision) filter.decision = state.decision;
  if (state.disagreement) filter.disagreement = true;
  if (state.reviews) filter.reviews = state.reviews;
  const start = state.page * state.perPage;
  return {
    range: JSON.stringify([start, start + state.perPage - 1]),
    sort: JSON.stringify([state.sort, state.order]),
    filter: JSON.stringify(filter),
  };
}

// Settings.

export interface SettingsForm {
  reviewsPerApplication: string;
  aggregate: Schemas['ReviewAggregate'];
  disagreementThreshold: string;
}

export function settingsForm(s: Schemas['ReviewSettingsDto']): SettingsForm {
  return {
    reviewsPerApplication: String(s.reviewsPerApplication),
    aggregate: s.aggregate,
    disagreementThreshold: String(s.disagreementThreshold),
  };
}

/** A number typed in a field ("2,5" as well as "2.5"), NaN when it is none. */
export function parseNumber(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' ? NaN : Number(t);
}

/** Field -> message key of what the API would refuse in the settings. */
export function settingsErrors(f: SettingsForm): Record<string, string> {
  const errors: Record<string, string> = {};
  const per = parseNumber(f.reviewsPerApplication);
  if (!Number.isInteger(per) || per < 1 || per > 20)
    errors.reviewsPerApplication = 'pages.admin.review.setup.error-reviews-per-application';
  const threshold = parseNumber(f.disagreementThreshold);
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 100)
    errors.disagreementThreshold = 'pages.admin.review.setup.error-threshold';
  return errors;
}

export function settingsPayload(f: SettingsForm): Schemas['ReviewSettingsDto'] {
  return {
    reviewsPerApplication: parseNumber(f.reviewsPerApplication),
    aggregate: f.aggregate,
    disagreementThreshold: parseNumber(f.disagreementThreshold),
  };
}

// Rows of the phase and rubric editors.

let rowCounter = 0;
/** A stable React key for a row (new rows have no id yet). */
export function rowKey(): string {
  return `row-${++rowCounter}`;
}

/** Moves row `index` by `delta` places (no-op at the ends). */
export function moveRow<T>(rows: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** An instant as a `datetime-local` value in the browser's time zone ("2026-03-01T09:30"). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A `datetime-local` value (the browser's time zone) as an ISO instant, '' when incomplete. */
export function fromLocalInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

export interface PhaseRow {
  key: string;
  id?: string;
  name: string;
  /** `datetime-local` values. */
  startsAt: string;
  endsAt: string;
  mayScore: boolean;
  seeOthers: SeeOthers;
  blind: boolean;
  mayDecide: boolean;
}

export function phaseRows(phases: readonly Schemas['ReviewPhaseDto'][]): PhaseRow[] {
  return phases.map((p) => ({
    key: rowKey(),
    id: p.id,
    name: p.name,
    startsAt: toLocalInput(p.startsAt),
    endsAt: toLocalInput(p.endsAt),
    mayScore: p.mayScore,
    seeOthers: p.seeOthers,
    blind: p.blind,
    mayDecide: p.mayDecide,
  }));
}

export function newPhase(): PhaseRow {
  return { key: rowKey(), name: '', startsAt: '', endsAt: '', mayScore: true, seeOthers: SEE_OTHERS[1], blind: false, mayDecide: false };
}

/** `phases[i].field` (or `phases[i]` for the dates) -> message key, as the API names them in errors.review.phases. */
export function phaseErrors(rows: readonly PhaseRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((r, i) => {
    if (!r.name.trim()) errors[`phases[${i}].name`] = 'pages.admin.review.setup.error-required';
    if (!fromLocalInput(r.startsAt)) errors[`phases[${i}].startsAt`] = 'pages.admin.review.setup.error-date';
    if (!fromLocalInput(r.endsAt)) errors[`phases[${i}].endsAt`] = 'pages.admin.review.setup.error-date';
  });
  if (Object.keys(errors).length === 0) {
    const problem = phaseProblem(rows.map((r) => ({ startsAt: fromLocalInput(r.startsAt), endsAt: fromLocalInput(r.endsAt) })));
    if (problem) errors[`phases[${problem.index}]`] = `pages.admin.review.setup.phase-${problem.reason}`;
  }
  return errors;
}

export function phasesPayload(rows: readonly PhaseRow[]): Schemas['ReviewPhaseInputDto'][] {
  return rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    name: r.name.trim(),
    startsAt: fromLocalInput(r.startsAt),
    endsAt: fromLocalInput(r.endsAt),
    mayScore: r.mayScore,
    seeOthers: r.seeOthers,
    blind: r.blind,
    mayDecide: r.mayDecide,
  }));
}

export const GUIDANCE_LANGUAGES = ['it', 'en', 'fr'] as const;

export interface CriterionRow {
  key: string;
  id?: string;
  name: string;
  guidance: { it: string; en: string; fr: string };
  min: string;
  max: string;
  step: string;
  weight: string;
  required: boolean;
}

export function criterionRows(criteria: readonly Schemas['CriterionDto'][]): CriterionRow[] {
  return criteria
    .filter((c) => !c.retired)
    .map((c) => ({
      key: rowKey(),
      id: c.id,
      name: c.name,
      guidance: { it: c.guidance.it ?? '', en: c.guidance.en ?? '', fr: c.guidance.fr ?? '' },
      min: String(c.min),
      max: String(c.max),
      step: String(c.step),
      weight: String(c.weight),
      required: c.required,
    }));
}

export function newCriterion(): CriterionRow {
  return { key: rowKey(), name: '', guidance: { it: '', en: '', fr: '' }, min: '0', max: '10', step: '1', weight: '1', required: true };
}

const BOUND = 1000;

/** `criteria[i].field` -> message key, the names the API uses in errors.review.criterion. */
export function rubricErrors(rows: readonly CriterionRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((r, i) => {
    const at = (field: string) => `criteria[${i}].${field}`;
    if (!r.name.trim()) errors[at('name')] = 'pages.admin.review.setup.error-required';
    const c = { min: parseNumber(r.min), max: parseNumber(r.max), step: parseNumber(r.step), weight: parseNumber(r.weight) };
    for (const field of ['min', 'max'] as const) if (Math.abs(c[field]) > BOUND) errors[at(field)] = 'pages.admin.review.setup.error-bound';
    for (const field of ['step', 'weight'] as const) if (c[field] > BOUND) errors[at(field)] = 'pages.admin.review.setup.error-bound';
    const problem = criterionProblem(c);
    if (problem && !errors[at(problem)]) errors[at(problem)] = `pages.admin.review.setup.error-${problem}`;
  });
  return errors;
}

export function rubricPayload(rows: readonly CriterionRow[]): Schemas['CriterionInputDto'][] {
  return rows.map((r) => {
    const guidance = Object.fromEntries(GUIDANCE_LANGUAGES.map((l) => [l, r.guidance[l].trim()]).filter(([, text]) => text !== ''));
    return {
      ...(r.id ? { id: r.id } : {}),
      name: r.name.trim(),
      guidance,
      min: parseNumber(r.min),
      max: parseNumber(r.max),
      step: parseNumber(r.step),
      weight: parseNumber(r.weight),
      required: r.required,
    };
  });
}

/**
 * The field errors of an API refusal (`errors` of its body), each a message key: the API's own
 * key when it is one, else the screen's wording of the reason for that field.
 */
export function fieldErrorsOf(body: unknown, isKey: (key: string) => boolean): Record<string, string> {
  const raw = (body as { errors?: unknown } | undefined)?.errors;
  if (!raw || typeof raw !== 'object') return {};
  const errors: Record<string, string> = {};
  for (const [field, reason] of Object.entries(raw as Record<string, unknown>)) {
    const text = typeof reason === 'string' ? reason : '';
    if (isKey(text)) errors[field] = text;
    else if (/^phases\[\d+\]$/.test(field) && (text === 'dates' || text === 'overlap'))
      errors[field] = `pages.admin.review.setup.phase-${text}`;
    else errors[field] = 'pages.admin.review.setup.error-invalid';
  }
  return errors;
}

// Reviewers.

/** E-mail addresses typed one per line or separated by commas, semicolons or spaces; repeated ones once. */
export function parseEmails(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const email = raw.trim();
    if (email && !seen.has(email.toLowerCase())) {
      seen.add(email.toLowerCase());
      emails.push(email);
    }
  }
  return emails;
}

/** An address the API would surely refuse (errors.review.invalid-email); the API checks the rest. */
export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** A reviewer's load relative to the busiest reviewer, 0..100, for the load bar. */
export function loadPercent(assigned: number, maxAssigned: number): number {
  return maxAssigned > 0 ? Math.round((Math.max(0, assigned) / maxAssigned) * 100) : 0;
}
