import { DataSource } from 'typeorm';
import { migrations } from './migrations/index.js';
import { SnakeNamingStrategy } from './snake-naming.strategy.js';

/** An arbitrary constant: the advisory lock that serializes migrations across replicas. */
const MIGRATION_LOCK = 72_360_001;

/**
 * Runs pending migrations under an advisory lock, so replicas starting at once migrate exactly once.
 * Answers whether the database was empty before.
 */
export async function migrateDatabase(url: string): Promise<{ wasEmpty: boolean }> {
  const ds = new DataSource({
    type: 'postgres',
    url,
    namingStrategy: new SnakeNamingStrategy(),
    uuidExtension: 'pgcrypto',
    migrations,
    migrationsTransactionMode: 'each',
  });
  await ds.initialize();
  try {
    await ds.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const [{ t }] = (await ds.query("SELECT to_regclass('public.migrations')::text AS t")) as { t: string | null }[];
      const ran = await ds.runMigrations();
      return { wasEmpty: t === null && ran.length > 0 };
    } finally {
      await ds.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await ds.destroy();
  }
}
