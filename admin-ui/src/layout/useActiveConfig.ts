import { unwrap } from '@impact-calls/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../providers/client';

export const activeConfigQueryKey = ['config', 'active'] as const;

/** The active branding configuration (analytics ids decide whether the report tab shows). */
export function useActiveConfig() {
  return useQuery({ queryKey: activeConfigQueryKey, queryFn: () => unwrap(api.GET('/api/Config/GetConfig')), staleTime: 60_000 });
}
