import { session, unwrap } from '@impact-calls/api-client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSelectedOrganizationId } from '../api/useSession';
import type { UserCall } from './callActions';

/** Calls per page of the list: the first page is what most visits need (open calls come first). */
export const CALL_PAGE = 20;

interface CallPage {
  calls: UserCall[];
  /** How many calls the user may see in all (X-Total-Count). */
  total: number;
  offset: number;
}

/**
 * GetCallListUser for the selected organization, one page at a time (the API orders and
 * filters it: open calls first); `fetchNextPage` loads the next one ("show more").
 */
export function useCallList() {
  const organizationId = useSelectedOrganizationId();
  const query = useInfiniteQuery({
    queryKey: ['calls', 'user-list', organizationId ?? null],
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<CallPage> => {
      let total = 0;
      const data = await unwrap(
        api.GET('/api/Call/GetCallListUser', { params: { query: { offset: pageParam, limit: CALL_PAGE } } }).then((r) => {
          total = Number(r.response.headers.get('X-Total-Count'));
          return r;
        }),
      );
      if (!Array.isArray(data)) throw new Error('The call list is not a list');
      return { calls: data, total: Number.isFinite(total) ? total : data.length, offset: pageParam };
    },
    getNextPageParam: (last) =>
      last.offset + last.calls.length < last.total && last.calls.length > 0 ? last.offset + last.calls.length : undefined,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    calls: pages.flatMap((p) => p.calls),
    total: pages.length ? pages[pages.length - 1].total : 0,
  };
}

/** One call whole (GetCallById: its whole description), when asked for. */
export function useCallDetail(callId: string, enabled: boolean) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: ['calls', 'detail', callId, organizationId ?? null],
    enabled,
    queryFn: () => unwrap(api.GET('/api/Call/GetCallById', { params: { query: { id: callId } } })),
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
