import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FEEDBACK_SURVEY } from '../calls/calls.demo.js';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';
import { SurveyTypeEntity } from './survey-type.entity.js';

/** The survey library starts with the feedback survey sample of the spec. */
@Injectable()
@DemoSeeder(41)
export class SurveysDemoSeeder implements DemoContentSeeder {
  async seed(m: EntityManager): Promise<void> {
    await m.getRepository(SurveyTypeEntity).save({
      name: 'Feedback survey',
      description: 'Recommendation 0-10 with follow-ups for promoters and detractors; at most two features',
      json: FEEDBACK_SURVEY,
    });
  }
}
