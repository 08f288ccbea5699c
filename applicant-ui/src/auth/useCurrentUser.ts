import { unwrap, type Schemas } from '@impact-calls/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useIsAuthenticated } from '../api/useSession';

export type CurrentUser = Schemas['UserDto'];

export const currentUserQueryKey = ['user', 'me'] as const;

/** The signed-in user (GET /api/User): name, e-mail, roles, isAdmin. */
export function useCurrentUser() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: () => unwrap(api.GET('/api/User')),
    enabled: authenticated,
    staleTime: 5 * 60_000,
  });
}

export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Whether the user reviews applications (the identity provider's reviewer role, or a call they review): the menu leads to the workspace. */
export function useIsReviewer(user: CurrentUser | undefined): boolean {
  const byRole = !!user?.roles.some((r) => r.toLowerCase() === 'reviewer');
  const calls = useQuery({
    queryKey: ['reviews', 'calls'],
    queryFn: () => unwrap(api.GET('/api/reviews/calls')),
    enabled: !!user && !byRole,
    staleTime: 5 * 60_000,
  });
  return byRole || (calls.data?.length ?? 0) > 0;
}
