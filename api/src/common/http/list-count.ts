import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
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
 * A list's total: exact up to EXACT_COUNT_LIMIT (a count that stops after one row more), else
 * the planner's estimate (`estimated`, sent as `X-Total-Estimated: true`), never below what was
 * counted. `rows`: the list's filtered rows, without its order and paging.
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
 * The planner's estimates of a list's totals, each kept ESTIMATE_KEPT_MS for the same statement and
 * values: paging through a broad search (the same total on every page) plans it once. Planning a
 * search's estimate is the dearest part of its page (the planner matches the pattern against the
 * names' statistics); the figure is shown as an estimate anyway, and comes from statistics that
 * change only when the table is analyzed again. At most ESTIMATES_MAX kept, the oldest dropped first.
 */
export class PlannerEstimates {
  private readonly kept = new Map<string, { rows: Promise<number>; until: number }>();

  rows(s: Pick<Sql, 'list'>, rows: Rows, now = Date.now()): Promise<number> {
    const { sql: text, parameters } = sql`${rows}`.compile(db);
    const key = `${text}\u0000${JSON.stringify(parameters)}`;
    const hit = this.kept.get(key);
    if (hit && hit.until > now) return hit.rows;
    const entry = { rows: plannedRows(s, rows), until: now + ESTIMATE_KEPT_MS };
    this.kept.delete(key);
    this.kept.set(key, entry);
    if (this.kept.size > ESTIMATES_MAX) this.kept.delete(this.kept.keys().next().value!);
    entry.rows.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    return entry.rows;
  }
}
