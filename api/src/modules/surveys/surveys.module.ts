import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SurveyTypeEntity } from './survey-type.entity.js';
import { SurveysController } from './surveys.controller.js';
import { SurveysAdminController } from './surveys-admin.controller.js';
import { SurveysRepository } from './surveys.repository.js';
import { SurveysDemoSeeder } from './surveys.demo.js';
import { SurveysService } from './surveys.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([SurveyTypeEntity])],
  controllers: [SurveysController, SurveysAdminController],
  providers: [SurveysService, SurveysRepository, SurveysDemoSeeder],
})
export class SurveysModule {}
