import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';
import { funnelSql, impactFiguresSql, scopeWhere, submissionFiguresSql } from './portfolio.sql.js';

export { SROI_FLAG } from './portfolio.sql.js';

/** Which submissions the dashboard counts: all, in progress (not closed) or submitted (closed). */
export const DASHBOARD_STATES = ['all', 'open', 'closed'] as const;
export type DashboardState = (typeof DASHBOARD_STATES)[number];

export interface PortfolioScope {
  callId: string | undefined;
  state: DashboardState;
}

export interface SubmissionFiguresRow {
  total: number;
  open: number;
  reopened: number;
  closed: number;
  timeline: { day: string; started: number; submitted: number }[];
  sroiCount: number;
  sroiBins: { bin: number; n: number }[];
  sroiQuartiles: [number, number, number] | null;
  sroiOver: number;
  sroiFlagged: { id: string; code: string; organizationName: string; sroi: number }[];
  quizCount: number;
  quizBins: { bin: number; n: number }[];
  organizations: number;
  countries: { country: string; n: number }[];
  cities: { country: string; city: string; n: number }[];
}

export interface ImpactFiguresRow {
  withMiniDyi: number;
  sdgs: { sdg: number; n: number }[];
  outcomes: { id: string; name: string; sdg: number | null; n: number }[];
  customOutcomes: number;
  indicators: { id: string; name: string; n: number }[];
  budgetCount: number;
  budgetTotal: number | null;
  budgetMedian: number | null;
}

export interface FunnelRow {
  stepId: string;
  name: string;
  kind: string;
  sort: number;
  reached: number;
}

/**
 * The portfolio dashboard's figures (issue 18), each section one statement over the
 * submissions the scope selects (`sub`). Two texts per statement (with and without a call),
 * so each prepared statement keeps a plan fitted to its filter.
 */
@Injectable()
export class PortfolioRepository {
  constructor(private readonly sql: Sql) {}

  private scoped(scope: PortfolioScope): { where: string; params: unknown[]; suffix: string } {
    return scope.callId
      ? { where: scopeWhere(true), params: [scope.state, scope.callId], suffix: 'call' }
      : { where: scopeWhere(false), params: [scope.state], suffix: 'all' };
  }

  async call(id: string): Promise<{ openingAt: Date; closingAt: Date } | undefined> {
    const rows = await this.sql.rows<{ openingAt: Date; closingAt: Date }>(
      'dashboard-call',
      'SELECT opening_at AS "openingAt", closing_at AS "closingAt" FROM call WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async submissionFigures(scope: PortfolioScope): Promise<SubmissionFiguresRow> {
    const { where, params, suffix } = this.scoped(scope);
    const rows = await this.sql.rows<SubmissionFiguresRow>(`dashboard-submissions-${suffix}`, submissionFiguresSql(where), params);
    return rows[0];
  }

  /**
   * What the miniDyi results aim at: a submission aims at an SDG it picked in the SDG sub-step
   * or that one of its selected outcomes belongs to; an outcome or indicator counts once per
   * submission; the budget asked is the sum of its miniDyi steps' budgets (as the SROI's).
   */
  async impactFigures(scope: PortfolioScope): Promise<ImpactFiguresRow> {
    const { where, params, suffix } = this.scoped(scope);
    const rows = await this.sql.rows<ImpactFiguresRow>(`dashboard-impact-${suffix}`, impactFiguresSql(where), params);
    return rows[0];
  }

  /**
   * Where applicants stop, for one call: per step of its type, the submissions that reached it.
   * A submission reached the furthest step where it saved an answer or a file (text and
   * results steps save nothing, so the furthest saved step decides), every started one reached
   * the first step, and a submitted one reached them all.
   */
  async funnel(scope: PortfolioScope & { callId: string }): Promise<FunnelRow[]> {
    const { where, params } = this.scoped(scope);
    return this.sql.rows<FunnelRow>('dashboard-funnel', funnelSql(where), params);
  }
}
