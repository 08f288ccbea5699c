import { session, unwrap } from '@impact-calls/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSelectedOrganizationId } from '../api/useSession';
import type { UserCall } from './callActions';

/** GetCallListUser for the selected organization (the API orders and filters it). */
export function useCallList() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: ['calls', 'user-list', organizationId ?? null],
    queryFn: async (): Promise<UserCall[]> => {
      const data = await unwrap(api.GET('/api/Call/GetCallListUser'));
      if (!Array.isArray(data)) throw new Error('The call list is not a list');
      return data;
    },
  });
}

/** UpsertCallSubmission: creates (or finds) the organization's submission of a call. */
export function useStartSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callId: string) =>
      unwrap(
        api.POST('/api/Call/UpsertCallSubmission', {
          params: { header: { SelectedOrganizationId: session.getOrganizationId() ?? '' } },
          body: { callId },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['calls'] }),
  });
}
