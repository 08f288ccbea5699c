import { Injectable, Logger } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DEMO_SEEDER, type DemoContentSeeder } from './demo-seeder.decorator.js';

/** Finds every @DemoSeeder provider and runs them, in order, in one transaction. */
@Injectable()
export class DemoContentService {
  private readonly logger = new Logger('DemoContent');

  constructor(
    private readonly discovery: DiscoveryService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  seeders(): { order: number; seeder: DemoContentSeeder; name: string }[] {
    return this.discovery
      .getProviders()
      .filter((w) => w.metatype && w.instance && Reflect.getMetadata(DEMO_SEEDER, w.metatype) !== undefined)
      .map((w) => ({
        order: Reflect.getMetadata(DEMO_SEEDER, w.metatype!) as number,
        seeder: w.instance as DemoContentSeeder,
        name: w.name,
      }))
      .sort((a, b) => a.order - b.order);
  }

  async load(): Promise<void> {
    const seeders = this.seeders();
    await this.db.transaction(async (manager) => {
      for (const { seeder } of seeders) await seeder.seed(manager);
    });
    this.logger.log(`Demo content loaded (${seeders.map((s) => s.name).join(', ')})`);
  }
}
