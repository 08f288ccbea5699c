import { Injectable } from '@nestjs/common';
import { DataVersions } from '../../database/data-version.js';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';
import { PORTFOLIO, type FunnelRow, type ImpactFiguresRow, type SubmissionFiguresRow } from './portfolio.sql.js';

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
 * The portfolio dashboard's figures (portfolio.sql.ts), kept per (call, state) while the call's data version stays the
 * same: any write that could change them, on any replica, changes it first, so a dashboard is never stale.
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
      const args = { state: scope.state, callId: scope.callId ?? '' };
      const which = scope.callId ? 'call' : 'all';
      const [[s], [impact], funnel] = await Promise.all([
        this.sql.run(PORTFOLIO.submissions[which], args),
        this.sql.run(PORTFOLIO.impact[which], args),
        scope.callId ? this.sql.run(PORTFOLIO.funnel, args) : [],
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
}
