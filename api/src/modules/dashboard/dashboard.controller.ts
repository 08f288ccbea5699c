import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/auth/access.decorator.js';
import { DashboardService } from './dashboard.service.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { DashboardCountsDto, PortfolioDashboardDto } from './dto/dashboard.dto.js';
import { PortfolioService } from './portfolio.service.js';

/** The console home's figures (issue 14) and the portfolio dashboard (issue 18). */
@ApiTags('Admin')
@Controller('admin/dashboard')
export class DashboardController {
  constructor(
    private readonly service: DashboardService,
    private readonly portfolio: PortfolioService,
  ) {}

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

  @Get('portfolio')
  @Access({ admin: true })
  @ApiOperation({
    operationId: 'adminPortfolioDashboard',
    summary:
      'The portfolio dashboard: submissions by state and per day, funnel per step, SDGs, outcomes, indicators, SROI, budget, organizations, quiz scores',
  })
  @ApiQuery({ name: 'callId', required: false, format: 'uuid', description: 'One call (all calls when absent)' })
  @ApiQuery({ name: 'state', required: false, enum: ['all', 'open', 'closed'], description: 'Submissions counted (all by default)' })
  @ApiOkResponse({ type: PortfolioDashboardDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  portfolioDashboard(@Query('callId') callId?: string, @Query('state') state?: string): Promise<PortfolioDashboardDto> {
    return this.portfolio.dashboard(PortfolioService.scope(callId, state));
  }
}
