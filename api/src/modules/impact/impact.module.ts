import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FrameworkImportService } from './framework-import.service.js';
import { ImpactFrameworkController } from './impact-framework.controller.js';
import { IndicatorController } from './indicator.controller.js';
import { OutcomeController } from './outcome.controller.js';
import { ImpactFrameworkAdminController } from './impact-framework-admin.controller.js';
import { IMPACT_ENTITIES } from './impact-framework.entity.js';
import { ImpactFrameworkRepository } from './impact-framework.repository.js';
import { ImpactFrameworkService } from './impact-framework.service.js';
import { ImpactDemoSeeder } from './impact.demo.js';
import { FrameworkReadCache } from './read-cache.js';
import { MiniDyiController } from './minidyi.controller.js';
import { MiniDyiRepository } from './minidyi.repository.js';
import { MiniDyiService } from './minidyi.service.js';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { AuditModule } from '../audit/audit.module.js';

/** Impact frameworks (Excel import, console, the lookups miniDyi reads), the SDGs, and the miniDyi answers with their SROI. */
@Module({
  imports: [TypeOrmModule.forFeature(IMPACT_ENTITIES), SubmissionsModule, AuditModule],
  controllers: [ImpactFrameworkController, MiniDyiController, IndicatorController, OutcomeController, ImpactFrameworkAdminController],
  providers: [
    ImpactFrameworkRepository,
    ImpactFrameworkService,
    FrameworkReadCache,
    FrameworkImportService,
    ImpactDemoSeeder,
    MiniDyiRepository,
    MiniDyiService,
  ],
})
export class ImpactModule {}
