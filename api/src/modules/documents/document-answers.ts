/** What the documents controllers share: the language and filters a document is asked in, and how a PDF is sent. */
import { StreamableFile } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DEFAULT_LANGUAGE, DEFAULT_TIME_ZONE, isTimeZone, LANGUAGES, type Language } from '@impact-calls/domain';
import { badRequest } from '../../common/http/app-error.js';
import { parseListQuery } from '../../common/http/pagination.js';
import { contentDisposition } from '../files/content-disposition.js';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
import { parseSubmissionFilter, SUBMISSION_FILTER_KEYS } from '../submissions/submissions.service.js';
import type { RenderedPdf } from './documents.service.js';

/**
 * The language of a document: `lang` when given (it, en, fr; anything else 400), else the
 * first language of Accept-Language the product speaks, else Italian.
 */
export function documentLanguage(lang: unknown, acceptLanguage: string | undefined): Language {
  if (lang !== undefined && lang !== '') {
    if (typeof lang === 'string' && (LANGUAGES as readonly string[]).includes(lang)) return lang as Language;
    throw badRequest('errors.validation', `lang must be one of ${LANGUAGES.join(', ')}`, {
      errors: { lang: `lang must be one of ${LANGUAGES.join(', ')}` },
    });
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The time zone a document's dates are written in: `tz` when given (a zone Intl knows, else 400
 * errors.time-zone), else UTC. A document is made on the server, which cannot see the reader's zone.
 */
export function documentTimeZone(tz: unknown): string {
  if (tz === undefined || tz === '') return DEFAULT_TIME_ZONE;
  if (isTimeZone(tz)) return tz;
  throw badRequest('errors.time-zone', 'tz must be a time zone name such as Europe/Rome', {
    errors: { tz: 'not a known time zone' },
  });
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

/** Today (UTC) in file names. */
export const stamp = () => new Date().toISOString().slice(0, 10);
