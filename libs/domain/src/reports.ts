/**
 * Survey reports: how each question of a survey step is reported. The API reads the
 * step's SurveyJS JSON with `reportQuestions` once per request and asks PostgreSQL for the
 * figures of each kind; the console shows one panel per question. Pure functions.
 */
import type { Language } from './constants.js';
import { answerableQuestions, localizedText, plainText } from './documents.js';
import { translate } from './i18n/index.js';

/**
 * - choice: one value (radiogroup, dropdown, single image picker): counts per choice
 * - multi: several values (checkbox, tagbox, multiple image picker): counts per choice
 * - boolean: counts of the two labels
 * - rating: counts per rate value, mean and median; the net-promoter split when the scale is 0–10
 * - number: a text question with inputType number or range: mean, median and a histogram
 * - matrix: a single-choice matrix, counts per row and column
 * - text: text and comment questions, listed with paging and search
 * - other: anything else (files, dynamic panels…): answered count, listed like text
 */
export type ReportKind = 'choice' | 'multi' | 'boolean' | 'rating' | 'number' | 'matrix' | 'text' | 'other';
export const REPORT_KINDS: readonly ReportKind[] = ['choice', 'multi', 'boolean', 'rating', 'number', 'matrix', 'text', 'other'];

/** A value a question can take, as stored in the answers (text form), and its label. */
export interface ReportOption {
  value: string;
  label: string;
}

export interface ReportQuestion {
  name: string;
  /** Title in the language, markup removed (the name when it has none). */
  title: string;
  /** SurveyJS type (`radiogroup`, `rating`, …). */
  type: string;
  kind: ReportKind;
  /** choice, multi, boolean: the choices; rating: the scale; matrix: the columns. */
  options: ReportOption[];
  /** matrix: the rows. */
  rows: ReportOption[];
  /** A 0–10 rating: the net-promoter split is reported. */
  nps: boolean;
}

/** The submission states a report can read: submitted (closed) only by default. */
export const REPORT_STATES = ['submitted', 'open', 'all'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Bars of a number question's histogram. */
export const REPORT_HISTOGRAM_BUCKETS = 10;
/** Text answers per page, at most. */
export const REPORT_TEXT_PAGE_MAX = 100;

const SINGLE = new Set(['radiogroup', 'dropdown']);
const MULTI = new Set(['checkbox', 'tagbox']);
const TEXT = new Set(['text', 'comment']);

function options(list: unknown, language: Language): ReportOption[] {
  if (!Array.isArray(list)) return [];
  return list.map((c) => {
    if (c && typeof c === 'object' && !Array.isArray(c)) {
      const o = c as Record<string, unknown>;
      const value = String(o.value ?? '');
      return { value, label: plainText(localizedText(o.text, language)) || value };
    }
    return { value: String(c ?? ''), label: String(c ?? '') };
  });
}

/** The choices plus the "other" and "none" items SurveyJS adds when asked to. */
function choiceOptions(q: Record<string, unknown>, language: Language): ReportOption[] {
  const out = options(q.choices, language);
  const has = (v: string) => out.some((o) => o.value === v);
  if ((q.showNoneItem === true || q.hasNone === true) && !has('none'))
    out.push({ value: 'none', label: plainText(localizedText(q.noneText, language)) || translate(language, 'pages.admin.report.none') });
  if ((q.showOtherItem === true || q.hasOther === true) && !has('other'))
    out.push({ value: 'other', label: plainText(localizedText(q.otherText, language)) || translate(language, 'documents.answer.other') });
  return out;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** A rating's scale: its rateValues, else rateMin…rateMax by rateStep (SurveyJS defaults 1…5 by 1; rateCount when only it is set). */
export function ratingScale(q: Record<string, unknown>, language: Language): ReportOption[] {
  const listed = options(q.rateValues, language);
  if (listed.length) return listed;
  const min = num(q.rateMin, 1);
  const step = num(q.rateStep, 1) > 0 ? num(q.rateStep, 1) : 1;
  const max = typeof q.rateMax === 'number' ? q.rateMax : typeof q.rateCount === 'number' ? min + (q.rateCount - 1) * step : 5;
  const out: ReportOption[] = [];
  for (let v = min, i = 0; v <= max + 1e-9 && i < 1000; v = min + ++i * step) {
    const value = String(+v.toFixed(6));
    out.push({ value, label: value });
  }
  return out;
}

/** A 0–10 scale of whole numbers: the net-promoter question. */
export function isNpsScale(scale: ReportOption[]): boolean {
  return scale.length === 11 && scale.every((o, i) => Number(o.value) === i);
}

/** How each answerable question of a survey is reported, in the survey's order. */
export function reportQuestions(surveyJson: unknown, language: Language): ReportQuestion[] {
  return answerableQuestions(surveyJson).map((q) => {
    const type = typeof q.type === 'string' ? q.type : 'text';
    const name = q.name as string;
    const title = plainText(localizedText(q.title, language)) || name;
    const base = { name, title, type, options: [] as ReportOption[], rows: [] as ReportOption[], nps: false };
    if (SINGLE.has(type) || (type === 'imagepicker' && q.multiSelect !== true))
      return { ...base, kind: 'choice' as const, options: choiceOptions(q, language) };
    if (MULTI.has(type) || type === 'imagepicker') return { ...base, kind: 'multi' as const, options: choiceOptions(q, language) };
    if (type === 'boolean') {
      const yes = plainText(localizedText(q.labelTrue, language)) || translate(language, 'documents.answer.yes');
      const no = plainText(localizedText(q.labelFalse, language)) || translate(language, 'documents.answer.no');
      return {
        ...base,
        kind: 'boolean' as const,
        options: [
          { value: String(q.valueTrue ?? true), label: yes },
          { value: String(q.valueFalse ?? false), label: no },
        ],
      };
    }
    if (type === 'rating') {
      const scale = ratingScale(q, language);
      return { ...base, kind: 'rating' as const, options: scale, nps: isNpsScale(scale) };
    }
    if (type === 'text' && (q.inputType === 'number' || q.inputType === 'range')) return { ...base, kind: 'number' as const };
    if (type === 'matrix')
      return { ...base, kind: 'matrix' as const, options: options(q.columns, language), rows: options(q.rows, language) };
    if (TEXT.has(type)) return { ...base, kind: 'text' as const };
    return { ...base, kind: 'other' as const };
  });
}

export interface NpsSplit {
  promoters: number;
  passives: number;
  detractors: number;
  /** Answers on the 0–10 scale. */
  total: number;
  /** % promoters − % detractors, −100…100; null without answers. */
  score: number | null;
}

/** The net-promoter split of a 0–10 distribution: promoters 9–10, passives 7–8, detractors 0–6. */
export function npsSplit(distribution: { value: number; count: number }[]): NpsSplit {
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const { value, count } of distribution) {
    if (!Number.isFinite(value) || value < 0 || value > 10) continue;
    if (value >= 9) promoters += count;
    else if (value >= 7) passives += count;
    else detractors += count;
  }
  const total = promoters + passives + detractors;
  return { promoters, passives, detractors, total, score: total ? ((promoters - detractors) / total) * 100 : null };
}

/** A share in percent of a whole (0 when the whole is 0). */
export const percentOf = (count: number, whole: number) => (whole > 0 ? (count / whole) * 100 : 0);
