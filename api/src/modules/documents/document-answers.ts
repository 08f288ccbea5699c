/** What the documents controllers share: the language and filters a document is asked in, and how a PDF is sent. */
import { StreamableFile } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DEFAULT_LANGUAGE, DEFAULT_TIME_ZONE, isLanguage, isTimeZone, LANGUAGES, type Language } from '@impact-calls/domain';
import { badRequest } from '../../common/http/app-error.js';
import { parseListQuery } from '../../common/http/pagination.js';
import { contentDisposition } from '../files/content-disposition.js';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
import { parseSubmissionFilter, SUBMISSION_FILTER_KEYS } from '../submissions/submissions.service.js';
import type { RenderedPdf } from './documents.service.js';

/** A document's language: `lang` when given (400 unless the product speaks it), else Accept-Language's first known one, else Italian. */
export function documentLanguage(lang: unknown, acceptLanguage: string | undefined): Language {
  if (lang !== undefined && lang !== '') {
    if (isLanguage(lang)) return lang;
    const why = `lang must be one of ${LANGUAGES.join(', ')}`;
    throw badRequest('errors.validation', why, { errors: { lang: why } });
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/** The zone of a document's dates: `tz` when given (400 errors.time-zone unless Intl knows it), else UTC (the server cannot know). */
export function documentTimeZone(tz: unknown): string {
  if (tz === undefined || tz === '') return DEFAULT_TIME_ZONE;
  if (isTimeZone(tz)) return tz;
  throw badRequest('errors.time-zone', 'tz must be a time zone name such as Europe/Rome', { errors: { tz: 'not a known time zone' } });
}

/** The console's filters of an export (the list's `filter` JSON); a key the list does not know answers 400. */
export function exportFilter(query: Record<string, unknown>): SubmissionFilter {
  const { filter } = parseListQuery({ filter: query.filter }, []);
  const unknown = Object.keys(filter).filter((k) => !(SUBMISSION_FILTER_KEYS as readonly string[]).includes(k));
  if (unknown.length) {
    throw badRequest('errors.export-filter', `Unknown filter ${unknown.join(', ')}: use ${SUBMISSION_FILTER_KEYS.join(', ')}`, {
      errors: Object.fromEntries(unknown.map((k) => [`filter.${k}`, 'not a filter of submissions'])),
    });
  }
  return parseSubmissionFilter(filter);
}

export const LANG_QUERY = ApiQuery({
  name: 'lang',
  required: false,
  enum: LANGUAGES,
  description: 'Language of the document (default: Accept-Language, else it)',
});
export const TZ_QUERY = ApiQuery({
  name: 'tz',
  required: false,
  type: String,
  description: `Time zone of the dates in the document, an IANA name (default: ${DEFAULT_TIME_ZONE}); the zone is named beside each date`,
  example: 'Europe/Rome',
});
export const FILTER_QUERY = ApiQuery({
  name: 'filter',
  required: false,
  type: String,
  description: `JSON object of the submissions list's filters: ${SUBMISSION_FILTER_KEYS.join(', ')}`,
  example: '{"status":"closed"}',
});

export function sendPdf(res: FastifyReply, { fileName, pdf }: RenderedPdf): StreamableFile {
  res.header('X-Content-Type-Options', 'nosniff');
  res.header('Cache-Control', 'private, no-store');
  return new StreamableFile(pdf, { type: 'application/pdf', length: pdf.length, disposition: contentDisposition(fileName) });
}
