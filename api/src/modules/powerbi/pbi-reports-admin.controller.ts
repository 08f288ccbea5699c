import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ADMIN } from '../../common/auth/access.decorator.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { PbiReportRowDto } from './dto/powerbi.dto.js';
import { PowerBiService } from './powerbi.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The console's analytics report list: calls with Power BI ids (ra-data-simple-rest; filter q). */
@ApiTags('Admin')
@Controller('admin/pbi-reports')
export class PbiReportsAdminController {
  constructor(private readonly service: PowerBiService) {}

  @Get()
  @Endpoint('adminListPbiReports', 'Calls with Power BI ids (console or applicants), one page; filter q', {
    access: ADMIN,
    ok: [PbiReportRowDto],
  })
  @ApiListQuery()
  async list(
    @ListParams(['name', 'openingAt', 'closingAt']) query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PbiReportRowDto[]> {
    return sendPage(res, 'pbi-reports', query, await this.service.page(query));
  }
}
