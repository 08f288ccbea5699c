import { Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiParam, ApiQuery } from '@nestjs/swagger';
import { ErrorResponseDto } from './error-response.dto.js';

/**
 * A UUID query parameter, declared once: validated (400 on anything else, documented) and
 * described in OpenAPI (`format: uuid`), instead of `@ApiQuery` on the method plus
 * `@Query(name, new ParseUUIDPipe())` on the parameter. Required unless `optional`.
 */
export function UuidQuery(name: string, options: { description?: string; optional?: boolean } = {}): ParameterDecorator {
  const { optional = false, description } = options;
  return (target, key, index) => {
    Query(name, new ParseUUIDPipe({ optional }))(target, key!, index);
    const descriptor = Object.getOwnPropertyDescriptor(target, key!)!;
    ApiQuery({ name, format: 'uuid', description, ...(optional ? { required: false } : {}) })(target, key!, descriptor);
    // No description: the endpoint's own 400, if any, keeps its words.
    ApiBadRequestResponse({ type: ErrorResponseDto })(target, key!, descriptor);
  };
}

/** A UUID path parameter, the same way: `@UuidParam('id')` instead of `@Param('id', new ParseUUIDPipe())`. */
export function UuidParam(name: string): ParameterDecorator {
  return (target, key, index) => {
    Param(name, new ParseUUIDPipe())(target, key!, index);
    const descriptor = Object.getOwnPropertyDescriptor(target, key!)!;
    ApiParam({ name, format: 'uuid' })(target, key!, descriptor);
    ApiBadRequestResponse({ type: ErrorResponseDto })(target, key!, descriptor);
  };
}
