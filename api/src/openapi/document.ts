import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ORGANIZATION_HEADER, type AccessRule } from '../common/auth/access.decorator.js';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, sortKeys(v)]),
  );
}

/** The security scheme of the metrics scraper's METRICS_TOKEN (`@Endpoint({ access: { metrics: true } })`). */
const METRICS_SCHEME = 'metricsToken';

/**
 * Every operation's `security`, from its `x-access` rule: a public route needs nothing; the metrics
 * route takes METRICS_TOKEN, or nothing from METRICS_NETWORKS; the others got theirs from `@Access`.
 */
function applyAccessSecurity(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item as Record<string, unknown>)) {
      if (!operation || typeof operation !== 'object' || !('x-access' in operation)) continue;
      const op = operation as { 'x-access': AccessRule; security?: Record<string, string[]>[] };
      if (op['x-access'].public) op.security = [];
      else if (op['x-access'].metrics) op.security = [{ [METRICS_SCHEME]: [] }, {}];
    }
  }
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: a `oneOf` schema gets it on its first typed
 * alternative instead (one only, so that `null` still matches exactly one of them).
 */
function fixNullableAlternatives(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.oneOf)) {
    const typed = (schema.oneOf as Record<string, unknown>[]).find((alternative) => alternative.type !== undefined);
    if (typed) {
      delete schema.nullable;
      typed.nullable = true;
    }
  }
  Object.values(schema).forEach(fixNullableAlternatives);
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
    // The paths carry their /api prefix: the API is served at the root of the origin that serves this document.
    .addServer('/', 'The origin that serves this document (the console and the applicant app call the API there)')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addSecurity(METRICS_SCHEME, {
      type: 'http',
      scheme: 'bearer',
      description: 'METRICS_TOKEN (GET /api/metrics only; not needed from an address in METRICS_NETWORKS)',
    })
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey: string, methodKey: string) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  applyAccessSecurity(document);
  fixNullableAlternatives(document.components?.schemas);
  return sortKeys(document) as OpenAPIObject;
}
