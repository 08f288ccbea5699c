import { Module } from '@nestjs/common';
import { DataVersions } from '../../database/data-version.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';
import { PortfolioRepository } from './portfolio.repository.js';
import { PortfolioService } from './portfolio.service.js';

@Module({
  controllers: [DashboardController],
  providers: [DashboardService, DashboardRepository, PortfolioService, PortfolioRepository, DataVersions],
})
export class DashboardModule {}
