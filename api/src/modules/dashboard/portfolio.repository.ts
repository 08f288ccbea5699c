import { Injectable } from '@nestjs/common';
import { DataVersions } from '../../database/data-version.js';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';
import { PORTFOLIO, type FunnelRow, type ImpactFiguresRow, type SubmissionFiguresRow } from './portfolio.sql.js';

export { SROI_FLAG, type FunnelRow, type ImpactFiguresRow, type SubmissionFiguresRow } from './portfolio.sql.js';

/** Which submissions the dashboard counts: all, in progress (not closed) or submitted (closed). */
export const DASHBOARD_STATES = ['all', 'open', 'closed'] as const;
export type DashboardState = (typeof DASHBOARD_STATES)[number];

export interface PortfolioScope {
  callId: string | undefined;
  state: DashboardState;
}

const callDates = statement('dashboard-call', (p: { id: string }) =>
  db.selectFrom('call').select(['openingAt', 'closingAt']).where('id', '=', p.id),
);

/** What PostgreSQL computes for a dashboard, and when. */
export interface PortfolioFigures {
  s: SubmissionFiguresRow;
  impact: ImpactFiguresRow;
  funnel: FunnelRow[];
  at: Date;
}

/**
 * The portfolio dashboard's figures, each section one statement over the submissions the scope
 * selects (portfolio.sql.ts). The figures of a (call, state) are kept while the call's data
 * version stays the same: any write that could change them, on any replica, changes it first,
 * so a dashboard is never stale; requests that miss together wait for one computation.
 */
@Injectable()
export class PortfolioRepository {
  private readonly kept;

  constructor(
    private readonly sql: Sql,
    private readonly versions: DataVersions,
  ) {
    this.kept = versions.cache<PortfolioFigures>('portfolio', 200);
  }

  /** The data version of the scope's call (of every call without one): read beside the call, handed to `figures`. */
  dataVersion(callId: string | undefined): Promise<string> {
    return this.versions.of(callId);
  }

  figures(scope: PortfolioScope, version: string): Promise<PortfolioFigures> {
    return this.kept.get(`${scope.callId ?? '*'}|${scope.state}`, version, async () => {
      const at = new Date();
      const [s, impact, funnel] = await Promise.all([
        this.submissionFigures(scope),
        this.impactFigures(scope),
        scope.callId ? this.funnel({ ...scope, callId: scope.callId }) : Promise.resolve([]),
      ]);
      return { s, impact, funnel, at };
    });
  }

  /** Forgets every computed dashboard (tests). */
  clear(): void {
    this.kept.clear();
  }

  async call(id: string): Promise<typeof callDates.row | undefined> {
    return (await this.sql.run(callDates, { id }))[0];
  }

  private async submissionFigures(scope: PortfolioScope): Promise<SubmissionFiguresRow> {
    const statement = PORTFOLIO.submissions[scope.callId ? 'call' : 'all'];
    return (await this.sql.run(statement, { state: scope.state, callId: scope.callId ?? '' }))[0];
  }

  /**
   * What the miniDyi results aim at: a submission aims at an SDG it picked in the SDG sub-step
   * or that one of its selected outcomes belongs to; an outcome or indicator counts once per
   * submission; the budget asked is the sum of its miniDyi steps' budgets (as the SROI's).
   */
  private async impactFigures(scope: PortfolioScope): Promise<ImpactFiguresRow> {
    const statement = PORTFOLIO.impact[scope.callId ? 'call' : 'all'];
    return (await this.sql.run(statement, { state: scope.state, callId: scope.callId ?? '' }))[0];
  }

  /**
   * Where applicants stop, for one call: per step of its type, the submissions that reached it.
   * A submission reached the furthest step where it saved an answer or a file (text and
   * results steps save nothing, so the furthest saved step decides), every started one reached
   * the first step, and a submitted one reached them all.
   */
  private funnel(scope: PortfolioScope & { callId: string }): Promise<FunnelRow[]> {
    return this.sql.run(PORTFOLIO.funnel, { state: scope.state, callId: scope.callId });
  }
}
