import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';
import { EXAMPLE_FRAMEWORK_FILE, readExampleFile } from './example-files.js';
import { FrameworkImportService } from './framework-import.service.js';

/** The demo framework's id, fixed so the calls' demo content (order 40) can use it in its miniDyi step. */
export const DEMO_IMPACT_FRAMEWORK_ID = 'a1d0c0de-0000-4000-8000-00000000f001';
export const DEMO_IMPACT_FRAMEWORK_NAME = 'Framework d’impatto di esempio';

/** Imports the shipped example framework through the same import service an administrator uses. */
@Injectable()
@DemoSeeder(30)
export class ImpactDemoSeeder implements DemoContentSeeder {
  constructor(private readonly importer: FrameworkImportService) {}

  async seed(manager: EntityManager): Promise<void> {
    await this.importer.importWorkbook(
      {
        id: DEMO_IMPACT_FRAMEWORK_ID,
        name: DEMO_IMPACT_FRAMEWORK_NAME,
        description: 'Outcome, indicatori e proxy finanziari per progetti sociali e ambientali (esempio fornito con il prodotto).',
        buffer: await readExampleFile(EXAMPLE_FRAMEWORK_FILE),
      },
      manager,
    );
  }
}
