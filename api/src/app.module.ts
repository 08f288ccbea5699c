import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { PresenceModule } from './modules/presence/presence.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SETTINGS, type Settings } from './config/settings.js';
import { CACHES_OFF } from './database/invalidation.js';
import { ErrorFilter } from './common/http/error.filter.js';
import { AccessModule } from './common/access/access.module.js';
import { SnakeNamingStrategy } from './database/snake-naming.strategy.js';
import { SharedCacheModule } from './database/shared-cache.js';
import { SqlModule } from './database/sql.js';
import { TrafficModule } from './common/lifecycle/traffic.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ConfigModule } from './modules/config/config.module.js';
import { DemoModule } from './modules/demo/demo.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { OrganizationsModule } from './modules/organizations/organizations.module.js';
import { CallsModule } from './modules/calls/calls.module.js';
import { StepsModule } from './modules/steps/steps.module.js';
import { SurveysModule } from './modules/surveys/surveys.module.js';
import { SubmissionsModule } from './modules/submissions/submissions.module.js';
import { FilesModule } from './modules/files/files.module.js';
import { ImpactModule } from './modules/impact/impact.module.js';
import { DocumentsModule } from './modules/documents/documents.module.js';
import { MessagesModule } from './modules/messages/messages.module.js';
import { LimitsModule } from './modules/limits/limits.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { PowerBiModule } from './modules/powerbi/powerbi.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';

/** The settings object, available everywhere as the SETTINGS provider. */
@Module({})
class SettingsModule {}

/** Feature modules, one per API group. New groups are added here. */
const FEATURE_MODULES = [
  AuthModule,
  ConfigModule,
  HealthModule,
  DemoModule,
  OrganizationsModule,
  CallsModule,
  StepsModule,
  SurveysModule,
  SubmissionsModule,
  FilesModule.forRoot(SubmissionsModule),
  ImpactModule,
  DocumentsModule,
  MessagesModule,
  DashboardModule,
  PowerBiModule,
  ReportsModule,
  MetricsModule,
  ReviewsModule,
  AuditModule,
  PresenceModule,
  PrivacyModule,
];

@Module({})
export class AppModule {
  static forRoot(settings: Settings, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        {
          module: SettingsModule,
          global: true,
          providers: [
            { provide: SETTINGS, useValue: settings },
            { provide: CACHES_OFF, useValue: settings.cachesOff },
          ],
          exports: [SETTINGS, CACHES_OFF],
        },
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: databaseUrl,
          namingStrategy: new SnakeNamingStrategy(),
          autoLoadEntities: true,
          synchronize: false,
          uuidExtension: 'pgcrypto',
          extra: { max: 20, connectionTimeoutMillis: 10_000, statement_timeout: 30_000 },
        }),
        SqlModule,
        SharedCacheModule,
        TrafficModule,
        LimitsModule,
        // The one access policy; memberships are the organizations module's.
        AccessModule.forRoot(OrganizationsModule),
        ...FEATURE_MODULES,
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorFilter }],
    };
  }
}
