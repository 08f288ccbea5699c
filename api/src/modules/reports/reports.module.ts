import { Module } from '@nestjs/common';
import { DataVersions } from '../../database/data-version.js';
import { ReportExportService } from './report-export.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/**
 * Survey reports (issue 18): the survey steps of a call, each step's report aggregated by
 * PostgreSQL, its text answers paged, and its .xlsx export. Administrators only.
 */
@Module({
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportsService, ReportExportService, DataVersions],
})
export class ReportsModule {}
