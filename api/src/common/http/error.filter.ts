import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { RequestWithId } from '../logging/logging.js';
import { OptimisticLockVersionMismatchError, QueryFailedError } from 'typeorm';

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
  429: 'errors.too-many-requests',
  500: 'errors.internal',
};

/** Maps any thrown value to the one error shape of the API: `{ statusCode, message, key }`. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Nest wraps body-parser's JSON syntax error in a plain BadRequestException.
    if (status === 400 && (exception.cause instanceof SyntaxError || /JSON/.test(exception.message)) && !(exception.getResponse() as { key?: string }).key) {
      const forbidden = /Forbidden key "(\w+)"/.exec(`${exception.message} ${(exception.cause as Error | undefined)?.message ?? ''}`);
      if (forbidden) return { statusCode: 400, message: `The key "${forbidden[1]}" is not allowed in a request body`, key: 'errors.forbidden-key' };
      return { statusCode: 400, message: 'The request body is not valid JSON', key: 'errors.malformed-json' };
    }
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null) {
      const r = response as Record<string, unknown>;
      const message = Array.isArray(r.message) ? r.message.join('; ') : String(r.message ?? exception.message);
      return { ...r, statusCode: status, message, key: typeof r.key === 'string' ? r.key : (DEFAULT_KEYS[status] ?? 'errors.http') };
    }
    return { statusCode: status, message: String(response), key: DEFAULT_KEYS[status] ?? 'errors.http' };
  }
  if (exception instanceof OptimisticLockVersionMismatchError) {
    return { statusCode: 409, message: 'This record was changed by someone else; reload it', key: 'errors.stale-version' };
  }
  if (exception instanceof QueryFailedError) {
    const code = (exception as QueryFailedError & { driverError?: { code?: string } }).driverError?.code;
    if (code === '22P02') return { statusCode: 400, message: 'Malformed identifier', key: 'errors.bad-request' };
    if (code === '23505') return { statusCode: 409, message: 'This record already exists', key: 'errors.conflict' };
  }
  // Body-parser errors (malformed JSON, too large) carry a status and a type.
  const e = exception as { status?: number; statusCode?: number; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (e.type === 'entity.parse.failed') {
      const forbidden = /Forbidden key "(\w+)"/.exec((exception as Error).message ?? '');
      if (forbidden) return { statusCode: 400, message: `The key "${forbidden[1]}" is not allowed in a request body`, key: 'errors.forbidden-key' };
      return { statusCode: 400, message: 'The request body is not valid JSON', key: 'errors.malformed-json' };
    }
    if (e.type === 'entity.too.large') return { statusCode: 413, message: 'The request body is too large', key: 'errors.payload-too-large' };
    return { statusCode: status, message: 'Bad request', key: DEFAULT_KEYS[status] ?? 'errors.bad-request' };
  }
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error', key: 'errors.internal' };
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) {
      const req = http.getRequest<RequestWithId>();
      this.logger.error({ reqId: req.id, method: req.method, url: req.originalUrl, err: exception instanceof Error ? exception : new Error(String(exception)) });
    }
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }
}
