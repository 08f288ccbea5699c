import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';
import { ConfigurationEntity } from './configuration.entity.js';

const LANDING = `<h1>Impact Calls</h1>
<p>Apply to open calls for impact projects: tell us about your organization, design the impact you want to make, from the Sustainable Development Goals to outcomes, indicators and a social return on investment estimate, and submit.</p>
<h2>How it works</h2>
<ol><li>Sign in and register your organization.</li><li>Pick an open call and fill it step by step: your answers are saved as you go.</li><li>Submit when you are ready: you will receive a confirmation.</li></ol>`;

/** An active branding configuration with a landing page. */
@Injectable()
@DemoSeeder(10)
export class ConfigDemoSeeder implements DemoContentSeeder {
  async seed(manager: EntityManager): Promise<void> {
    await manager.getRepository(ConfigurationEntity).save({
      name: 'Impact Calls',
      description: 'Demo configuration',
      message: '<p>Benvenuti! Welcome! Bienvenue!</p>',
      domain: 'localhost',
      defaultLanguage: 'it',
      languageSelection: true,
      organizationSelection: true,
      logoWidth: 50,
      logoHeight: 50,
      listName: 'Open calls',
      landingHtml: LANDING,
      dataConsentText: '<p>I consent to the processing of my personal data for the purpose of evaluating this application (GDPR art. 6(1)(a)).</p>',
      isActive: true,
    });
  }
}
