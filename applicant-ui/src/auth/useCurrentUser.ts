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
