import { session, unwrap, type Schemas } from '@impact-calls/api-client';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client';
import { useIsAuthenticated, useSelectedOrganizationId } from '../api/useSession';

export type Organization = Schemas['OrganizationDto'];
export type OrganizationInput = Schemas['CreateOrganizationDto'];

export const organizationsQueryKey = ['organizations'] as const;

/** The user's organizations, by name (GET GetOrganizations). */
export function useOrganizations() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: organizationsQueryKey,
    queryFn: async () => {
      const list = await unwrap(api.GET('/api/Organization/GetOrganizations'));
      // A list that is not an array is an error (spec section 8).
      if (!Array.isArray(list)) throw new Error('GetOrganizations did not answer a list');
      return list;
    },
    enabled: authenticated,
  });
}

export function useOrganization(id: string | undefined) {
  return useQuery({
    queryKey: [...organizationsQueryKey, id],
    queryFn: () => unwrap(api.GET('/api/Organization/GetOrganizationById', { params: { query: { orgId: id! } } })),
    enabled: !!id,
  });
}

/**
 * Data that depends on the organization (calls, submissions, ...) is refetched when the
 * selection changes; the user, the configuration and the organizations do not depend on it.
 */
function refreshOrganizationScopedData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ predicate: (q) => !['user', 'config', 'organizations', 'auth'].includes(String(q.queryKey[0])) });
}

/** Selects the organization the user acts for (sent as SelectedOrganizationId from now on). */
export function selectOrganization(queryClient: QueryClient, id: string | undefined): void {
  if (session.getOrganizationId() === id) return;
  session.setOrganizationId(id);
  refreshOrganizationScopedData(queryClient);
}

/**
 * Keeps a valid selection (spec section 6): the first organization when none is stored (or
 * the stored one is no longer the user's), none when the user has none.
 */
export function useAutoSelectOrganization(organizations: Organization[] | undefined): void {
  const queryClient = useQueryClient();
  const selected = useSelectedOrganizationId();
  useEffect(() => {
    if (!organizations) return;
    if (organizations.length === 0) {
      if (selected) selectOrganization(queryClient, undefined);
    } else if (!selected || !organizations.some((o) => o.id === selected)) {
      selectOrganization(queryClient, organizations[0].id);
    }
  }, [organizations, selected, queryClient]);
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationInput) => unwrap(api.POST('/api/Organization/CreateOrganization', { body })),
    onSuccess: async (created) => {
      // The first organization becomes the selected one at once.
      if (!session.getOrganizationId()) selectOrganization(queryClient, created.id);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['UpdateOrganizationDto']) => unwrap(api.PUT('/api/Organization/UpdateOrganization', { body })),
    onSuccess: async (updated) => {
      queryClient.setQueryData([...organizationsQueryKey, updated.id], updated);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
  });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/Organization/DeleteOrganization', { params: { query: { orgId: id } } })),
    onSuccess: async (_result, id) => {
      // Never send a deleted organization again: the API would answer 403 (and end the session).
      if (session.getOrganizationId() === id) selectOrganization(queryClient, undefined);
      queryClient.removeQueries({ queryKey: [...organizationsQueryKey, id] });
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
  });
}
