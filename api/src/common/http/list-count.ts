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
