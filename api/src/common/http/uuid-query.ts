import { ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';

/**
 * A required UUID query parameter, declared once: validated (400 on anything else) and
 * described in OpenAPI (`format: uuid`), instead of `@ApiQuery` on the method plus
 * `@Query(name, new ParseUUIDPipe())` on the parameter.
 */
export function UuidQuery(name: string, options: { description?: string } = {}): ParameterDecorator {
  return (target, key, index) => {
    Query(name, new ParseUUIDPipe())(target, key!, index);
    ApiQuery({ name, format: 'uuid', ...options })(target, key!, Object.getOwnPropertyDescriptor(target, key!)!);
  };
}
