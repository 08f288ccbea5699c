import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { SharedCache } from '../../database/shared-cache.js';
import type { Sql } from '../../database/sql.js';
import { countInt, db } from '../../database/typed-sql.js';

/** The largest total a console list counts exactly; beyond it, it shows PostgreSQL's estimate (flagged). */
export const EXACT_COUNT_LIMIT = 1_000;

type Rows = Expression<unknown>;

/** The planner's estimate of the rows `rows` selects (EXPLAIN: no row is read). */
export async function plannedRows(s: Pick<Sql, 'list'>, rows: Rows): Promise<number> {
  const plan = sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`EXPLAIN (FORMAT JSON) ${rows}`;
  const [{ 'QUERY PLAN': p }] = await s.list({ compile: () => plan.compile(db) });
  return Math.round(p[0].Plan['Plan Rows']);
}

/**
 * A list's total: exact up to EXACT_COUNT_LIMIT, else the planner's estimate (`estimated`), never below
 * what was counted. `rows`: the list's filtered rows, without its order and paging.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list's query
export async function countOrEstimate(s: Sql, rows: SelectQueryBuilder<any, any, any>): Promise<{ total: number; estimated: boolean }> {
  const [{ n }] = await s.list(db.selectFrom(rows.limit(EXACT_COUNT_LIMIT + 1).as('x')).select(countInt().as('n')));
  if (n <= EXACT_COUNT_LIMIT) return { total: n, estimated: false };
  return { total: Math.max(await plannedRows(s, rows), n), estimated: true };
}

/** How long a list's estimate is reused: the planner's figure moves only when PostgreSQL analyzes the table again. */
export const ESTIMATE_KEPT_MS = 30_000;
const ESTIMATES_MAX = 500;

/**
 * The planner's estimates of lists' totals, by statement and values: paging through a broad search
 * plans its estimate once, and planning it is the dearest part of its page.
 */
export class PlannerEstimates {
  private readonly kept = new SharedCache<number>({ max: ESTIMATES_MAX, ttlMs: ESTIMATE_KEPT_MS }, () => true);

  rows(s: Pick<Sql, 'list'>, rows: Rows, now = Date.now()): Promise<number> {
    const { sql: text, parameters } = sql`${rows}`.compile(db);
    return this.kept.get(`${text}\u0000${JSON.stringify(parameters)}`, () => plannedRows(s, rows), now);
  }
}
