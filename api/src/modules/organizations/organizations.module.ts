import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationController } from './organization.controller.js';
import { OrganizationAdminController } from './organization-admin.controller.js';
import { MEMBERSHIP_READER } from '../../common/access/memberships.js';
import { OrganizationDemoSeeder } from './organization.demo.js';
import { OrganizationEntity, OrganizationInvitationEntity, OrganizationMemberEntity } from './organization.entity.js';
import { OrganizationRepository } from './organization.repository.js';
import { OrganizationService } from './organization.service.js';
import { MessagesModule } from '../messages/messages.module.js';
import { InvitationController, TeamController } from './team.controller.js';
import { TeamRepository } from './team.repository.js';
import { TeamService } from './team.service.js';

/** The Organization group of the spec, organization teams (members, invitations), and the console's organizations resource. */
@Module({
  imports: [TypeOrmModule.forFeature([OrganizationEntity, OrganizationMemberEntity, OrganizationInvitationEntity]), MessagesModule],
  controllers: [OrganizationController, TeamController, InvitationController, OrganizationAdminController],
  providers: [
    OrganizationRepository,
    OrganizationService,
    TeamRepository,
    TeamService,
    // The access policy (common/access) reads memberships through this token (not OrganizationService, which asks the policy).
    { provide: MEMBERSHIP_READER, useExisting: OrganizationRepository },
    OrganizationDemoSeeder,
  ],
  exports: [OrganizationService, MEMBERSHIP_READER],
})
export class OrganizationsModule {}
