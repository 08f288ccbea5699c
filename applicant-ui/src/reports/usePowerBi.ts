import { unwrap } from '@impact-calls/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useIsAuthenticated } from '../api/useSession';

/**
 * Whether analytics reports can show at all (GET /api/PowerBi/Available): the call cards'
 * "view report" shows only when it is true. False while unknown or on failure.
 */
export function usePowerBiAvailable(): boolean {
  const authenticated = useIsAuthenticated();
  const { data } = useQuery({
    queryKey: ['powerbi', 'available'],
    queryFn: () => unwrap(api.GET('/api/PowerBi/Available')),
    enabled: authenticated,
    staleTime: 10 * 60_000,
  });
  return data?.available === true;
}

/**
 * A call's applicants' report for one of the user's organizations. Asked again every four
 * minutes: the API keeps each embed token until five minutes before it expires, so the
 * report always gets its next token in time (handed over without reloading the report).
 */
export function useApplicantReport(workspaceId: string, reportId: string, orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['powerbi', 'rls', workspaceId, reportId, orgId],
    queryFn: () => unwrap(api.GET('/api/PBITokens/GetPBITokenRls', { params: { query: { workspaceId, reportId, orgId } } })),
    enabled,
    retry: false,
    refetchInterval: 4 * 60_000,
    refetchOnWindowFocus: false,
  });
}
