import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { loadSettings } from './config/settings.js';
import { freePort, startEmbeddedPostgres } from './database/embedded-database.js';
import { migrateDatabase } from './database/migrate.js';

/**
 * `npm run migration:generate -w api -- <kebab-name>`: writes a migration bringing the migrated schema in
 * line with the entities, on DATABASE_URL's server (a scratch database) or an embedded one.
 */
export async function pendingSchemaSql(dataSource: DataSource): Promise<{ up: string[]; down: string[] }> {
  const log = await dataSource.driver.createSchemaBuilder().log();
  return { up: log.upQueries.map((q) => q.query), down: log.downQueries.map((q) => q.query).reverse() };
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9-]+$/.test(name)) throw new Error('usage: generate-migration.js <kebab-name>');
  const stop: (() => Promise<void>)[] = [];
  let url = process.env.DATABASE_URL;
  if (url) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const db = `migration_gen_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${db}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${db}`;
    url = u.toString();
  } else {
    const embedded = await startEmbeddedPostgres(mkdtempSync(join(tmpdir(), 'ic-migr-')), await freePort());
    stop.push(() => embedded.stop());
    url = embedded.url;
  }
  const settings = loadSettings({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', DEMO_CONTENT: 'false' });
  await migrateDatabase(url);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(settings, url), { logger: false });
  const { up, down } = await pendingSchemaSql(app.get<DataSource>(getDataSourceToken()));
  await app.close();
  for (const s of stop) await s();
  if (up.length === 0) {
    console.log('No changes: the entities match the migrations.');
    return;
  }
  const ts = Date.now();
  const className = name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()) + ts;
  const q = (s: string) => '`' + s.replace(/`/g, '\\`') + '`';
  const file = resolve(process.cwd(), 'src/database/migrations', `${ts}-${name}.ts`);
  writeFileSync(
    file,
    `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${up.map((s) => `    await queryRunner.query(${q(s)});`).join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down.map((s) => `    await queryRunner.query(${q(s)});`).join('\n')}
  }
}
`,
  );
  console.log(`Wrote ${file}\nAdd ${className} to src/database/migrations/index.ts.`);
}

if (process.argv[1]?.endsWith('generate-migration.js')) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
