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
      name: 'Questionario di gradimento',
      description: 'Raccomandazione da 0 a 10 con domande di approfondimento per promotori e detrattori; al massimo due servizi',
      json: FEEDBACK_SURVEY,
    });
  }
}
