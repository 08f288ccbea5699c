import { NotFoundException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { DestinationStream, Logger as Pino } from 'pino';
import { createRootLogger, installRequestLogging, PinoNestLogger, requestId } from './common/logging/logging.js';
import { installRequestContext } from './common/logging/request-context.js';
import { AppModule } from './app.module.js';
import { byteSize, installPipeline, securityHeaders } from './common/http/pipeline.js';
import { CanonicalIdPipe, createValidationPipe } from './common/validation/validation.pipe.js';
import { refuseBadJson } from './common/validation/json-text.js';
import { jsonBody, jsonDocument } from './common/http/send-json.js';
import { installCompression } from './common/http/compression.js';
import type { Settings } from './config/settings.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { DemoContentService } from './modules/demo/demo-content.service.js';
import { migrateDatabase } from './database/migrate.js';
import { Traffic } from './common/lifecycle/traffic.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import { nameSpanAfterRoute, tracing } from './common/http/trace-route.js';
import { DevOidcService } from './modules/dev-oidc/dev-oidc.service.js';

/** Every file under `dir`, as the URL path under `mountPath` that names it. */
function filesUnder(dir: string, mountPath: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile())
        files.set(`${mountPath === '/' ? '' : mountPath}/${relative(dir, path).split(sep).join('/')}`, relative(dir, path));
    }
  };
  walk(dir);
  return files;
}

/**
 * A built single-page application under `mountPath`: its files (assets cached for a year: their names
 * carry a hash), and index.html for any other page. The files are listed once at start, so no path
 * outside the folder can be named.
 */
function serveSpa(fastify: FastifyInstance, mountPath: string, dir: string): void {
  const files = filesUnder(dir, mountPath);
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    let path = '';
    try {
      path = decodeURIComponent(request.url.split('?')[0]);
    } catch {
      // Not a path of the application: its index.html.
    }
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/oidc/')) throw new NotFoundException();
    const file = files.get(path);
    if (file && file !== 'index.html')
      return reply
        .header('Cache-Control', file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(file, dir, { cacheControl: false });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', dir, { cacheControl: false });
  };
  for (const url of mountPath === '/' ? ['/', '/*'] : [mountPath, `${mountPath}/*`]) fastify.get(url, answer);
}

/** Everything around the Nest routes: headers, body limits, validation, Swagger, the SPAs. */
export async function configureApp(app: NestFastifyApplication, settings: Settings, log: Pino): Promise<void> {
  app.useLogger(new PinoNestLogger(log));
  const fastify = app.getHttpAdapter().getInstance();
  // Counted and timed first: every request, whatever answers it (graceful shutdown, /api/metrics).
  fastify.addHook('onRequest', app.get(Traffic).onRequest);
  fastify.addHook('onResponse', app.get(MetricsService).onResponse);
  installRequestLogging(fastify, log);
  installRequestContext(fastify);
  if (tracing()) fastify.addHook('onRequest', nameSpanAfterRoute);
  installPipeline(
    fastify,
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
    { jsonLimit: byteSize(settings.bodyLimit), formLimit: 100 * 1024, reviver: refuseBadJson },
  );
  // ETags and compression for the routes that follow (the SPAs', the embedded provider's, Nest's).
  await installCompression(fastify, settings.cachesOff.includes('gzip-recent'));
  // The embedded development OpenID provider (only when OIDC_ISSUER is unset) reads its own forms.
  await app.get(DevOidcService).mount(fastify);
  app.setGlobalPrefix('api', { exclude: [] });
  app.useGlobalPipes(new CanonicalIdPipe(), createValidationPipe());
  // No enableShutdownHooks(): server.ts drains first, then app.close(); Nest's handler would close
  // Fastify at once, which answers 503 to the requests of the drain.

  // Built on its first request, not at start: a replica that starts under load serves applicants first.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const openApi = () => (document ??= buildOpenApiDocument(app));
  let openApiJson: ReturnType<typeof jsonDocument> | undefined;
  fastify.get('/api/openapi.json', (_request, reply) => jsonBody(reply, (openApiJson ??= jsonDocument(JSON.stringify(openApi())))));
  SwaggerModule.setup('api/docs', app, openApi, { customSiteTitle: 'Impact Calls API', jsonDocumentUrl: 'api/docs-json' });

  const spas = [
    ['/admin', settings.staticDirs.admin],
    ['/', settings.staticDirs.applicant],
  ].filter(([, dir]) => existsSync(join(dir, 'index.html')));
  // reply.sendFile (each SPA names its own folder): range requests, HEAD, Last-Modified.
  if (spas.length) await fastify.register(fastifyStatic, { root: spas[0][1], serve: false });
  for (const [mountPath, dir] of spas) serveSpa(fastify, mountPath, dir);
}

/** Builds the whole product on a database; runs migrations, and loads demo content on an empty database. */
export async function createApp(
  settings: Settings,
  databaseUrl: string,
  options: { demo?: boolean; logDestination?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const { wasEmpty } = await migrateDatabase(databaseUrl);
  // Fastify under Nest (docs/decisions/fastify.md).
  const fastify = new FastifyAdapter({
    trustProxy: settings.trustProxy.length > 0 ? settings.trustProxy : false,
    bodyLimit: byteSize(settings.bodyLimit),
    genReqId: requestId,
    // As Express matched them: paths in any letter case, with or without a trailing slash.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(settings, databaseUrl), fastify, {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  await configureApp(app, settings, createRootLogger(settings.logLevel, options.logDestination));
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  if ((options.demo ?? settings.demoContent) && wasEmpty) await app.get(DemoContentService).load();
  return app;
}
