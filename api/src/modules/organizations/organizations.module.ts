import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationController } from './organization.controller.js';
import { OrganizationAdminController } from './organization-admin.controller.js';
import { MEMBERSHIP_READER } from '../../common/access/memberships.js';
import { OrganizationDemoSeeder } from './organization.demo.js';
import { OrganizationEntity, OrganizationMemberEntity } from './organization.entity.js';
import { OrganizationRepository } from './organization.repository.js';
import { OrganizationService } from './organization.service.js';

/** The Organization group of the spec, and the console's organizations resource. */
@Module({
  imports: [TypeOrmModule.forFeature([OrganizationEntity, OrganizationMemberEntity])],
  controllers: [OrganizationController, OrganizationAdminController],
  providers: [
    OrganizationRepository,
    OrganizationService,
    // The access policy (common/access) reads memberships through this token (not OrganizationService, which asks the policy).
    { provide: MEMBERSHIP_READER, useExisting: OrganizationRepository },
    OrganizationDemoSeeder,
  ],
  exports: [OrganizationService, MEMBERSHIP_READER],
})
export class OrganizationsModule {}
