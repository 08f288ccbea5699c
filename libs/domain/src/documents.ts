/**
 * Answers as a person reads them, for documents (the submission PDF, the Excel export, the
 * dossier): SurveyJS questions with their titles and the chosen answers' labels (never raw
 * JSON), sizes and numbers in the reader's language, and safe file names for archives.
 * Pure functions shared by the API and the apps.
 */
import type { Language } from './constants.js';
import { readSurveyJson, surveyQuestions } from './calls.js';
import { translate } from './i18n/index.js';

/**
 * A SurveyJS localizable string in a language: a plain string, or `{ default, it, en, fr }`
 * (SurveyJS's `default` is the survey's own language); '' when there is none.
 */
export function localizedText(value: unknown, language: Language): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    for (const k of [language, 'default', 'en', 'it', 'fr']) if (typeof o[k] === 'string' && o[k] !== '') return o[k];
  }
  return '';
}

/** HTML tags removed and entities of the common kinds decoded: titles in SurveyJS may hold markup. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Choice {
  value: unknown;
  text: string;
}

function choicesOf(list: unknown, language: Language): Choice[] {
  if (!Array.isArray(list)) return [];
  return list.map((c) => {
    if (c && typeof c === 'object' && !Array.isArray(c)) {
      const o = c as Record<string, unknown>;
      const text = localizedText(o.text, language);
      return { value: o.value, text: text || String(o.value ?? '') };
    }
    return { value: c, text: String(c ?? '') };
  });
}

const same = (a: unknown, b: unknown) => String(a) === String(b);

function label(choices: Choice[], value: unknown): string {
  return choices.find((c) => same(c.value, value))?.text ?? scalarText(value);
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(scalarText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${scalarText(v)}`)
      .join('; ');
  }
  return '';
}

export const isAnsweredValue = (v: unknown) =>
  v !== undefined &&
  v !== null &&
  v !== '' &&
  !(Array.isArray(v) && v.length === 0) &&
  !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

/** Question types that show something but take no answer. */
const DISPLAY_ONLY = new Set(['html', 'image', 'expression']);

/**
 * The answer of one SurveyJS question as text: choices by their labels (in the language
 * when localized), booleans as the question's labels or yes/no, matrices as "row: column",
 * multiple text as "item: value", files by their names, the "other" comment included.
 */
export function surveyAnswerText(
  question: Record<string, unknown>,
  value: unknown,
  language: Language,
  data: Record<string, unknown> = {},
): string {
  const type = typeof question.type === 'string' ? question.type : 'text';
  const otherComment = typeof question.name === 'string' ? data[`${question.name}-Comment`] : undefined;
  const withOther = (text: string) => (typeof otherComment === 'string' && otherComment.trim() ? `${text} (${otherComment.trim()})` : text);
  const choices = choicesOf(question.choices, language);
  const otherText = localizedText(question.otherText, language) || translate(language, 'documents.answer.other');
  const choiceLabel = (v: unknown) => (same(v, 'other') && question.hasOther !== undefined ? otherText : label(choices, v));
  switch (type) {
    case 'radiogroup':
    case 'dropdown':
      return withOther(choiceLabel(value));
    case 'checkbox':
    case 'tagbox':
    case 'ranking':
      return withOther((Array.isArray(value) ? value : [value]).map(choiceLabel).join(', '));
    case 'boolean': {
      const yes = localizedText(question.labelTrue, language) || translate(language, 'documents.answer.yes');
      const no = localizedText(question.labelFalse, language) || translate(language, 'documents.answer.no');
      const truthy = value === true || value === 'true' || (question.valueTrue !== undefined && same(value, question.valueTrue));
      return truthy ? yes : no;
    }
    case 'rating': {
      const rates = choicesOf(question.rateValues, language);
      return rates.length ? label(rates, value) : scalarText(value);
    }
    case 'matrix': {
      const rows = choicesOf(question.rows, language);
      const cols = choicesOf(question.columns, language);
      if (!value || typeof value !== 'object') return scalarText(value);
      return Object.entries(value as Record<string, unknown>)
        .map(([r, c]) => `${label(rows, r)}: ${label(cols, c)}`)
        .join('; ');
    }
    case 'multipletext': {
      const items = Array.isArray(question.items) ? (question.items as Record<string, unknown>[]) : [];
      if (!value || typeof value !== 'object') return scalarText(value);
      return Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => {
          const item = items.find((i) => i.name === k);
          return `${(item && localizedText(item.title, language)) || k}: ${scalarText(v)}`;
        })
        .join('; ');
    }
    case 'file': {
      const files = Array.isArray(value) ? value : [value];
      return files.map((f) => (f && typeof f === 'object' ? String((f as { name?: unknown }).name ?? '') : scalarText(f))).join(', ');
    }
    case 'matrixdropdown':
    case 'matrixdynamic':
    case 'paneldynamic': {
      if (!value || typeof value !== 'object') return scalarText(value);
      const rows = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
      return rows.map((r, i) => `${i + 1}) ${scalarText(r)}`).join(' · ');
    }
    default:
      return withOther(scalarText(value));
  }
}

export interface SurveyAnswer {
  /** The question's name (its key in the answers). */
  name: string;
  /** The question's title in the language (its name when it has none), markup removed. */
  title: string;
  /** The answer as text; '' when not answered. */
  answer: string;
  answered: boolean;
}

/** The questions of a SurveyJS JSON that take an answer, in order (display-only elements left out): read once per step. */
export function answerableQuestions(surveyJson: unknown): Record<string, unknown>[] {
  const seen = new Set<string>();
  return surveyQuestions(readSurveyJson(surveyJson)).filter((q) => {
    const name = q.name as string;
    if (DISPLAY_ONLY.has(String(q.type)) || seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** Each question (from `answerableQuestions`) with its answer from `data` as text; answers to questions the survey no longer has come last. */
export function answersFor(
  questions: readonly Record<string, unknown>[],
  data: Record<string, unknown>,
  language: Language,
): SurveyAnswer[] {
  const out: SurveyAnswer[] = [];
  const seen = new Set<string>();
  for (const q of questions) {
    const name = q.name as string;
    seen.add(name);
    const value = data[name];
    const answered = isAnsweredValue(value);
    out.push({
      name,
      title: plainText(localizedText(q.title, language)) || name,
      answer: answered ? surveyAnswerText(q, value, language, data) : '',
      answered,
    });
  }
  for (const [name, value] of Object.entries(data)) {
    if (seen.has(name) || name.endsWith('-Comment') || !isAnsweredValue(value)) continue;
    out.push({ name, title: name, answer: scalarText(value), answered: true });
  }
  return out;
}

/**
 * Every question of a SurveyJS JSON (pages and panels flattened, in order) with its answer
 * from `data` as text. Display-only elements (html, image, expression) are left out.
 */
export function surveyAnswers(surveyJson: unknown, data: Record<string, unknown>, language: Language): SurveyAnswer[] {
  return answersFor(answerableQuestions(surveyJson), data, language);
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A name safe as an archive entry on every operating system: no folders, no control
 * characters, none of `<>:"/\|?*`, no trailing dots or spaces, no reserved Windows names,
 * at most `max` characters (the extension kept).
 */
export function archiveEntryName(name: string, fallback = 'file', max = 120): string {
  let s = (name ?? '').normalize('NFC');
  // eslint-disable-next-line no-control-regex
  s = s.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"/\\|?*]/g, '_');
  s = s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (!s) s = fallback;
  if (WINDOWS_RESERVED.test(s)) s = `_${s}`;
  const chars = Array.from(s);
  if (chars.length <= max) return s;
  const m = /\.[A-Za-z0-9]{1,10}$/.exec(s);
  const ext = m ? m[0] : '';
  return (
    chars
      .slice(0, max - ext.length)
      .join('')
      .trimEnd() + ext
  );
}

/**
 * Names made unique within one archive folder: "a.pdf", "a (2).pdf", ... (case-insensitive,
 * as Windows and macOS compare them).
 */
export function uniqueNamer(): (name: string) => string {
  const used = new Set<string>();
  return (name: string) => {
    const m = /^(.*?)(\.[^.]{1,10})?$/.exec(name);
    const base = m?.[1] ?? name;
    const ext = m?.[2] ?? '';
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  };
}
