import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StepsModule } from '../steps/steps.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { CallTypeEntity } from '../steps/call-type.entity.js';
import { CallTypesService } from './call-types.service.js';
import { CallEntity } from './call.entity.js';
import { CallsAdminController } from './calls-admin.controller.js';
import { CallTypesAdminController } from './call-types-admin.controller.js';
import { CallsController } from './calls.controller.js';
import { CallSubmissionsRepository } from './call-submissions.repository.js';
import { CallTypesRepository } from './call-types.repository.js';
import { CallsRepository } from './calls.repository.js';
import { CallsDemoSeeder } from './calls.demo.js';
import { CallsService } from './calls.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([CallEntity, CallTypeEntity]), StepsModule, AuditModule],
  controllers: [CallsController, CallsAdminController, CallTypesAdminController],
  providers: [CallsService, CallTypesService, CallsRepository, CallTypesRepository, CallSubmissionsRepository, CallsDemoSeeder],
  exports: [CallsService],
})
export class CallsModule {}
