import { ApiProperty } from '@nestjs/swagger';
import { LANGUAGES, ORGANIZATION_ROLES, type InvitationState, type Language, type OrganizationRole } from '@impact-calls/domain';
import { EmailField, EnumField } from '../../../common/validation/fields.js';

export { OrganizationMemberDto } from './organization.dto.js';

const ROLE = { enum: ORGANIZATION_ROLES, enumName: 'OrganizationRole' } as const;

export class ChangeMemberRoleDto {
  @EnumField(ORGANIZATION_ROLES, { enumName: 'OrganizationRole' }) role: OrganizationRole;
}

export class InviteMemberDto {
  @EmailField() email: string;
  @EnumField(ORGANIZATION_ROLES, { enumName: 'OrganizationRole' }) role: OrganizationRole;
  @EnumField(LANGUAGES, {
    enumName: 'Language',
    optional: true,
    description: "The invitee's language (the e-mail's); default the inviter's",
  })
  language?: Language;
}

/** An invitation not accepted nor withdrawn, as the owners see it. */
export class OrganizationInvitationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty(ROLE) role: OrganizationRole;
  @ApiProperty({ enum: LANGUAGES, enumName: 'Language' }) language: Language;
  @ApiProperty({ description: 'Who sent it (last)' }) invitedByName: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ enum: ['pending', 'expired'], enumName: 'OrganizationInvitationState' }) state: 'pending' | 'expired';
}

/** What the link of an invitation e-mail shows before accepting. */
export class InvitationPreviewDto {
  @ApiProperty() organizationName: string;
  @ApiProperty(ROLE) role: OrganizationRole;
  @ApiProperty() invitedByName: string;
  @ApiProperty({ description: "The invited address, masked (m***@example.org) unless it is the caller's own" }) email: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ enum: ['pending', 'expired', 'used', 'revoked'], enumName: 'InvitationState' }) state: InvitationState;
  @ApiProperty({ description: "Whether the invitation is addressed to the caller's e-mail" }) forMe: boolean;
}

export class InvitationAcceptedDto {
  @ApiProperty({ format: 'uuid' }) organizationId: string;
  @ApiProperty(ROLE) role: OrganizationRole;
}
