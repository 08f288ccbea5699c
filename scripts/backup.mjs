// Backup and restore of an installation: its PostgreSQL data and its stored files.
//
//   node scripts/backup.mjs create <folder>    DATABASE_URL, FILES_DIR (or DATA_DIR/files)
//   node scripts/backup.mjs restore <folder>   into an EMPTY database (DATABASE_URL), files into FILES_DIR
//
// The data is written table by table with COPY inside one REPEATABLE READ transaction (one
// consistent snapshot while the product keeps running), so it needs no pg_dump of the server's
// version (the embedded database is PostgreSQL 18; Debian 12 ships pg_dump 15). The schema is
// not in the backup: a restore first runs the product's own migrations on an empty database, so
// it needs the same version of the product that made the backup (then start the newer one to
// upgrade). With an external PostgreSQL, `pg_dump --format=custom` of the matching version works
// as well (docs/operations.md).
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';

/** Rows that mean nothing after a restore (per-minute counters of the rate limits). */
const SKIPPED_TABLES = new Set(['rate_limit_counter']);
const ident = (name) => `"${name.replaceAll('"', '""')}"`;

function settings() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error(
      'Set DATABASE_URL (for the embedded database: postgres://postgres:postgres@127.0.0.1:54329/impact_calls while it runs)',
    );
  const filesDir = resolve(process.env.FILES_DIR ?? join(process.env.DATA_DIR ?? 'data', 'files'));
  return { databaseUrl, filesDir, s3: !!process.env.S3_BUCKET };
}

async function tablesOf(client) {
  const { rows } = await client.query(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
      GROUP BY c.relname ORDER BY c.relname`,
  );
  return rows.filter((t) => !SKIPPED_TABLES.has(t.name));
}

async function lastMigration(client) {
  const { rows } = await client.query('SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1');
  return rows[0]?.name ?? null;
}

export async function createBackup(folder, { databaseUrl, filesDir, s3 } = settings()) {
  mkdirSync(join(folder, 'data'), { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'impact-calls-backup' });
  await client.connect();
  const manifest = { format: 1, createdAt: new Date().toISOString(), migration: null, tables: [], files: { copied: false, count: 0 } };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    manifest.migration = await lastMigration(client);
    for (const table of await tablesOf(client)) {
      const file = `${table.name}.copy.gz`;
      const columns = table.columns.map(ident).join(', ');
      const source = client.query(copyStreams.to(`COPY public.${ident(table.name)} (${columns}) TO STDOUT`));
      await pipeline(source, createGzip(), createWriteStream(join(folder, 'data', file)));
      manifest.tables.push({ name: table.name, columns: table.columns, rows: source.rowCount, file });
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  // Files after the data: a file uploaded in between is only an unreferenced extra.
  if (!s3 && existsSync(filesDir)) {
    cpSync(filesDir, join(folder, 'files'), { recursive: true });
    manifest.files = { copied: true, count: countFiles(join(folder, 'files')) };
  }
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

function countFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(join(dir, e.name)) : 1), 0);
}

/**
 * Into an EMPTY database: the product's migrations (api/dist: `npm run build` first), then every
 * table's rows with triggers and foreign keys off (session_replication_role = replica: the
 * derived tables come from the backup, not recomputed), the sequences moved past the rows, and
 * e-mails not yet delivered handed back to the queue. Then the files.
 */
export async function restoreBackup(folder, { databaseUrl, filesDir, s3 } = settings()) {
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
  if (manifest.format !== 1) throw new Error(`${folder}: not a backup of this product (format ${manifest.format})`);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'impact-calls-restore' });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    if (rows[0].n > 0)
      throw new Error('The target database is not empty: restore into a new database (createdb), then point DATABASE_URL at it');
    const { migrateDatabase } = await import(new URL('../api/dist/database/migrate.js', import.meta.url).href);
    await migrateDatabase(databaseUrl);
    const migration = await lastMigration(client);
    if (migration !== manifest.migration)
      throw new Error(
        `The backup was made at migration ${manifest.migration}, this product is at ${migration}: restore with the version that made it, then upgrade`,
      );

    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    // Migrations may have seeded rows (built-in step types...): the backup's rows replace them.
    await client.query(`TRUNCATE ${manifest.tables.map((t) => `public.${ident(t.name)}`).join(', ')}`);
    for (const table of manifest.tables) {
      const sink = client.query(copyStreams.from(`COPY public.${ident(table.name)} (${table.columns.map(ident).join(', ')}) FROM STDIN`));
      await pipeline(createReadStream(join(folder, 'data', table.file)), createGunzip(), sink);
      if (sink.rowCount !== table.rows) throw new Error(`${table.name}: ${sink.rowCount} rows restored, ${table.rows} in the backup`);
    }
    const { rows: sequences } = await client.query(
      `SELECT s.relname AS sequence, t.relname AS "table", a.attname AS "column"
         FROM pg_depend d
         JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
         JOIN pg_class t ON t.oid = d.refobjid
         JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
        WHERE d.deptype IN ('a', 'i')`,
    );
    for (const s of sequences)
      await client.query(
        `SELECT setval('public.${ident(s.sequence)}', COALESCE((SELECT max(${ident(s.column)}) FROM public.${ident(s.table)}), 1), (SELECT count(*) > 0 FROM public.${ident(s.table)}))`,
      );
    // The job queue (pg-boss' schema) is not in the backup: e-mails not delivered yet go back to it.
    if (manifest.tables.some((t) => t.name === 'message'))
      await client.query(
        `UPDATE message SET enqueued_at = NULL, state = CASE WHEN state = 'sending' THEN 'queued' ELSE state END WHERE state IN ('queued', 'sending', 'retrying')`,
      );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end();
  }
  if (manifest.files.copied && !s3) cpSync(join(folder, 'files'), filesDir, { recursive: true });
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, folder] = process.argv.slice(2);
  if (!['create', 'restore'].includes(command) || !folder) {
    console.error('usage: node scripts/backup.mjs create|restore <folder>   (DATABASE_URL; FILES_DIR or DATA_DIR for local files)');
    process.exit(2);
  }
  try {
    const started = Date.now();
    const m = command === 'create' ? await createBackup(resolve(folder)) : await restoreBackup(resolve(folder));
    const rows = m.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `${command === 'create' ? 'Backed up' : 'Restored'} ${m.tables.length} tables (${rows} rows, migration ${m.migration})` +
        `${m.files.copied ? ` and ${m.files.count} files` : ' (files: in S3, not copied)'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (e) {
    console.error(`${command} failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
