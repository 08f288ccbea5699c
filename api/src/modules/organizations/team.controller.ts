import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import {
  ChangeMemberRoleDto,
  InvitationAcceptedDto,
  InvitationPreviewDto,
  InviteMemberDto,
  OrganizationInvitationDto,
  OrganizationMemberDto,
} from './dto/team.dto.js';
import { TeamService } from './team.service.js';

const NOT_MEMBER = 'No such organization among the user’s';
const OWNERS = 'Not an owner (errors.team.owners-only)';

/** An organization's team: members and their roles, invitations; `{organizationId}` routes answer 404 to non-members. */
@ApiTags('Organization')
@Controller('organizations/:organizationId')
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get('members')
  @Endpoint('listOrganizationMembers', "The organization's members and their roles", {
    access: SIGNED_IN,
    ok: [OrganizationMemberDto],
    errors: { 404: NOT_MEMBER },
  })
  members(@CurrentUser() user: AuthUser, @UuidParam('organizationId') organizationId: string): Promise<OrganizationMemberDto[]> {
    return this.team.members(user, organizationId);
  }

  @Put('members/:userId')
  @Endpoint('changeOrganizationMemberRole', "Changes a member's role (owners)", {
    access: SIGNED_IN,
    ok: OrganizationMemberDto,
    errors: { 400: true, 404: NOT_MEMBER, 409: `${OWNERS}, or the last owner (errors.team.last-owner)` },
  })
  changeRole(
    @CurrentUser() user: AuthUser,
    @UuidParam('organizationId') organizationId: string,
    @UuidParam('userId') userId: string,
    @Body() dto: ChangeMemberRoleDto,
  ): Promise<OrganizationMemberDto> {
    return this.team.changeRole(user, organizationId, userId, dto);
  }

  @Delete('members/:userId')
  @Endpoint('removeOrganizationMember', 'Removes a member (owners), or leaves (a member removing themself)', {
    access: SIGNED_IN,
    status: 204,
    errors: { 404: NOT_MEMBER, 409: `${OWNERS}, or the last owner (errors.team.last-owner)` },
  })
  async remove(
    @CurrentUser() user: AuthUser,
    @UuidParam('organizationId') organizationId: string,
    @UuidParam('userId') userId: string,
  ): Promise<void> {
    await this.team.remove(user, organizationId, userId);
  }

  @Get('invitations')
  @Endpoint('listOrganizationInvitations', 'Invitations not accepted nor withdrawn, pending or expired (owners)', {
    access: SIGNED_IN,
    ok: [OrganizationInvitationDto],
    errors: { 404: NOT_MEMBER, 409: OWNERS },
  })
  invitations(@CurrentUser() user: AuthUser, @UuidParam('organizationId') organizationId: string): Promise<OrganizationInvitationDto[]> {
    return this.team.invitations(user, organizationId);
  }

  @Post('invitations')
  @Endpoint('inviteOrganizationMember', 'Invites an address to join in a role: an e-mail with a link valid 7 days (owners)', {
    access: SIGNED_IN,
    status: 201,
    ok: OrganizationInvitationDto,
    errors: { 400: true, 404: NOT_MEMBER, 409: `${OWNERS}, already a member, or already invited (errors.team.already-invited)` },
  })
  invite(
    @CurrentUser() user: AuthUser,
    @UuidParam('organizationId') organizationId: string,
    @Body() dto: InviteMemberDto,
  ): Promise<OrganizationInvitationDto> {
    return this.team.invite(user, organizationId, dto);
  }

  @Post('invitations/:invitationId/resend')
  @Endpoint('resendOrganizationInvitation', 'Sends an invitation again: a new link, valid 7 days; the old one stops working (owners)', {
    access: SIGNED_IN,
    ok: OrganizationInvitationDto,
    errors: { 404: true, 409: OWNERS },
  })
  resend(
    @CurrentUser() user: AuthUser,
    @UuidParam('organizationId') organizationId: string,
    @UuidParam('invitationId') invitationId: string,
  ): Promise<OrganizationInvitationDto> {
    return this.team.resend(user, organizationId, invitationId);
  }

  @Delete('invitations/:invitationId')
  @Endpoint('revokeOrganizationInvitation', 'Withdraws an invitation (owners)', {
    access: SIGNED_IN,
    status: 204,
    errors: { 404: true, 409: OWNERS },
  })
  async revoke(
    @CurrentUser() user: AuthUser,
    @UuidParam('organizationId') organizationId: string,
    @UuidParam('invitationId') invitationId: string,
  ): Promise<void> {
    await this.team.revoke(user, organizationId, invitationId);
  }
}

/** The invitation link of the e-mail: what it offers, and accepting it. */
@ApiTags('Organization')
@Controller('invitations/:token')
export class InvitationController {
  constructor(private readonly team: TeamService) {}

  @Get()
  @Endpoint('getInvitation', 'What an invitation offers (the address masked unless it is the caller’s)', {
    access: SIGNED_IN,
    ok: InvitationPreviewDto,
    errors: { 404: 'Unknown invitation (errors.team.invitation-not-found)' },
  })
  @ApiParam({ name: 'token', description: 'The token of the e-mail link' })
  get(@CurrentUser() user: AuthUser, @Param('token') token: string): Promise<InvitationPreviewDto> {
    return this.team.preview(user, token);
  }

  @Post('accept')
  @Endpoint('acceptInvitation', 'Joins the organization in the invitation’s role (the invitation is used up)', {
    access: SIGNED_IN,
    ok: InvitationAcceptedDto,
    errors: {
      404: 'Unknown invitation (errors.team.invitation-not-found)',
      409: 'Expired, used, withdrawn, for another address, or already a member (errors.team.*)',
    },
  })
  @ApiParam({ name: 'token', description: 'The token of the e-mail link' })
  accept(@CurrentUser() user: AuthUser, @Param('token') token: string): Promise<InvitationAcceptedDto> {
    return this.team.accept(user, token);
  }
}
