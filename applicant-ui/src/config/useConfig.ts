import { unwrap, type Schemas } from '@impact-calls/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

export type AppConfig = Schemas['ConfigDto'];

export const configQueryKey = ['config', 'active'] as const;

/** The active branding configuration (public; built-in defaults when none exists). */
export function useConfig() {
  return useQuery({
    queryKey: configQueryKey,
    queryFn: () => unwrap(api.GET('/api/Config/GetConfig')),
    staleTime: 5 * 60_000,
  });
}
