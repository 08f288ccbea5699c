import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ORGANIZATION_HEADER } from '../common/auth/access.decorator.js';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The OpenAPI document of every route, with stable key order so the committed file diffs cleanly. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Impact Calls API')
    .setDescription(
      `Organizations apply to funding and programme calls. Authenticate with a bearer token from POST /api/Jwt/token-exchange; ` +
        `send the organization you act for in the ${ORGANIZATION_HEADER} header. Errors are { statusCode, message, key } where key is an i18n key.`,
    )
    .setVersion('1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey: string, methodKey: string) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  return sortKeys(document) as OpenAPIObject;
}
