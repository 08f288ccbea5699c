import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  bytesToMegabytes,
  closingCountdown,
  DEFAULT_TIME_ZONE,
  formatDateTimeWithZone,
  formatDecimal,
  formatEuro,
  formatFileSize,
  formatPercentValue,
  formatQuizScore,
  formatSroiRatio,
  isTimeZone,
  localeOf,
  megabytesToBytes,
} from './format.js';
import { formatSroi } from './impact/sroi.js';

describe('numbers, dates and sizes in the user language (issue 14)', () => {
  it('maps interface languages to locales, Italian otherwise', () => {
    expect([localeOf('it'), localeOf('en-US'), localeOf('fr'), localeOf('de'), localeOf(undefined)]).toEqual([
      'it-IT',
      'en-GB',
      'fr-FR',
      'it-IT',
      'it-IT',
    ]);
  });

  it('prints the SROI index like the amounts: the locale decimal separator, two decimals', () => {
    expect(formatSroiRatio(15.1666, 'it')).toBe('1 : 15,17');
    expect(formatSroiRatio(15.1666, 'en')).toBe('1 : 15.17');
    expect(formatSroiRatio(3, 'fr')).toBe('1 : 3,00');
    expect(formatSroi(15.1666, 'it')).toBe('1 : 15,17');
    // Without a language, the historical form (logs, the API's messages).
    expect(formatSroi(15.1666)).toBe('1 : 15.17');
    expect(formatDecimal(1234.5, 'it', 2, 2)).toBe('1234,50');
  });

  it('shows a quiz score and its bounds in one unit, percent', () => {
    expect(formatQuizScore(0.75, 'en')).toBe('75%');
    expect(formatQuizScore(0.75, 'fr')).toMatch(/^75\s%$/);
    expect(formatPercentValue(50, 'it')).toBe('50%');
  });

  it('names the time zone of a date', () => {
    const d = '2030-01-15T10:30:00Z';
    expect(formatDateTimeWithZone(d, 'en', 'Europe/Rome')).toMatch(/15 January 2030.*11:30.*(CET|GMT\+1)/);
    expect(formatDateTimeWithZone(d, 'it', 'UTC')).toMatch(/15 gennaio 2030.*10:30.*UTC/);
    expect(formatDateTimeWithZone(d, 'fr', 'America/New_York')).toMatch(/15 janvier 2030.*05:30.*(UTC−5|EST|HNE)/);
  });

  it('knows a time zone when Intl does: IANA names and UTC, not made-up ones', () => {
    for (const zone of ['Europe/Rome', 'Europe/Paris', 'America/New_York', 'UTC', DEFAULT_TIME_ZONE]) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus', '', ' ', 'Europe/Nowhere', 'x'.repeat(65), null, undefined, 1, {}])
      expect(isTimeZone(zone)).toBe(false);
    expect(isTimeZone(browserTimeZone())).toBe(true);
  });

  it('names the zone of the same instant the same way, whatever zone was asked before', () => {
    const d = new Date('2030-07-01T04:49:00Z');
    expect(formatDateTimeWithZone(d, 'it', 'Europe/Paris')).toMatch(/1 luglio 2030.*06:49.*(CEST|GMT\+2)/);
    expect(formatDateTimeWithZone(d, 'it', 'UTC')).toMatch(/1 luglio 2030.*04:49 UTC/);
    expect(formatDateTimeWithZone(d, 'it', 'Europe/Paris')).toMatch(/06:49/);
  });

  it('counts down only during the last week before closing', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    expect(closingCountdown(at(24 * 8), 'en', now)).toBeUndefined();
    expect(closingCountdown(at(24 * 3 + 5), 'en', now)).toBe('in 3 days');
    expect(closingCountdown(at(24 * 3 + 5), 'it', now)).toBe('tra 3 giorni');
    expect(closingCountdown(at(5.5), 'fr', now)).toBe('dans 5 heures');
    expect(closingCountdown(at(0.25), 'en', now)).toBe('in 15 minutes');
    expect(closingCountdown(at(-1), 'en', now)).toBeUndefined();
  });

  it("writes file sizes in the reader's language: decimal separator and units (octets in French)", () => {
    expect(formatFileSize(6451, 'it')).toBe('6,3 KB');
    expect(formatFileSize(6451, 'en')).toBe('6.3 KB');
    expect(formatFileSize(6451, 'fr')).toBe('6,3 Ko');
    expect(formatFileSize(1536, 'fr-FR')).toBe('1,5 Ko');
    expect(formatFileSize(5 * 1024 * 1024, 'fr')).toBe('5 Mo');
    expect(formatFileSize(5 * 1024 * 1024, 'it')).toBe('5 MB');
    expect(formatFileSize(2.5 * 1024 ** 3, 'fr')).toBe('2,5 Go');
    expect(formatFileSize(12, 'en')).toBe('12 B');
    expect(formatFileSize(12, 'fr')).toBe('12 o');
    expect(formatFileSize(Number.NaN, 'it')).toBe('0 B');
  });

  it("writes the SROI index and amounts in the reader's language, with or without a value", () => {
    expect(formatSroi(8.35, 'it')).toBe('1 : 8,35');
    expect(formatSroi(8.35, 'en')).toBe('1 : 8.35');
    expect(formatSroi(8.35, 'fr')).toBe('1 : 8,35');
    expect(formatSroi(null, 'fr')).toBe('');
    expect(formatEuro(1234.5, 'it')).toBe('1234,50\u00a0€');
    expect(formatEuro(1234.5, 'en')).toBe('€1,234.50');
    expect(formatEuro(1234.5, 'fr')).toMatch(/^1\s234,50\s€$/);
  });

  it('turns megabytes typed in the console into the bytes the API stores, and back', () => {
    expect(megabytesToBytes(5)).toBe(5 * 1024 * 1024);
    expect(megabytesToBytes(0.5)).toBe(524_288);
    expect(bytesToMegabytes(2 * 1024 * 1024)).toBe(2);
    expect(bytesToMegabytes(1_000_000)).toBe(0.95);
  });
});
