/** The largest total a console list counts exactly; beyond it, it shows PostgreSQL's estimate (flagged). */
export const EXACT_COUNT_LIMIT = 1_000;

/** Runs one statement and answers its rows (TypeORM's `query`, or a pool's rows). */
export type RunQuery = (sql: string, params: unknown[]) => Promise<unknown[]>;

/** The planner's estimate of the rows `SELECT 1 ${fromWhere}` selects (no row read). */
export async function estimateRows(run: RunQuery, fromWhere: string, params: unknown[]): Promise<number> {
  const [row] = (await run(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params)) as {
    'QUERY PLAN': { Plan: { 'Plan Rows': number } }[];
  }[];
  return Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']);
}

/**
 * A list's total: exact up to EXACT_COUNT_LIMIT (a count that stops after one row more), else
 * the planner's estimate (`estimated`, sent as `X-Total-Estimated: true`), never below what was
 * counted. `fromWhere` is `FROM … WHERE …` of the list, without its order and paging.
 */
export async function countOrEstimate(run: RunQuery, fromWhere: string, params: unknown[]): Promise<{ total: number; estimated: boolean }> {
  const [{ n }] = (await run(`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${EXACT_COUNT_LIMIT + 1}) x`, params)) as {
    n: number;
  }[];
  if (n <= EXACT_COUNT_LIMIT) return { total: n, estimated: false };
  return { total: Math.max(await estimateRows(run, fromWhere, params), n), estimated: true };
}

/** How long a list's estimate is reused: the planner's figure moves only when PostgreSQL analyzes the table again. */
export const ESTIMATE_KEPT_MS = 30_000;
const ESTIMATES_MAX = 500;

/**
 * The planner's estimates of a list's totals, each kept ESTIMATE_KEPT_MS for the same statement and
 * values: paging through a broad search (the same total on every page) plans it once. Planning a
 * search's estimate is the dearest part of its page (about 3 ms of 8 for "comunità" at 100,000
 * submissions: the planner matches the pattern against the names' statistics); the figure is
 * shown as an estimate anyway, and comes from statistics that change only when the table is
 * analyzed again. At most ESTIMATES_MAX kept, the oldest dropped first.
 */
export class PlannerEstimates {
  private readonly kept = new Map<string, { rows: Promise<number>; until: number }>();

  rows(run: RunQuery, fromWhere: string, params: unknown[], now = Date.now()): Promise<number> {
    const key = `${fromWhere}\u0000${JSON.stringify(params)}`;
    const hit = this.kept.get(key);
    if (hit && hit.until > now) return hit.rows;
    const entry = { rows: estimateRows(run, fromWhere, params), until: now + ESTIMATE_KEPT_MS };
    this.kept.delete(key);
    this.kept.set(key, entry);
    if (this.kept.size > ESTIMATES_MAX) this.kept.delete(this.kept.keys().next().value!);
    entry.rows.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    return entry.rows;
  }
}
