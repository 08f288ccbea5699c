import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { AppError, forbidden, notFound } from '../../common/http/app-error.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { PbiReportRowDto, ReportEmbedDto } from './dto/powerbi.dto.js';
import { PowerBiClient, PowerBiError, type EmbedInfo } from './powerbi-client.js';
import { PowerBiRepository } from './powerbi.repository.js';

const reportNotFound = () => notFound('pages.admin.pbi.report-not-found', 'No such analytics report');

/**
 * Only reports the product names (a configuration's, or a call's pair) can be embedded: the service principal may see
 * more, and the API is no general token minter. Applicants get their call's report, for one of their organizations.
 */
@Injectable()
export class PowerBiService {
  private readonly log = new Logger('PowerBi');

  constructor(
    private readonly client: PowerBiClient,
    private readonly reports: PowerBiRepository,
    private readonly access: AccessPolicy,
  ) {}

  available(): { available: boolean } {
    return { available: this.client.configured };
  }

  /** GET /api/PBITokens (administrators): any report the product names, without identity, with the filter pane. */
  async adminEmbed(workspaceId: string, reportId: string): Promise<ReportEmbedDto> {
    if (!(await this.reports.isKnownReport(workspaceId, reportId))) throw reportNotFound();
    return toDto(await this.embed(workspaceId, reportId), true);
  }

  /** GET /api/PBITokens/GetPBITokenRls: a call's applicants' report, filtered for one of the user's organizations. */
  async applicantEmbed(user: AuthUser, workspaceId: string, reportId: string, orgId: string): Promise<ReportEmbedDto> {
    const organizationId = orgId.toLowerCase();
    await this.access.requireAccess({
      auth: { user },
      permission: Permission.OrganizationRead,
      ids: [organizationId],
      refusal: () => forbidden('errors.organization-forbidden', 'You do not belong to this organization'),
    });
    // call.report on some call offering the report: none the user may see, 404; every one still locked, 409 pages.admin.pbi.locked.
    const calls = await this.reports.applicantReportCalls(workspaceId, reportId);
    this.access.requireAny({ user }, Permission.CallReport, calls, reportNotFound);
    return toDto(await this.embed(workspaceId, reportId, organizationId), false);
  }

  page(query: ListQuery): Promise<Page<PbiReportRowDto>> {
    return this.reports.page(query);
  }

  private async embed(workspaceId: string, reportId: string, identity?: string): Promise<EmbedInfo> {
    if (!this.client.configured)
      throw new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'pages.admin.pbi.unavailable', 'Power BI embedding is not configured');
    try {
      return await this.client.embed(workspaceId, reportId, identity);
    } catch (e) {
      if (!(e instanceof PowerBiError)) throw e;
      this.log.warn(`${workspaceId}/${reportId}: ${e.message}`);
      switch (e.failure) {
        case 'not-found':
          throw reportNotFound();
        case 'refused':
          throw new AppError(HttpStatus.BAD_GATEWAY, 'pages.admin.pbi.refused', 'Power BI refused the request of the service principal');
        case 'unreachable':
          throw new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'pages.admin.pbi.unreachable', 'Power BI cannot be reached now', {
            retryAfter: e.retryAfter ?? 30,
          });
      }
    }
  }
}

function toDto(info: EmbedInfo, showFilters: boolean): ReportEmbedDto {
  return { embedReport: { reportId: info.reportId, embedUrl: info.embedUrl }, embedToken: { token: info.token }, showFilters };
}
