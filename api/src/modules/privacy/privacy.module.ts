import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ORGANIZATION_CONSENT_RECORDER } from '../organizations/organization-consents.js';
import { ConsentRecordEntity, ConsentTextEntity } from './consent.entity.js';
import { ConsentsService } from './consents.service.js';
import { PrivacyExportService } from './privacy-export.service.js';
import { PrivacyController } from './privacy.controller.js';
import { PrivacyRepository } from './privacy.repository.js';

/**
 * Data protection (owner of consent_record and consent_text): consent records and the data exports.
 * Global only for the organization form's consents, which the organizations module records through
 * ORGANIZATION_CONSENT_RECORDER without importing this module.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ConsentTextEntity, ConsentRecordEntity])],
  controllers: [PrivacyController],
  providers: [
    PrivacyRepository,
    ConsentsService,
    PrivacyExportService,
    { provide: ORGANIZATION_CONSENT_RECORDER, useExisting: ConsentsService },
  ],
  exports: [ORGANIZATION_CONSENT_RECORDER],
})
export class PrivacyModule {}
