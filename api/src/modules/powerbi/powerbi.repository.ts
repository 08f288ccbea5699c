import { Injectable } from '@nestjs/common';
import { ISO_UTC, Sql } from '../../database/sql.js';
import { likeContains } from '../../common/http/like.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { PbiReportRowDto } from './dto/powerbi.dto.js';

/** A call whose applicants' report is this workspace and report: who may see it, and since when. */
export interface ApplicantReportCall {
  id: string;
  isUserFilterEnable: boolean;
  userFilterEmail: string;
  callLockEnd: Date | null;
}

const SORTS: Record<string, string> = { name: 'c.name', openingAt: 'c.opening_at', closingAt: 'c.closing_at' };

/** Which Power BI workspace and report ids the product knows: the calls' and the configurations'. */
@Injectable()
export class PowerBiRepository {
  constructor(private readonly sql: Sql) {}

  /** True when a configuration or a call (its console or its applicants' pair) names this workspace and report. */
  async isKnownReport(workspaceId: string, reportId: string): Promise<boolean> {
    const rows = await this.sql.rows<{ known: boolean }>(
      'powerbi-known-report',
      `SELECT EXISTS (SELECT 1 FROM configuration WHERE workspace_power_bi_id = $1 AND report_power_bi_id = $2)
           OR EXISTS (SELECT 1 FROM call WHERE (power_bi_workspace_id = $1 AND power_bi_report_id = $2)
                                           OR (user_power_bi_workspace_id = $1 AND user_power_bi_report_id = $2)) AS known`,
      [workspaceId, reportId],
    );
    return rows[0]?.known ?? false;
  }

  /** The calls whose applicants' report is this workspace and report. */
  applicantReportCalls(workspaceId: string, reportId: string): Promise<ApplicantReportCall[]> {
    return this.sql.rows<ApplicantReportCall>(
      'powerbi-applicant-report-calls',
      `SELECT id, is_user_filter_enable AS "isUserFilterEnable", user_filter_email AS "userFilterEmail", call_lock_end AS "callLockEnd"
         FROM call WHERE user_power_bi_workspace_id = $1 AND user_power_bi_report_id = $2`,
      [workspaceId, reportId],
    );
  }

  /** The console's list: calls with Power BI ids (either pair), one page; `q` searches the name. */
  async page(query: ListQuery): Promise<Page<PbiReportRowDto>> {
    const values: unknown[] = [];
    let where = `((c.power_bi_workspace_id IS NOT NULL AND c.power_bi_report_id IS NOT NULL)
               OR (c.user_power_bi_workspace_id IS NOT NULL AND c.user_power_bi_report_id IS NOT NULL))`;
    const q = query.filter.q;
    if (typeof q === 'string' && q.trim()) {
      values.push(likeContains(q.trim()));
      where += ` AND c.name ILIKE $${values.length}`;
    }
    const order = `${SORTS[query.sortField ?? 'name'] ?? 'c.name'} ${query.sortOrder === 'DESC' ? 'DESC' : 'ASC'}, c.id`;
    values.push(query.take, query.skip);
    const rows = await this.sql.rows<PbiReportRowDto & { total: number }>(
      'powerbi-report-page-' + order.replace(/\W+/g, '-') + (values.length > 2 ? '-q' : ''),
      `SELECT c.id, c.name, ${ISO_UTC('c.opening_at')} AS "openingAt", ${ISO_UTC('c.closing_at')} AS "closingAt",
              c.power_bi_workspace_id AS "powerBIWorkspaceID", c.power_bi_report_id AS "powerBIReportID",
              c.user_power_bi_workspace_id AS "userPowerBIWorkspaceID", c.user_power_bi_report_id AS "userPowerBIReportID",
              (count(*) OVER ())::int AS total
         FROM call c WHERE ${where} ORDER BY ${order} LIMIT $${values.length - 1} OFFSET $${values.length}`,
      values,
    );
    if (rows.length === 0 && query.skip > 0) {
      const [{ total }] = await this.sql.rows<{ total: number }>(
        'powerbi-report-count' + (values.length > 2 ? '-q' : ''),
        `SELECT count(*)::int AS total FROM call c WHERE ${where}`,
        values.slice(0, -2),
      );
      return { items: [], total };
    }
    return { items: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  }
}
