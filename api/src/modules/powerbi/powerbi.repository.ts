import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Sql } from '../../database/sql.js';
import { countInt, db, isoUtc, statement } from '../../database/typed-sql.js';
import { likeContains } from '../../common/http/like.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { PbiReportRowDto } from './dto/powerbi.dto.js';

type Report = { workspaceId: string; reportId: string };
const one = sql.lit(1).as('one');

/** True when a configuration or a call (its console or its applicants' pair) names this workspace and report. */
const knownReport = statement('powerbi-known-report', (p: Report) =>
  db.selectNoFrom((eb) =>
    eb
      .or([
        eb.exists(
          eb
            .selectFrom('configuration')
            .select(one)
            .where((c) => c.and({ workspacePowerBiId: p.workspaceId, reportPowerBiId: p.reportId })),
        ),
        eb.exists(
          eb
            .selectFrom('call')
            .select(one)
            .where((c) =>
              c.or([
                c.and({ powerBiWorkspaceId: p.workspaceId, powerBiReportId: p.reportId }),
                c.and({ userPowerBiWorkspaceId: p.workspaceId, userPowerBiReportId: p.reportId }),
              ]),
            ),
        ),
      ])
      .$castTo<boolean>()
      .as('known'),
  ),
);

/** The calls whose applicants' report is this workspace and report: who may see it, and since when. */
const applicantReportCalls = statement('powerbi-applicant-report-calls', (p: Report) =>
  db
    .selectFrom('call')
    .select(['id', 'isUserFilterEnable', 'userFilterEmail', 'callLockEnd'])
    .where((c) => c.and({ userPowerBiWorkspaceId: p.workspaceId, userPowerBiReportId: p.reportId })),
);

export type ApplicantReportCall = typeof applicantReportCalls.row;

const SORTS = { name: 'c.name', openingAt: 'c.openingAt', closingAt: 'c.closingAt' } as const;

/** Which Power BI workspace and report ids the product knows: the calls' and the configurations'. */
@Injectable()
export class PowerBiRepository {
  constructor(private readonly sql: Sql) {}

  async isKnownReport(workspaceId: string, reportId: string): Promise<boolean> {
    return (await this.sql.run(knownReport, { workspaceId, reportId }))[0]?.known ?? false;
  }

  applicantReportCalls(workspaceId: string, reportId: string): Promise<ApplicantReportCall[]> {
    return this.sql.run(applicantReportCalls, { workspaceId, reportId });
  }

  /** The console's list: calls with Power BI ids (either pair), one page; `q` searches the name. */
  async page(query: ListQuery): Promise<Page<PbiReportRowDto>> {
    const q = typeof query.filter.q === 'string' ? query.filter.q.trim() : '';
    const calls = db
      .selectFrom('call as c')
      .where((eb) =>
        eb.or([
          eb.and([eb('c.powerBiWorkspaceId', 'is not', null), eb('c.powerBiReportId', 'is not', null)]),
          eb.and([eb('c.userPowerBiWorkspaceId', 'is not', null), eb('c.userPowerBiReportId', 'is not', null)]),
        ]),
      )
      .$if(q !== '', (b) => b.where('c.name', 'ilike', likeContains(q)));
    const rows = await this.sql.list(
      calls
        .select((eb) => [
          'c.id',
          'c.name',
          isoUtc(eb.ref('c.openingAt')).as('openingAt'),
          isoUtc(eb.ref('c.closingAt')).as('closingAt'),
          'c.powerBiWorkspaceId as powerBIWorkspaceID',
          'c.powerBiReportId as powerBIReportID',
          'c.userPowerBiWorkspaceId as userPowerBIWorkspaceID',
          'c.userPowerBiReportId as userPowerBIReportID',
          sql<number>`(count(*) OVER ())::int`.as('total'),
        ])
        .orderBy(SORTS[query.sortField as keyof typeof SORTS] ?? 'c.name', query.sortOrder === 'DESC' ? 'desc' : 'asc')
        .orderBy('c.id')
        .limit(query.take)
        .offset(query.skip),
    );
    if (rows.length === 0 && query.skip > 0) {
      const [{ total }] = await this.sql.list(calls.select(countInt().as('total')));
      return { items: [], total };
    }
    return { items: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  }
}
