import { applyDecorators, HttpCode, type Type } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, type ApiResponseNoStatusOptions } from '@nestjs/swagger';
import { Access, type AccessRule } from '../auth/access.decorator.js';
import { ErrorResponseDto } from './error-response.dto.js';

/** An error answer: `true` (ErrorResponseDto, no description), its description, or its own body type. */
type ErrorDoc = true | string | { type: Type<unknown>; description?: string };

export interface EndpointOptions {
  /** Who may call it (see Access). Every endpoint states it: none is reachable by default. */
  access: AccessRule;
  /** The success answer: a DTO, [DTO] for a list, or the whole response options (headers, schema...). */
  ok?: Type<unknown> | [Type<unknown>] | ApiResponseNoStatusOptions;
  /** The success status, sent and documented: 200 unless said (201 Created, 204 No Content...), whatever the method. */
  status?: 201 | 202 | 204;
  /** The answer is a file of this media type (a binary body) instead of JSON. */
  file?: string;
  /** The error answers; Access already documents 401 and 403 of the endpoints that need a user. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 429 | 503, ErrorDoc>>;
}

function okResponse({ ok, file }: EndpointOptions): ApiResponseNoStatusOptions | undefined {
  if (file) return { schema: { type: 'string', format: 'binary' } };
  if (typeof ok === 'function' || Array.isArray(ok)) return { type: ok };
  return ok;
}

/**
 * One endpoint's declaration, each rule once (as immich's `@Endpoint`): operationId and summary,
 * who may call it, the success status and answer, and the error answers. The route stays `@Get`/`@Post`...
 */
export function Endpoint(operationId: string, summary: string, options: EndpointOptions) {
  const { access, status = 200, file, errors = {} } = options;
  const ok = okResponse(options);
  return applyDecorators(
    Access(access),
    HttpCode(status),
    ApiOperation({ operationId, summary }),
    ...(file ? [ApiProduces(file)] : []),
    ...(ok || status !== 200 ? [ApiResponse({ ...ok, status })] : []),
    ...Object.entries(errors).map(([code, doc]) =>
      ApiResponse({
        status: Number(code),
        ...(doc === true ? { type: ErrorResponseDto } : typeof doc === 'string' ? { type: ErrorResponseDto, description: doc } : doc),
      }),
    ),
  );
}
