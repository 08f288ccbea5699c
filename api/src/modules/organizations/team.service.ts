import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  invitationExpiry,
  invitationState,
  isLanguage,
  leavesNoOwner,
  maskEmail,
  type Language,
  type OrganizationRole,
} from '@impact-calls/domain';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { conflict, notFound } from '../../common/http/app-error.js';
import { MessagesService } from '../messages/messages.service.js';
import type {
  ChangeMemberRoleDto,
  InvitationAcceptedDto,
  InvitationPreviewDto,
  InviteMemberDto,
  OrganizationInvitationDto,
  OrganizationMemberDto,
} from './dto/team.dto.js';
import { TeamRepository, type InvitationRow, type TeamMemberRow } from './team.repository.js';

const organizationNotFound = () => notFound('errors.organization-not-found', 'Organization not found');
const memberNotFound = () => notFound('errors.team.member-not-found', 'Member not found');
const invitationNotFound = () => notFound('errors.team.invitation-not-found', 'Invitation not found');
const lastOwner = () => conflict('errors.team.last-owner', 'An organization always keeps at least one owner');
const alreadyMember = () => conflict('errors.team.already-member', 'This person is already a member of the organization');

/** A token as the e-mail link carries it: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const displayName = (u: Pick<AuthUser, 'firstName' | 'lastName' | 'email'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email;

function toMemberDto(r: TeamMemberRow, me: string): OrganizationMemberDto {
  return { ...r, role: r.role as OrganizationRole, isMe: r.userId === me };
}

function toInvitationDto(r: InvitationRow): OrganizationInvitationDto {
  return { ...r, role: r.role as OrganizationRole, language: r.language as Language };
}

/**
 * An organization's team: its members and their roles (owner, editor, viewer), and invitations to join it (single use,
 * valid 7 days, sent by e-mail with a token kept only as its hash). An organization always keeps at least one owner.
 */
@Injectable()
export class TeamService {
  constructor(
    private readonly team: TeamRepository,
    private readonly access: AccessPolicy,
    private readonly messages: MessagesService,
  ) {}

  async members(user: AuthUser, organizationId: string): Promise<OrganizationMemberDto[]> {
    await this.access.requireAccess({ auth: { user }, permission: Permission.OrganizationRead, ids: [organizationId] });
    return (await this.team.members(organizationId)).map((r) => toMemberDto(r, user.id));
  }

  async changeRole(user: AuthUser, organizationId: string, userId: string, dto: ChangeMemberRoleDto): Promise<OrganizationMemberDto> {
    await this.team.transaction(async (m) => {
      const { roles } = await this.locked(m, user, organizationId, Permission.OrganizationMembers);
      if (!roles.has(userId)) throw memberNotFound();
      if (leavesNoOwner(roles, userId, dto.role)) throw lastOwner();
      await this.team.setRole(m, organizationId, userId, dto.role);
    });
    const member = (await this.team.members(organizationId)).find((r) => r.userId === userId);
    if (!member) throw memberNotFound();
    return toMemberDto(member, user.id);
  }

  /** Owners remove anyone; any member removes themself (leaves); never the last owner. */
  async remove(user: AuthUser, organizationId: string, userId: string): Promise<void> {
    const permission = userId === user.id ? Permission.OrganizationRead : Permission.OrganizationMembers;
    await this.team.transaction(async (m) => {
      const { roles } = await this.locked(m, user, organizationId, permission);
      if (!roles.has(userId)) throw memberNotFound();
      if (leavesNoOwner(roles, userId, null)) throw lastOwner();
      await this.team.removeMember(m, organizationId, userId);
    });
  }

  async invitations(user: AuthUser, organizationId: string): Promise<OrganizationInvitationDto[]> {
    await this.access.requireAccess({ auth: { user }, permission: Permission.OrganizationMembers, ids: [organizationId] });
    return (await this.team.invitations(organizationId)).map(toInvitationDto);
  }

  /** Invites an address (an expired invitation of it is sent again, renewed); 409 for a member or a pending invitation. */
  async invite(user: AuthUser, organizationId: string, dto: InviteMemberDto): Promise<OrganizationInvitationDto> {
    const email = dto.email.trim().toLowerCase();
    const language: Language = dto.language ?? (isLanguage(user.language) ? user.language : 'it');
    const id = await this.team.transaction(async (m) => {
      const { org } = await this.locked(m, user, organizationId, Permission.OrganizationMembers);
      if (await this.team.isMemberByEmail(m, organizationId, email)) throw alreadyMember();
      const open = await this.team.openInvitationOf(m, organizationId, email);
      if (open && invitationState(open) === 'pending')
        throw conflict('errors.team.already-invited', 'This address already has a pending invitation: send it again instead', {
          invitationId: open.id,
        });
      const sending = this.sending(user, dto.role, language);
      const invitationId = open
        ? (await this.team.renewInvitation(m, open.id, sending.row), open.id)
        : await this.team.insertInvitation(m, { ...sending.row, organizationId, email });
      await this.queue(m, sending, { email, organizationName: org.name, user });
      return invitationId;
    });
    return this.sent(organizationId, id);
  }

  /** A new token and a new validity, the e-mail again (the old link no longer works). */
  async resend(user: AuthUser, organizationId: string, invitationId: string): Promise<OrganizationInvitationDto> {
    await this.team.transaction(async (m) => {
      const { org } = await this.locked(m, user, organizationId, Permission.OrganizationMembers);
      const found = await this.team.invitationLocked(m, organizationId, invitationId);
      if (!found) throw invitationNotFound();
      const sending = this.sending(user, found.role as OrganizationRole, found.language as Language);
      await this.team.renewInvitation(m, found.id, sending.row);
      await this.queue(m, sending, { email: found.email, organizationName: org.name, user });
    });
    return this.sent(organizationId, invitationId);
  }

  async revoke(user: AuthUser, organizationId: string, invitationId: string): Promise<void> {
    await this.team.transaction(async (m) => {
      await this.locked(m, user, organizationId, Permission.OrganizationMembers);
      const found = await this.team.invitationLocked(m, organizationId, invitationId);
      if (!found) throw invitationNotFound();
      await this.team.revokeInvitation(m, found.id);
    });
  }

  /** What the invitation link shows to the signed-in user; the address masked unless it is theirs. */
  async preview(user: AuthUser, token: string): Promise<InvitationPreviewDto> {
    const found = TOKEN.test(token) ? await this.team.byToken(hashOf(token)) : undefined;
    if (!found) throw invitationNotFound();
    const forMe = found.email === user.email.toLowerCase();
    return {
      organizationName: found.organizationName,
      role: found.role as OrganizationRole,
      invitedByName: found.invitedByName,
      email: forMe ? found.email : maskEmail(found.email),
      expiresAt: new Date(found.expiresAt).toISOString(),
      state: invitationState(found),
      forMe,
    };
  }

  /** The signed-in user whose address the invitation is for joins in its role; the invitation is used up, in one transaction. */
  async accept(user: AuthUser, token: string): Promise<InvitationAcceptedDto> {
    const tokenHash = TOKEN.test(token) ? hashOf(token) : undefined;
    const organizationId = tokenHash && (await this.team.byToken(tokenHash))?.organizationId;
    if (!tokenHash || !organizationId) throw invitationNotFound();
    const accepted = await this.team.transaction(async (m) => {
      // The organization first, then the invitation: the order of the owners' changes, so the two never deadlock.
      const org = await this.team.lockOrganization(m, organizationId);
      if (!org || org.archivedAt) throw invitationNotFound();
      const found = await this.team.byTokenLocked(m, tokenHash);
      if (!found) throw invitationNotFound();
      const state = invitationState(found);
      if (state === 'used') throw conflict('errors.team.invitation-used', 'This invitation has already been used');
      if (state === 'revoked') throw conflict('errors.team.invitation-revoked', 'This invitation was withdrawn');
      if (state === 'expired') throw conflict('errors.team.invitation-expired', 'This invitation has expired');
      if (found.email !== user.email.toLowerCase()) {
        const email = maskEmail(found.email);
        throw conflict('errors.team.invitation-foreign', `This invitation is for ${email}: sign in with that address`, { email });
      }
      if (!(await this.team.addMember(m, found.organizationId, user.id, found.role))) throw alreadyMember();
      await this.team.accept(m, found.id, user.id);
      return { organizationId: found.organizationId, role: found.role as OrganizationRole };
    });
    return accepted;
  }

  /**
   * Locks the organization's team for the transaction and asks the policy on the roles just read (not the cached
   * memberships): two owners demoting each other at once cannot leave it without one.
   */
  private async locked(m: EntityManager, user: AuthUser, organizationId: string, permission: Permission) {
    const org = await this.team.lockOrganization(m, organizationId);
    if (!org) throw organizationNotFound();
    const roles = await this.team.roles(m, organizationId);
    this.access.require({ user }, permission, { organizationId, role: roles.get(user.id) ?? '', archived: org.archivedAt !== null });
    return { org, roles };
  }

  /** A new token for one sending: its hash and validity for the row, the token itself only for the e-mail. */
  private sending(user: AuthUser, role: OrganizationRole, language: Language) {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashOf(token);
    const expiresAt = invitationExpiry();
    return { token, row: { tokenHash, expiresAt, role, language, invitedById: user.id } };
  }

  private queue(
    m: EntityManager,
    s: ReturnType<TeamService['sending']>,
    to: { email: string; organizationName: string; user: AuthUser },
  ): Promise<void> {
    return this.messages.organizationInvited(m, {
      sending: s.row.tokenHash,
      email: to.email,
      language: s.row.language,
      organizationName: to.organizationName,
      inviterName: displayName(to.user),
      role: s.row.role,
      token: s.token,
      expiresAt: s.row.expiresAt,
    });
  }

  /** After a committed sending: the e-mail goes now, and the invitation as the owners see it. */
  private async sent(organizationId: string, id: string): Promise<OrganizationInvitationDto> {
    this.messages.sendQueued();
    const row = await this.team.invitation(organizationId, id);
    if (!row) throw invitationNotFound();
    return toInvitationDto(row);
  }
}
