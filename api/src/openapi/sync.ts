import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { writeFileSync } from 'node:fs';
import { AppModule } from '../app.module.js';
import { loadSettings } from '../config/settings.js';
import { buildOpenApiDocument } from './document.js';

/** Writes the OpenAPI document without a database or a listening server (preview mode: no provider is made). */
async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) throw new Error('usage: sync.js <output.json>');
  const settings = loadSettings({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(settings, 'postgres://preview/none'),
    new FastifyAdapter(),
    {
      preview: true,
      logger: false,
      abortOnError: false,
    },
  );
  app.setGlobalPrefix('api');
  const document = buildOpenApiDocument(app);
  writeFileSync(out, JSON.stringify(document, null, 2) + '\n');
  await app.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
