// Issue 13: the deadline rush keeps its figures with the rate limits on.
// The submissions scenario's rush (500 applicants, each their own user, all from one address,
// save ×3 and close at 100 connections, every answer read back) runs on products started with
// the default limits ("on") and with every limit off ("off"), alternated in rounds whose order
// flips (on-off, off-on, ...) so that the machine's drift falls on both alike. Each run gets a
// freshly started product, its own call and applicants, and the warm-up. Reported: each run's
// figures, each arm's medians and ranges, the rounds' paired difference of save p99 (on minus
// off, mean and 95% interval) and a two-sided Mann-Whitney test of the save p99s (the same
// commit's p99 spreads by 100 ms and more on a shared 2-core machine, so one pair says nothing).
// Targets: no error (a 429 counts as one), no lost answer in either arm; the limits counted the
// rush (the address's shared counter); save p99 with the limits not above the p99 without them
// beyond the runs' spread (p >= 0.05).
// BENCH_RATE_LIMIT_ROUNDS (default 5) sets the rounds: 2 runs each.
import pg from 'pg';
import { startProduct } from '../lib.mjs';
import { client, deadlineRush, setup as rushSetup, warmUp } from './submissions.mjs';

export const name = 'rate-limits';
const ROUNDS = Math.max(1, Number(process.env.BENCH_RATE_LIMIT_ROUNDS ?? 5));
/** Every class's limits off (0 = no limit): the "off" arm. */
const OFF = Object.fromEntries(
  [
    'WRITES_PER_MINUTE',
    'WRITES_PER_IP_PER_MINUTE',
    'UPLOADS_PER_MINUTE',
    'UPLOADS_PER_IP_PER_MINUTE',
    'ORGANIZATIONS_PER_HOUR',
    'ORGANIZATIONS_PER_IP_PER_HOUR',
    'SIGN_INS_PER_IP_PER_MINUTE',
  ].map((k) => [`RATE_LIMIT_${k}`, '0']),
);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return +(s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2).toFixed(2);
};

/** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom (past 30: 2.0). */
const T975 = [
  12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.1, 2.09, 2.09, 2.08, 2.07, 2.07,
  2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04,
];

/** The mean of paired differences and the half-width of its 95% confidence interval (null for one pair). */
export function pairedDifference(d) {
  const mean = d.reduce((sum, x) => sum + x, 0) / d.length;
  if (d.length < 2) return { mean: +mean.toFixed(1), ci95: null };
  const sd = Math.sqrt(d.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (d.length - 1));
  return { mean: +mean.toFixed(1), ci95: +(((T975[d.length - 2] ?? 2) * sd) / Math.sqrt(d.length)).toFixed(1) };
}

/** Two-sided Mann-Whitney U test (normal approximation with ties and continuity correction): the p-value. */
export function mannWhitney(a, b) {
  const all = [...a.map((v) => [v, 0]), ...b.map((v) => [v, 1])].sort((x, y) => x[0] - y[0]);
  const ranks = new Array(all.length);
  let tie = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1][0] === all[i][0]) j++;
    for (let k = i; k <= j; k++) ranks[k] = (i + j) / 2 + 1;
    const t = j - i + 1;
    tie += t ** 3 - t;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const r1 = all.reduce((sum, [, g], i) => sum + (g === 0 ? ranks[i] : 0), 0);
  const u = r1 - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const n = n1 + n2;
  const sd = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tie / (n * (n - 1))));
  if (!sd) return 1;
  const z = Math.max(0, Math.abs(u - mean) - 0.5) / sd;
  // 2 × (1 − Φ(z)), Φ by the Abramowitz-Stegun erf approximation (|error| < 1.5e-7).
  const t = 1 / (1 + 0.3275911 * (z / Math.SQRT2));
  const erf =
    1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-(z * z) / 2);
  return +(1 - erf).toFixed(3);
}

/**
 * The shared counters: the bench address's (127.0.0.1) writes in every window (rows are kept two
 * hours), and the rows written to the table so far (its statistics: inserts and updates).
 */
async function counters(databaseUrl, clear = false) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  if (clear) await db.query('DELETE FROM rate_limit_counter');
  const { rows } = await db.query(
    `SELECT (SELECT coalesce(sum(hits), 0)::int FROM rate_limit_counter WHERE bucket = 'write:ip:127.0.0.1') AS hits,
            (SELECT (n_tup_ins + n_tup_upd)::int FROM pg_stat_user_tables WHERE relname = 'rate_limit_counter') AS "rowWrites"`,
  );
  await db.end();
  return rows[0];
}

/**
 * One run: a product with the limits on or off, the submissions scenario's setup, warm-up and
 * rush. Each run starts with no counts: the runs follow each other within seconds from the one
 * address that stands for 500 applicants' own, and the last run's writes would count toward
 * this one's per-address limit. Read after the product stopped (which sends what it had not
 * sent yet): `addressCounted`, the writes the limiter counted for the address (every write of
 * the warm-up and the rush with the limits on); `counterRowWrites`, the rows the limiter wrote to
 * the shared table over the product's life (about one per key and second: a key past half its
 * limit would add one per request).
 */
async function rushOn(databaseUrl, limits) {
  const before = await counters(databaseUrl, true);
  const product = await startProduct({ DATABASE_URL: databaseUrl, ...(limits ? {} : OFF) });
  const http = client(product.url);
  let r;
  let writes;
  try {
    const a = await rushSetup({ product, databaseUrl });
    writes = await warmUp(http, a.rush, a.early, a.uploaders, a.steps);
    r = await deadlineRush(product, databaseUrl, a.rush, a.steps, http);
  } finally {
    await product.stop();
  }
  // The backends' statistics reach the collector as they exit: a moment after the stop.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = await counters(databaseUrl);
  const tooManyRequests = http.errors.filter((e) => / 429 /.test(e)).length;
  return {
    ...r,
    tooManyRequests,
    warmUpRequests: writes,
    addressCounted: after.hits - before.hits,
    counterRowWrites: after.rowWrites - before.rowWrites,
  };
}

export async function run({ product, databaseUrl }) {
  await product.stop(); // each run starts its own
  const runs = { on: [], off: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const limits of round % 2 ? [false, true] : [true, false]) {
      const r = await rushOn(databaseUrl, limits);
      const arm = limits ? 'on' : 'off';
      runs[arm].push(r);
      console.log(
        `round ${round + 1} limits ${arm}: save p50 ${r.save.p50} p99 ${r.save.p99} ms, ${r.requestsPerSecond} req/s, ` +
          `server ${r.serverCpuMsPerRequest} / PostgreSQL ${r.postgresCpuMsPerRequest} ms CPU a request, errors ${r.errors}, lost ${r.lostAnswers}` +
          `, the address's writes counted ${r.addressCounted}, counter rows written ${r.counterRowWrites}`,
      );
    }
  }
  const arm = (rs) => ({
    runs: rs.length,
    saveP99: {
      median: median(rs.map((r) => r.save.p99)),
      min: Math.min(...rs.map((r) => r.save.p99)),
      max: Math.max(...rs.map((r) => r.save.p99)),
    },
    saveP50: median(rs.map((r) => r.save.p50)),
    requestsPerSecond: median(rs.map((r) => r.requestsPerSecond)),
    serverCpuMsPerRequest: median(rs.map((r) => r.serverCpuMsPerRequest)),
    postgresCpuMsPerRequest: median(rs.map((r) => r.postgresCpuMsPerRequest ?? 0)),
    errors: rs.reduce((s, r) => s + r.errors, 0),
    tooManyRequests: rs.reduce((s, r) => s + r.tooManyRequests, 0),
    lostAnswers: rs.reduce((s, r) => s + r.lostAnswers + r.notClosed + r.wrongQuizScores, 0),
    eachSaveP99: rs.map((r) => r.save.p99),
  });
  const on = arm(runs.on);
  const off = arm(runs.off);
  const p = mannWhitney(
    runs.on.map((r) => r.save.p99),
    runs.off.map((r) => r.save.p99),
  );
  return {
    'deadline rush, rate limits on (defaults)': on,
    'deadline rush, rate limits off': off,
    comparison: {
      saveP99MedianOnMinusOff: +(on.saveP99.median - off.saveP99.median).toFixed(1),
      // Within each round (on minus off): the mean and its 95% interval's half-width.
      saveP99PairedOnMinusOff: pairedDifference(runs.on.map((r, i) => r.save.p99 - runs.off[i].save.p99)),
      mannWhitneyP: p,
      addressCounted: { on: runs.on.map((r) => r.addressCounted), off: runs.off.map((r) => r.addressCounted) },
      counterRowWrites: { on: runs.on.map((r) => r.counterRowWrites), off: runs.off.map((r) => r.counterRowWrites) },
      targets: {
        noError: on.errors === 0 && off.errors === 0,
        noLostAnswer: on.lostAnswers === 0 && off.lostAnswers === 0,
        // Every write of the warm-up (its GETs are not) and of the rush was counted with the limits on; none without.
        limitsCountedTheRush: runs.on.every((r) => r.addressCounted >= r.requests) && runs.off.every((r) => r.addressCounted === 0),
        saveP99Holds: on.saveP99.median <= off.saveP99.median || p >= 0.05,
      },
    },
  };
}
