import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { DashboardService } from './dashboard.service.js';
import { DashboardCountsDto, PortfolioDashboardDto } from './dto/dashboard.dto.js';
import { PortfolioService } from './portfolio.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ADMIN } from '../../common/auth/access.decorator.js';

/** The console home's figures and the portfolio dashboard. */
@ApiTags('Admin')
@Controller('admin/dashboard')
export class DashboardController {
  constructor(
    private readonly service: DashboardService,
    private readonly portfolio: PortfolioService,
  ) {}

  @Get('counts')
  @Endpoint(
    'adminDashboardCounts',
    'Open calls, submissions in progress, submitted in the last 7 days, open calls closing in the next 7 days',
    { access: ADMIN, ok: DashboardCountsDto },
  )
  counts(): Promise<DashboardCountsDto> {
    return this.service.counts();
  }

  @Get('portfolio')
  @Endpoint(
    'adminPortfolioDashboard',
    'The portfolio dashboard: submissions by state and per day, funnel per step, SDGs, outcomes, indicators, SROI, budget, organizations, quiz scores',
    { access: ADMIN, ok: PortfolioDashboardDto, errors: { 400: true, 404: true } },
  )
  @ApiQuery({ name: 'callId', required: false, format: 'uuid', description: 'One call (all calls when absent)' })
  @ApiQuery({ name: 'state', required: false, enum: ['all', 'open', 'closed'], description: 'Submissions counted (all by default)' })
  portfolioDashboard(@Query('callId') callId?: string, @Query('state') state?: string): Promise<PortfolioDashboardDto> {
    return this.portfolio.dashboard(PortfolioService.scope(callId, state));
  }
}
