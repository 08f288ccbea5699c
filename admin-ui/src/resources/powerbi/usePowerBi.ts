import { unwrap } from '@impact-calls/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../providers/client';

/** Whether Power BI embedding is configured on the server (GET /api/PowerBi/Available); false while unknown. */
export function usePowerBiAvailable(): { available: boolean; isPending: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['powerbi', 'available'],
    queryFn: () => unwrap(api.GET('/api/PowerBi/Available')),
    staleTime: 10 * 60_000,
  });
  return { available: data?.available === true, isPending };
}

/**
 * A report's embed data for administrators (GET /api/PBITokens). Asked again every four
 * minutes: the API keeps each embed token until five minutes before it expires, so the report
 * gets its next token in time (handed over without reloading the report).
 */
export function useAdminReport(workspaceId: string, reportId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['powerbi', 'admin', workspaceId, reportId],
    queryFn: () => unwrap(api.GET('/api/PBITokens', { params: { query: { workspaceId, reportId } } })),
    enabled,
    retry: false,
    refetchInterval: 4 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/** The console's path of a report. */
export const reportPath = (basename: string, workspaceId: string, reportId: string) =>
  `${basename}/powerbi-report/${encodeURIComponent(workspaceId)}/${encodeURIComponent(reportId)}`;
