import { Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiParam, ApiQuery } from '@nestjs/swagger';
import { ErrorResponseDto } from './error-response.dto.js';

function uuidParameter(bind: ParameterDecorator, doc: MethodDecorator): ParameterDecorator {
  return (target, key, index) => {
    bind(target, key, index);
    const descriptor = Object.getOwnPropertyDescriptor(target, key!)!;
    doc(target, key!, descriptor);
    // No description: the endpoint's own 400, if any, keeps its words.
    ApiBadRequestResponse({ type: ErrorResponseDto })(target, key!, descriptor);
  };
}

/**
 * A UUID query parameter, declared once: validated (400 on anything else, documented) and
 * described in OpenAPI (`format: uuid`), instead of `@ApiQuery` on the method plus
 * `@Query(name, new ParseUUIDPipe())` on the parameter. Required unless `optional`.
 */
export function UuidQuery(name: string, { optional = false, description }: { description?: string; optional?: boolean } = {}) {
  const doc = ApiQuery({ name, format: 'uuid', description, ...(optional ? { required: false } : {}) });
  return uuidParameter(Query(name, new ParseUUIDPipe({ optional })), doc);
}

/** A UUID path parameter, the same way: `@UuidParam('id')` instead of `@Param('id', new ParseUUIDPipe())`. */
export function UuidParam(name: string): ParameterDecorator {
  return uuidParameter(Param(name, new ParseUUIDPipe()), ApiParam({ name, format: 'uuid' }));
}
