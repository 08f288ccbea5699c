import { unwrap, type Schemas } from '@impact-calls/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';

export type Session = Schemas['SessionDto'];

export const sessionsQueryKey = ['sessions'] as const;

/** The devices where the user is signed in (GET /api/User/sessions), the most recently used first. */
export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: () => unwrap(api.GET('/api/User/sessions')) });
}

/** Signs one session out (DELETE /api/User/sessions/{id}). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/User/sessions/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** Signs out every other session (keepCurrent), or every session. */
export function useEndAllSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keepCurrent: boolean) => unwrap(api.POST('/api/User/sessions/end-all', { body: { keepCurrent } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
