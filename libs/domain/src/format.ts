import { LANGUAGES, type Language } from './constants.js';

/**
 * Numbers, dates and sizes as the apps show them, in the user's language (Intl). Shared by
 * the applicant app, the console and exports, so a score reads the same everywhere.
 */
export const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };

/** The interface language of a language tag ('it', 'en-GB', 'fr' ...); Italian otherwise. */
export function languageOf(language: string | null | undefined): Language {
  const l = (language ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'it';
}

/** The Intl locale of an interface language ('it', 'en-GB', 'fr' ...); Italian otherwise. */
export function localeOf(language: string | null | undefined): string {
  return LOCALES[languageOf(language)];
}

/** A decimal number with at most `digits` decimals (at least `minimumDigits`): "15,17" in Italian, "15.17" in English. */
export function formatDecimal(value: number, language: string, digits = 2, minimumDigits = 0): string {
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: minimumDigits, maximumFractionDigits: digits }).format(value);
}

/** An amount in euros: "1234,50 €" in Italian, "€1,234.50" in English. */
export function formatEuro(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }).format(value);
}

// French writes sizes in octets (Ko, Mo, Go); Italian and English use bytes.
const SIZE_UNITS: Record<Language, readonly string[]> = {
  it: ['B', 'KB', 'MB', 'GB'],
  en: ['B', 'KB', 'MB', 'GB'],
  fr: ['o', 'Ko', 'Mo', 'Go'],
};

/**
 * A file size in the language, in powers of 1024 with at most one decimal: 6451 -> "6,3 KB"
 * in Italian, "6.3 KB" in English, "6,3 Ko" in French.
 */
export function formatFileSize(bytes: number, language: string): string {
  const units = SIZE_UNITS[languageOf(language)];
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} ${units[0]}`;
  let v = bytes / 1024;
  let u = 1;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(v)} ${units[u]}`;
}

/** A quiz score (a fraction 0..1) as the percentage every screen shows: "75 %" / "75%". */
export function formatQuizScore(score: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 0 }).format(score);
}

/** A percentage value (0..100, e.g. a bound) in the same unit as formatQuizScore. */
export function formatPercentValue(percent: number, language: string): string {
  return formatQuizScore(percent / 100, language);
}

/** The SROI index as "1 : 15,17" (two decimals, the locale's separator). */
export function formatSroiRatio(sroi: number, language: string): string {
  return `1 : ${formatDecimal(sroi, language, 2, 2)}`;
}

/** The zone of what the server writes when the reader's is not known (e-mails, a PDF asked without one): named, as every other. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * Whether `value` is a time zone Intl knows ("Europe/Rome", "UTC" ...): the one rule for the zone
 * the apps send with a document request and the API accepts.
 */
export function isTimeZone(value: unknown): value is string {
  // Zone names are short; a long string is junk, not worth handing to Intl.
  if (typeof value !== 'string' || value === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The browser's time zone, as the apps send it with a document request; undefined when Intl names none it knows. */
export function browserTimeZone(): string | undefined {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : undefined;
}

// Making an Intl.DateTimeFormat costs more than rendering a whole e-mail: those of a given zone are
// kept. The zone comes from requests, so the list is emptied when it grows rather than let grow.
const ZONED_FORMATS = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  // The browser's zone may change while a page is open: its formatter is not kept.
  if (!timeZone) return new Intl.DateTimeFormat(locale, options);
  const key = `${locale} ${timeZone}`;
  let format = ZONED_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    if (ZONED_FORMATS.size >= 100) ZONED_FORMATS.clear();
    ZONED_FORMATS.set(key, format);
  }
  return format;
}

/**
 * A date and time in the user's time zone, with the zone named: "24 novembre 2026, 13:17 CET".
 * `timeZone` defaults to the browser's.
 */
export function formatDateTimeWithZone(value: string | Date, language: string, timeZone?: string): string {
  const d = value instanceof Date ? value : new Date(value);
  return dateTimeFormat(localeOf(language), timeZone).format(d);
}

/** How long before a call closes a countdown shows on its card. */
export const COUNTDOWN_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * "in 3 days" / "in 5 hours" / "in 20 minutes" (Intl.RelativeTimeFormat) while `closingAt` is
 * in the future and at most a week away; undefined otherwise.
 */
export function closingCountdown(closingAt: string | Date, language: string, now: Date = new Date()): string | undefined {
  const left = new Date(closingAt).getTime() - now.getTime();
  if (!(left > 0) || left > COUNTDOWN_WINDOW_MS) return undefined;
  const rtf = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'always' });
  const hours = left / 3_600_000;
  if (hours >= 48) return rtf.format(Math.floor(hours / 24), 'day');
  if (hours >= 1) return rtf.format(Math.floor(hours), 'hour');
  return rtf.format(Math.max(1, Math.floor(left / 60_000)), 'minute');
}

export const BYTES_PER_MEGABYTE = 1024 * 1024;

/** Bytes as megabytes for an input (at most 2 decimals): 5242880 -> 5. */
export function bytesToMegabytes(bytes: number): number {
  return Math.round((bytes / BYTES_PER_MEGABYTE) * 100) / 100;
}

/** Megabytes typed in an input as whole bytes (what the API stores): 0.5 -> 524288. */
export function megabytesToBytes(megabytes: number): number {
  return Math.round(megabytes * BYTES_PER_MEGABYTE);
}
