import { Injectable } from '@nestjs/common';
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

/**
 * The portfolio dashboard's figures (issue 18), each section one statement over the
 * submissions the scope selects (portfolio.sql.ts).
 */
@Injectable()
export class PortfolioRepository {
  constructor(private readonly sql: Sql) {}

  async call(id: string): Promise<typeof callDates.row | undefined> {
    return (await this.sql.run(callDates, { id }))[0];
  }

  async submissionFigures(scope: PortfolioScope): Promise<SubmissionFiguresRow> {
    const statement = PORTFOLIO.submissions[scope.callId ? 'call' : 'all'];
    return (await this.sql.run(statement, { state: scope.state, callId: scope.callId ?? '' }))[0];
  }

  /**
   * What the miniDyi results aim at: a submission aims at an SDG it picked in the SDG sub-step
   * or that one of its selected outcomes belongs to; an outcome or indicator counts once per
   * submission; the budget asked is the sum of its miniDyi steps' budgets (as the SROI's).
   */
  async impactFigures(scope: PortfolioScope): Promise<ImpactFiguresRow> {
    const statement = PORTFOLIO.impact[scope.callId ? 'call' : 'all'];
    return (await this.sql.run(statement, { state: scope.state, callId: scope.callId ?? '' }))[0];
  }

  /**
   * Where applicants stop, for one call: per step of its type, the submissions that reached it.
   * A submission reached the furthest step where it saved an answer or a file (text and
   * results steps save nothing, so the furthest saved step decides), every started one reached
   * the first step, and a submitted one reached them all.
   */
  funnel(scope: PortfolioScope & { callId: string }): Promise<FunnelRow[]> {
    return this.sql.run(PORTFOLIO.funnel, { state: scope.state, callId: scope.callId });
  }
}
