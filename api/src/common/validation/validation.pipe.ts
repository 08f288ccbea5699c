import { type ArgumentMetadata, type PipeTransform, ValidationPipe, type ValidationError } from '@nestjs/common';
import { canonicalId } from '../ids.js';
import { badRequest } from '../http/app-error.js';

function flatten(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const first = Object.entries(error.constraints)[0];
      out[path] = first[0] === 'whitelistValidation' ? `${path} is not an accepted field` : first[1];
    }
    if (error.children?.length) Object.assign(out, flatten(error.children, path));
  }
  return out;
}

/** Global validation: unknown fields refused, failures answered with `errors: { field: message }` (shown beside each input). */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      const message = Object.values(fields).join('; ') || 'Invalid request';
      return badRequest('errors.validation', message, { errors: fields });
    },
  });
}

/** Path and query parameters that are uuids, in lower case (body ids: UuidField does the same). */
export class CanonicalIdPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' || metadata.type === 'query' ? canonicalId(value) : value;
  }
}
