import { ApiError, unwrap, type Schemas } from '@impact-calls/api-client';
import { roleMayManage, roleMayWrite, type Language, type OrganizationRole } from '@impact-calls/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../api/client';
import { useSelectedOrganizationId } from '../api/useSession';
import { organizationsQueryKey, selectOrganization, useOrganizations } from './useOrganizations';

export type Member = Schemas['OrganizationMemberDto'];
export type Invitation = Schemas['OrganizationInvitationDto'];

export const membersKey = (organizationId: string) => ['organizations', organizationId, 'members'] as const;
export const invitationsKey = (organizationId: string) => ['organizations', organizationId, 'invitations'] as const;

/** The text of a failed team call: the API's key (with its details, e.g. the invited address), else `fallbackKey`. */
export function teamErrorMessage(t: TFunction, error: unknown, fallbackKey = 'team-ui.action-error'): string {
  if (error instanceof ApiError) {
    const details = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
    const known = t(error.key, { ...details, defaultValue: '' });
    if (known) return known;
  }
  return t(fallbackKey);
}

/** A member's name as shown: first and last name, else the e-mail. */
export const memberName = (m: { firstName?: string | null; lastName?: string | null; email: string }) =>
  [m.firstName, m.lastName]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ') || m.email;

/** The current user's role in the organization they act for (GetOrganizations), when known. */
export function useActingRole(): OrganizationRole | undefined {
  const selected = useSelectedOrganizationId();
  const { data: organizations } = useOrganizations();
  return organizations?.find((o) => o.id === selected)?.role;
}

/** Whether the user may write for the acting organization; true while its role is unknown (the API decides anyway). */
export function useActingMayWrite(): boolean {
  const role = useActingRole();
  return role === undefined || roleMayWrite(role);
}

/** Whether a role (known) lets its member manage the organization; unknown roles keep the actions shown (the API decides). */
export const mayManage = (role: OrganizationRole | undefined) => role === undefined || roleMayManage(role);

export function useMembers(organizationId: string) {
  return useQuery({
    queryKey: membersKey(organizationId),
    queryFn: () => unwrap(api.GET('/api/organizations/{organizationId}/members', { params: { path: { organizationId } } })),
  });
}

/** The pending and expired invitations (owners only: asked only when `enabled`). */
export function useInvitations(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey(organizationId),
    queryFn: () => unwrap(api.GET('/api/organizations/{organizationId}/invitations', { params: { path: { organizationId } } })),
    enabled,
  });
}

export function useChangeRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: OrganizationRole }) =>
      unwrap(
        api.PUT('/api/organizations/{organizationId}/members/{userId}', { params: { path: { organizationId, userId } }, body: { role } }),
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: membersKey(organizationId) });
      // My own role may have changed: the organizations list carries it.
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true });
    },
  });
}

/** Removes a member, or leaves when it is me (then the organization is no longer selectable). */
export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId }: { userId: string; isMe: boolean }) => {
      await unwrap(api.DELETE('/api/organizations/{organizationId}/members/{userId}', { params: { path: { organizationId, userId } } }));
    },
    onSuccess: async (_r, { isMe }) => {
      if (isMe) {
        // Never act for an organization left: the API would refuse it.
        selectOrganization(queryClient, undefined);
        queryClient.removeQueries({ queryKey: membersKey(organizationId) });
        await queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true });
      } else {
        await queryClient.invalidateQueries({ queryKey: membersKey(organizationId) });
      }
    },
  });
}

export function useInvite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: OrganizationRole; language: Language }) =>
      unwrap(api.POST('/api/organizations/{organizationId}/invitations', { params: { path: { organizationId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(organizationId) }),
  });
}

export function useResendInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      unwrap(
        api.POST('/api/organizations/{organizationId}/invitations/{invitationId}/resend', {
          params: { path: { organizationId, invitationId } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey(organizationId) }),
  });
}

export function useRevokeInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      await unwrap(
        api.DELETE('/api/organizations/{organizationId}/invitations/{invitationId}', {
          params: { path: { organizationId, invitationId } },
        }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey(organizationId) }),
  });
}
