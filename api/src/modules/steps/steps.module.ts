import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StepTypeEntity } from './step-type.entity.js';
import { StepEntity } from './step.entity.js';
import { StepsController } from './steps.controller.js';
import { StepsRepository } from './steps.repository.js';
import { StepsService } from './steps.service.js';
import { AuditModule } from '../audit/audit.module.js';

@Module({
  imports: [TypeOrmModule.forFeature([StepEntity, StepTypeEntity]), AuditModule],
  controllers: [StepsController],
  providers: [StepsService, StepsRepository],
  exports: [StepsService],
})
export class StepsModule {}
