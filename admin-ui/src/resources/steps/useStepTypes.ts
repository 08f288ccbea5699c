import { unwrap } from '@impact-calls/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../providers/client';
import type { StepType } from './stepModel';

export const stepTypesKey = ['step-types'] as const;

/** GetStepTypes (all of them; the picker hides those marked hiddenInPicker unless asked). */
export function useStepTypes() {
  return useQuery({
    queryKey: stepTypesKey,
    queryFn: async (): Promise<StepType[]> => unwrap(api.GET('/api/Step/GetStepTypes')),
    staleTime: 60_000,
  });
}

export function useCreateStepType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/api/Step/CreateStepType', { body: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stepTypesKey }),
  });
}

/** The impact frameworks for the miniDyi picker (the impact module's list). */
export function useFrameworks() {
  return useQuery({
    queryKey: ['impact-frameworks', 'set-list'],
    queryFn: async () => {
      const list = await unwrap(api.GET('/api/ImpactFramework/GetImpactFrameworkSetList'));
      return Array.isArray(list) ? list : [];
    },
    staleTime: 60_000,
  });
}
