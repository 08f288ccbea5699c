import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigController } from './config.controller.js';
import { ConfigAdminController } from './config-admin.controller.js';
import { ConfigService } from './config.service.js';
import { ConfigurationEntity } from './configuration.entity.js';
import { ConfigurationRepository } from './configuration.repository.js';
import { ConfigDemoSeeder } from './config.demo.js';
import { ConsoleSettingsController } from './console-settings.controller.js';
import { AuditModule } from '../audit/audit.module.js';

@Module({
  imports: [TypeOrmModule.forFeature([ConfigurationEntity]), AuditModule],
  controllers: [ConfigController, ConfigAdminController, ConsoleSettingsController],
  providers: [ConfigService, ConfigurationRepository, ConfigDemoSeeder],
  exports: [ConfigService],
})
export class ConfigModule {}
