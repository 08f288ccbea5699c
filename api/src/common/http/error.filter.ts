import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OptimisticLockVersionMismatchError } from 'typeorm';
import { refusedFor } from '../../database/sql.js';
import { BAD_CHARACTER_MESSAGE } from './text-guard.js';

export interface ErrorBody {
  statusCode: number;
  message: string;
  key: string;
  errors?: Record<string, string>;
  [extra: string]: unknown;
}

const DEFAULT_KEYS: Record<number, string> = {
  400: 'errors.bad-request',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.not-found',
  409: 'errors.conflict',
  413: 'errors.payload-too-large',
  415: 'errors.unsupported-media-type',
  428: 'errors.version-required',
  429: 'errors.too-many-requests',
  500: 'errors.internal',
  503: 'errors.service-unavailable',
};

/** Seconds a client is asked to wait before trying again when the database is out of reach. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** SQLSTATE classes and codes that mean "no database right now" (not a bad request, not a bug). */
const OUTAGE_SQLSTATES = /^(08...|57P0[1-4]|53300|53400)$/;
const OUTAGE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const OUTAGE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Cannot use a pool after calling end|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when `e` (or what it wraps: TypeORM's driverError, a cause) says the database cannot be
 * reached: a refused or lost connection, a server shutting down or starting, too many clients.
 * Such requests answer 503 with Retry-After, so clients wait and retry instead of failing.
 */
export function isDatabaseOutage(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 4) return false;
  const x = e as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof x.code === 'string' && (OUTAGE_SQLSTATES.test(x.code) || OUTAGE_ERRNOS.has(x.code))) return true;
  if (typeof x.message === 'string' && OUTAGE_MESSAGES.test(x.message)) return true;
  // Node's AggregateError (a connection to every address of a host refused).
  if (Array.isArray(x.errors) && x.errors.some((inner) => isDatabaseOutage(inner, depth + 1))) return true;
  return isDatabaseOutage(x.driverError, depth + 1) || isDatabaseOutage(x.cause, depth + 1);
}

const errorBody = (statusCode: number, key: string, message: string): ErrorBody => ({ statusCode, message, key });

/** A body that JSON.parse (or its reviver) refused: a forbidden key, a bad character, or not JSON at all. */
function jsonSyntaxError(message: string): ErrorBody {
  const forbidden = /Forbidden key "(\w+)"/.exec(message);
  if (forbidden) return errorBody(400, 'errors.forbidden-key', `The key "${forbidden[1]}" is not allowed in a request body`);
  if (message.includes(BAD_CHARACTER_MESSAGE))
    return errorBody(400, 'errors.invalid-characters', 'The request body holds a character that is not allowed (NUL or a lone surrogate)');
  return errorBody(400, 'errors.malformed-json', 'The request body is not valid JSON');
}

/** Maps any thrown value to the one error shape of the API: `{ statusCode, message, key }`. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Nest wraps the JSON parser's SyntaxError (the reviver's refusals too) in a plain BadRequestException.
    if (
      status === 400 &&
      (exception.cause instanceof SyntaxError || /JSON/.test(exception.message)) &&
      !(exception.getResponse() as { key?: string }).key
    ) {
      return jsonSyntaxError(`${exception.message} ${(exception.cause as Error | undefined)?.message ?? ''}`);
    }
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null) {
      const r = response as Record<string, unknown>;
      const message = Array.isArray(r.message) ? r.message.join('; ') : String(r.message ?? exception.message);
      return { ...r, statusCode: status, message, key: typeof r.key === 'string' ? r.key : (DEFAULT_KEYS[status] ?? 'errors.http') };
    }
    return errorBody(status, DEFAULT_KEYS[status] ?? 'errors.http', String(response));
  }
  // The JSON body parser's refusals (pipeline.ts): not JSON, or its reviver's forbidden key or bad character.
  if (exception instanceof SyntaxError) return jsonSyntaxError(exception.message);
  if (exception instanceof OptimisticLockVersionMismatchError)
    return errorBody(409, 'errors.stale-version', 'This record was changed by someone else; reload it');
  if (refusedFor(exception, 'malformed')) return errorBody(400, 'errors.bad-request', 'Malformed identifier');
  if (refusedFor(exception, 'uniqueKey')) return errorBody(409, 'errors.conflict', 'This record already exists');
  if (isDatabaseOutage(exception)) {
    const message = 'The service is briefly unavailable (its database cannot be reached); try again shortly';
    return { ...errorBody(HttpStatus.SERVICE_UNAVAILABLE, 'errors.service-unavailable', message), retryAfter: OUTAGE_RETRY_AFTER_SECONDS };
  }
  // Fastify's own refusals (body too large, a media type no parser takes, a bad Content-Length) carry a status and a code.
  const e = exception as { status?: number; statusCode?: number; code?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return errorBody(413, 'errors.payload-too-large', 'The request body is too large');
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return errorBody(415, 'errors.unsupported-media-type', 'This type of request body is not accepted');
    return errorBody(status, DEFAULT_KEYS[status] ?? 'errors.bad-request', 'Bad request');
  }
  return errorBody(HttpStatus.INTERNAL_SERVER_ERROR, 'errors.internal', 'Internal server error');
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const body = toErrorBody(exception);
    const unavailable = body.key === 'errors.service-unavailable';
    if (unavailable || body.statusCode >= 500) {
      const req = http.getRequest<FastifyRequest>();
      const request = { reqId: req.id, method: req.method, url: req.originalUrl };
      if (unavailable) this.logger.warn({ ...request, msg: `503: ${exception instanceof Error ? exception.message : String(exception)}` });
      else this.logger.error({ ...request, err: exception instanceof Error ? exception : new Error(String(exception)) });
    }
    if (reply.sent || reply.raw.headersSent) return;
    // 429 and 503 say when to come back.
    if (typeof body.retryAfter === 'number') void reply.header('Retry-After', String(body.retryAfter));
    void reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  }
}
