import { Module } from '@nestjs/common';
import { DataVersions } from '../../database/data-version.js';
import { ReportExportService } from './report-export.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

@Module({
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportsService, ReportExportService, DataVersions],
})
export class ReportsModule {}
