import { Injectable } from '@nestjs/common';
import { badRequest, notFound } from '../../common/http/app-error.js';
import { isUuid } from '../../common/ids.js';
import type { PortfolioDashboardDto } from './dto/dashboard.dto.js';
import { DASHBOARD_STATES, type DashboardState, PortfolioRepository, type PortfolioScope } from './portfolio.repository.js';
import { SROI_FLAG } from './portfolio.sql.js';

const DAY_MS = 86_400_000;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const round = (v: number | null, digits = 4): number | null => (v === null ? null : Number(v.toFixed(digits)));

/** The portfolio dashboard: the figures a funder asks of its calls, computed by PostgreSQL (PortfolioRepository). */
@Injectable()
export class PortfolioService {
  constructor(private readonly repo: PortfolioRepository) {}

  /** Reads the query's filters: a call id (optional) and a state (all by default). */
  static scope(callId: unknown, state: unknown): PortfolioScope {
    if (callId !== undefined && callId !== '' && !isUuid(callId)) throw badRequest('errors.list-query', 'callId must be a UUID');
    if (state !== undefined && state !== '' && !DASHBOARD_STATES.includes(state as DashboardState))
      throw badRequest('errors.list-query', 'state must be all, open or closed');
    return { callId: callId ? (callId as string).toLowerCase() : undefined, state: state ? (state as DashboardState) : 'all' };
  }

  async dashboard(scope: PortfolioScope): Promise<PortfolioDashboardDto> {
    const now = new Date();
    const [call, version] = await Promise.all([
      scope.callId ? this.repo.call(scope.callId) : undefined,
      this.repo.dataVersion(scope.callId),
    ]);
    if (scope.callId && !call) throw notFound('pages.admin.call-not-found', 'Call not found');
    const { s, impact, funnel, at } = await this.repo.figures(scope, version);
    // The days run up to today (or the deadline): the answer is built from the figures on every request.
    const closingAt = call ? new Date(call.closingAt) : null;
    const sdgCounts = new Map(impact.sdgs.map((g) => [g.sdg, g.n]));
    const quartiles = s.sroiQuartiles;
    return {
      callId: scope.callId ?? null,
      state: scope.state,
      closingAt: closingAt?.toISOString() ?? null,
      states: { total: s.total, open: s.open, reopened: s.reopened, closed: s.closed },
      timeline: timeline(s.timeline, closingAt, now),
      funnel: funnel.map((f) => ({ stepId: f.stepId, name: f.name, kind: f.kind, reached: f.reached })),
      withImpact: impact.withMiniDyi,
      sdgs: Array.from({ length: 17 }, (_, i) => ({ sdg: i + 1, submissions: sdgCounts.get(i + 1) ?? 0 })),
      outcomes: impact.outcomes.map((o) => ({ id: o.id, name: o.name, sdg: o.sdg, submissions: o.n })),
      customOutcomes: impact.customOutcomes,
      indicators: impact.indicators.map((o) => ({ id: o.id, name: o.name, sdg: null, submissions: o.n })),
      sroi: {
        count: s.sroiCount,
        // Up to 1 (0 included), over 1 up to 2, … over 8: so the last bin is the flagged one.
        bins: bins(s.sroiBins, SROI_FLAG + 1, 1),
        q1: round(num(quartiles?.[0])),
        median: round(num(quartiles?.[1])),
        q3: round(num(quartiles?.[2])),
        flagAbove: SROI_FLAG,
        flagged: s.sroiOver,
        flaggedList: s.sroiFlagged.map((f) => ({ ...f, sroi: round(Number(f.sroi))! })),
      },
      budget: { count: impact.budgetCount, total: num(impact.budgetTotal) ?? 0, median: round(num(impact.budgetMedian), 2) },
      organizations: s.organizations,
      countries: s.countries.map((c) => ({ country: c.country, organizations: c.n })),
      cities: s.cities.map((c) => ({ country: c.country, city: c.city, organizations: c.n })),
      quiz: { count: s.quizCount, bins: bins(s.quizBins, 10, 10) },
      at: at.toISOString(),
    };
  }
}

/** `count` bins of width 1 / `per`, each with the submissions found in it; the last one has no upper bound. */
function bins(found: { bin: number; n: number }[], count: number, per: number) {
  return Array.from({ length: count }, (_, i) => ({
    from: i / per,
    to: i === count - 1 ? null : (i + 1) / per,
    submissions: found.find((b) => b.bin === i)?.n ?? 0,
  }));
}

/** Every day (at most the last 366) from the first activity to the deadline (or today, if sooner) or the last activity. */
function timeline(days: { day: string; started: number; submitted: number }[], closingAt: Date | null, now: Date) {
  if (days.length === 0) return [];
  const byDay = new Map(days.map((d) => [d.day, d]));
  const first = Date.parse(`${days[0].day}T00:00:00Z`);
  let last = Date.parse(`${days[days.length - 1].day}T00:00:00Z`);
  if (closingAt) {
    const end = Math.min(closingAt.getTime(), now.getTime());
    last = Math.max(last, Date.parse(`${new Date(end).toISOString().slice(0, 10)}T00:00:00Z`));
  }
  const start = Math.max(first, last - 365 * DAY_MS);
  const out = [];
  let inProgress = 0;
  for (let t = start; t <= last; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    const d = byDay.get(day);
    const started = d?.started ?? 0;
    const submitted = d?.submitted ?? 0;
    inProgress += started - submitted;
    out.push({ day, started, submitted, inProgress });
  }
  return out;
}
