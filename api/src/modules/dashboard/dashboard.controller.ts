import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/auth/access.decorator.js';
import { DashboardService } from './dashboard.service.js';
import { DashboardCountsDto } from './dto/dashboard.dto.js';

/** The console home's figures (issue 14). The full dashboard (issue 18) grows here. */
@ApiTags('Admin')
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly service: DashboardService) {}

  @Get('counts')
  @Access({ admin: true })
  @ApiOperation({
    operationId: 'adminDashboardCounts',
    summary: 'Open calls, submissions in progress, submitted in the last 7 days, open calls closing in the next 7 days',
  })
  @ApiOkResponse({ type: DashboardCountsDto })
  counts(): Promise<DashboardCountsDto> {
    return this.service.counts();
  }
}
