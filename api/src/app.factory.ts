import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DestinationStream, Logger as Pino } from 'pino';
import { createRootLogger, PinoNestLogger, requestLogging } from './common/logging/logging.js';
import { AppModule } from './app.module.js';
import { bodyParsers, securityHeaders } from './common/http/pipeline.js';
import { CanonicalIdPipe, createValidationPipe } from './common/validation/validation.pipe.js';
import { BAD_CHARACTER_MESSAGE, hasBadCharacter, refuseBadUrlCharacters } from './common/http/text-guard.js';
import type { Settings } from './config/settings.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { DemoContentService } from './modules/demo/demo-content.service.js';
import { migrateDatabase } from './database/migrate.js';
import { mountDevOidc } from './modules/dev-oidc/dev-oidc.service.js';

/** Hooks that must be mounted before the JSON body parser (the embedded OIDC provider). */
export type PreBodyMount = (app: NestExpressApplication) => void | Promise<void>;
const preBodyMounts: PreBodyMount[] = [];
export function registerPreBodyMount(mount: PreBodyMount): void {
  preBodyMounts.push(mount);
}
// The embedded development OpenID provider (only when OIDC_ISSUER is unset) parses its own forms.
registerPreBodyMount(mountDevOidc);

/**
 * JSON keys that could reach an object's prototype are refused outright (security.md, Input):
 * class-transformer would otherwise drop `__proto__` silently and answer 200. So are NUL and
 * lone surrogates in any key or string (text-guard.ts): one check for every JSON body.
 */
export const FORBIDDEN_JSON_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
function refuseBadJson(key: string, value: unknown): unknown {
  if (FORBIDDEN_JSON_KEYS.has(key)) throw new SyntaxError(`Forbidden key "${key}" in JSON body`);
  if ((typeof value === 'string' && hasBadCharacter(value)) || hasBadCharacter(key)) throw new SyntaxError(BAD_CHARACTER_MESSAGE);
  return value;
}

function serveSpa(app: NestExpressApplication, mountPath: string, dir: string): void {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return;
  const files = express.static(dir, {
    index: false,
    setHeaders: (res, path) =>
      res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  // Mounted before Nest's routes: API calls must not pay for a file-system lookup.
  app.use(mountPath, (req: Request, res: Response, next: NextFunction) => {
    const url = req.originalUrl;
    if (url.startsWith('/api/') || url.startsWith('/oidc')) return next();
    return files(req, res, next);
  });
  // History fallback: any other GET for a page gets index.html; /api/* never does.
  app.use(mountPath, (req: Request, res: Response, next: NextFunction) => {
    const path = req.originalUrl.split('?')[0];
    if (req.method !== 'GET' || path.startsWith('/api') || path.startsWith('/oidc')) return next();
    if (mountPath === '/' && (path === '/admin' || path.startsWith('/admin/'))) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

/** Everything around the Nest routes: headers, body limits, validation, Swagger, the SPAs. */
export async function configureApp(app: NestExpressApplication, settings: Settings, log: Pino): Promise<void> {
  app.useLogger(new PinoNestLogger(log));
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestLogging(log));
  app.use(refuseBadUrlCharacters);
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'https://*.powerbi.com', 'https://*.analysis.windows.net'],
          frameSrc: ["'self'", 'https://app.powerbi.com'],
          formAction: ["'self'", ...(settings.oidc ? [new URL(settings.oidc.issuer).origin] : [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  for (const mount of preBodyMounts) await mount(app);
  app.use(bodyParsers({ limit: settings.bodyLimit, reviver: refuseBadJson }, { limit: '100kb', extended: false }));
  app.setGlobalPrefix('api', { exclude: [] });
  app.useGlobalPipes(new CanonicalIdPipe(), createValidationPipe());
  app.enableShutdownHooks();

  const document = buildOpenApiDocument(app);
  app.use('/api/openapi.json', (_req: Request, res: Response) => res.json(document));
  SwaggerModule.setup('api/docs', app, document, { customSiteTitle: 'Impact Calls API', jsonDocumentUrl: 'api/docs-json' });

  serveSpa(app, '/admin', settings.staticDirs.admin);
  serveSpa(app, '/', settings.staticDirs.applicant);
}

export interface StartedApp {
  app: NestExpressApplication;
  close(): Promise<void>;
}

/** Builds the whole product on a database; runs migrations, and loads demo content on an empty database. */
export async function createApp(
  settings: Settings,
  databaseUrl: string,
  options: { demo?: boolean; logDestination?: DestinationStream } = {},
): Promise<NestExpressApplication> {
  const { wasEmpty } = await migrateDatabase(databaseUrl);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(settings, databaseUrl), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  await configureApp(app, settings, createRootLogger(settings.logLevel, options.logDestination));
  await app.init();
  if ((options.demo ?? settings.demoContent) && wasEmpty) await app.get(DemoContentService).load();
  return app;
}
