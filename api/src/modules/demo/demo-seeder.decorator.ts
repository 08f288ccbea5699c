import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export const DEMO_SEEDER = 'demo-seeder';

/**
 * A provider that adds one capability's demo content. Seeders run in `order`, all in one
 * transaction, only on the first start against an empty database (see DemoContentService).
 */
export const DemoSeeder = (order: number) => SetMetadata(DEMO_SEEDER, order);

export interface DemoContentSeeder {
  seed(manager: EntityManager): Promise<void>;
}
