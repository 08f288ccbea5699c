import { applyDecorators, Controller, Get, Query } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiNotFoundResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser, ADMIN, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { PbiRlsTokenQueryDto, PbiTokenQueryDto, ReportEmbedDto } from './dto/powerbi.dto.js';
import { PowerBiService } from './powerbi.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

const UPSTREAM = applyDecorators(
  ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'The product names no such report, or Power BI has none (pages.admin.pbi.report-not-found)',
  }),
  ApiBadGatewayResponse({
    type: ErrorResponseDto,
    description: 'Entra ID or Power BI refused the service principal (pages.admin.pbi.refused)',
  }),
  ApiServiceUnavailableResponse({
    type: ErrorResponseDto,
    description: 'Not configured (pages.admin.pbi.unavailable), or Power BI cannot be reached (pages.admin.pbi.unreachable, Retry-After)',
  }),
);

/** Embed data of analytics reports (spec: GET /api/PBITokens, GET /api/PBITokens/GetPBITokenRls). */
@ApiTags('Reports')
@Controller('PBITokens')
export class PbiTokensController {
  constructor(private readonly service: PowerBiService) {}

  @Get()
  @Endpoint('getPbiToken', 'Embed data of a report a configuration or a call names (administrators; no identity, filter pane shown)', {
    access: ADMIN,
    ok: ReportEmbedDto,
  })
  @UPSTREAM
  admin(@Query() query: PbiTokenQueryDto): Promise<ReportEmbedDto> {
    return this.service.adminEmbed(query.workspaceId, query.reportId);
  }

  @Get('GetPBITokenRls')
  @Endpoint(
    'getPbiTokenRls',
    "Embed data of a call's applicants' report, filtered (row-level security) for one of the user's organizations",
    { access: SIGNED_IN, ok: ReportEmbedDto, errors: { 409: 'The call is locked until its lock end date (pages.admin.pbi.locked)' } },
  )
  @UPSTREAM
  rls(@CurrentUser() user: AuthUser, @Query() query: PbiRlsTokenQueryDto): Promise<ReportEmbedDto> {
    return this.service.applicantEmbed(user, query.workspaceId, query.reportId, query.orgId);
  }
}
