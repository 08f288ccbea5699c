// Issue 15: which technique reads rows into objects on the hot paths, decided by measurement.
// The same read, the steps of a call type in order (what every save and close looks up on a
// cache miss, and the fill screens read), made four ways on one pool of 10 connections, 16 reads
// in flight, in turn and twice over:
// - TypeORM's entity API (`repository.find`, the entities hydrated from the raw rows);
// - Kysely, the query builder immich moved to (its rows are the objects; unnamed statements);
// - `Sql.query`: the SQL text with columns aliased to the fields, unprepared;
// - `Sql.rows`: the same text as a named prepared statement (planned once per connection).
// Issue 30 adds typed SQL (docs/decisions/typed-sql.md), the product's own executor from the
// built API (api/dist/database/typed-sql.js; `npm run build -w api` first):
// - `Sql.run`: the statement written with Kysely over the generated schema types, compiled once
//   (camelCase fields aliased by the compiler) and run as a named prepared statement;
// - the alternative it was chosen over: the same statement with snake_case columns, each row's
//   keys mapped to camelCase after the query (what Kysely's CamelCasePlugin does to results).
// Figures: reads per second and this process's CPU per read (the database's work is the same
// statement each time; what differs is the client's).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DataSource, EntitySchema } from 'typeorm';

export const name = 'read-techniques';
const READS = 20_000;
const IN_FLIGHT = 16;
const POOL = 10;

const TEXT = `SELECT s.id, s.name, s.content, s.sort, s.step_type_id AS "stepTypeId", s.call_type_id AS "callTypeId"
  FROM step s WHERE s.call_type_id = $1 ORDER BY s.sort`;

const StepSchema = new EntitySchema({
  name: 'step',
  tableName: 'step',
  columns: {
    id: { type: 'uuid', primary: true },
    name: { type: 'varchar' },
    content: { type: 'jsonb' },
    sort: { type: 'integer' },
    stepTypeId: { type: 'uuid', name: 'step_type_id' },
    callTypeId: { type: 'uuid', name: 'call_type_id' },
  },
});

async function timed(read) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  let rows = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < READS) {
        const got = await read();
        rows += got.length;
      }
    }),
  );
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    readsPerSecond: Math.round(READS / (ms / 1000)),
    cpuUsPerRead: +((used.user + used.system) / READS).toFixed(1),
    rowsPerRead: rows / READS,
  };
}

const camel = (key) => key.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
const SNAKE_TEXT = `SELECT s.id, s.name, s.content, s.sort, s.step_type_id, s.call_type_id FROM step s WHERE s.call_type_id = $1 ORDER BY s.sort`;

export async function run({ databaseUrl }) {
  const { db, statement } = await import(new URL('../../api/dist/database/typed-sql.js', import.meta.url).href);
  const stepsOf = statement('bench-steps-of', (p) =>
    db
      .selectFrom('step as s')
      .select(['s.id', 's.name', 's.content', 's.sort', 's.stepTypeId', 's.callTypeId'])
      .where('s.callTypeId', '=', p.callTypeId)
      .orderBy('s.sort'),
  );
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL });
  const [{ id: callTypeId }] = (
    await pool.query(`SELECT call_type_id AS id FROM step GROUP BY call_type_id ORDER BY count(*) DESC, call_type_id LIMIT 1`)
  ).rows;
  const typeorm = new DataSource({ type: 'postgres', url: databaseUrl, entities: [StepSchema], extra: { max: POOL } });
  await typeorm.initialize();
  const steps = typeorm.getRepository(StepSchema);
  const kysely = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: POOL }) }) });

  const techniques = {
    'TypeORM repository.find (entities)': () => steps.find({ where: { callTypeId }, order: { sort: 'ASC' } }),
    'Kysely (rows as objects, unnamed statement)': () =>
      kysely
        .selectFrom('step as s')
        .select(['s.id', 's.name', 's.content', 's.sort', 's.step_type_id as stepTypeId', 's.call_type_id as callTypeId'])
        .where('s.call_type_id', '=', callTypeId)
        .orderBy('s.sort')
        .execute(),
    'Sql.query (aliased columns, unnamed statement)': async () => (await pool.query(TEXT, [callTypeId])).rows,
    'Sql.rows (aliased columns, named prepared statement)': async () =>
      (await pool.query({ name: 'steps-of', text: TEXT, values: [callTypeId] })).rows,
    // What Sql.run does without a transaction (Sql.rowsIn on the pool).
    'Sql.run (Kysely-built, compiled once, named prepared statement)': async () =>
      (await pool.query({ name: stepsOf.name, text: stepsOf.text, values: stepsOf.values({ callTypeId }) })).rows,
    'typed, snake_case columns mapped to camelCase per row': async () =>
      (await pool.query({ name: 'steps-of-snake', text: SNAKE_TEXT, values: [callTypeId] })).rows.map((row) => {
        const out = {};
        for (const key in row) out[camel(key)] = row[key];
        return out;
      }),
  };
  const out = {};
  for (const round of [1, 2]) {
    for (const [label, read] of Object.entries(techniques)) {
      await timed(read); // warm: connections opened, statements prepared, code optimized
      const r = await timed(read);
      const prev = out[label];
      // The better of the two rounds, each technique measured after every other once.
      out[label] = !prev || r.readsPerSecond > prev.readsPerSecond ? { ...r, round } : prev;
    }
  }
  await kysely.destroy();
  await typeorm.destroy();
  await pool.end();
  return out;
}
