import type { IndicatorChoice, OutcomeChoice, StakeholderChoice } from '@impact-calls/domain';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/** A framework outcome with its description (GetOutcomeType). */
export interface OutcomeInfo extends OutcomeChoice {
  description: string;
}

/** An indicator-proxy chain of an outcome (GetIndicatorType), with the proxy's source. */
export interface IndicatorInfo extends IndicatorChoice {
  outcomeId: string;
  description: string;
  sourceName: string;
  sourceUrl: string;
}

/**
 * Where the miniDyi screens read the impact framework from. The screens are shared with
 * the console's review (which shows the saved state only and needs none), so the
 * applicant app provides its API calls here instead of the screens importing its client.
 */
export interface MiniDyiData {
  /** The framework's outcomes of some SDGs (all of them for an empty list). */
  outcomes(frameworkId: string, sdgs: number[]): Promise<OutcomeInfo[]>;
  /** The indicator-proxy chains of some outcomes, in their order. */
  indicators(outcomeIds: string[]): Promise<IndicatorInfo[]>;
  stakeholders(frameworkId: string): Promise<StakeholderChoice[]>;
  /** The framework of a step whose content names none (the call's), or null. */
  frameworkOf(stepId: string): Promise<string | null>;
}

const MiniDyiDataContext = createContext<MiniDyiData | null>(null);
export const MiniDyiDataProvider = MiniDyiDataContext.Provider;

export function useMiniDyiData(): MiniDyiData | null {
  return useContext(MiniDyiDataContext);
}

const STALE = 10 * 60 * 1000;
const sorted = (xs: readonly (string | number)[]) => [...xs].sort((a, b) => String(a).localeCompare(String(b)));

export function useFramework(stepId: string, contentFrameworkId: string | null) {
  const data = useMiniDyiData();
  return useQuery({
    queryKey: ['minidyi', 'framework-of', stepId],
    queryFn: () => data!.frameworkOf(stepId),
    enabled: !!data && !contentFrameworkId,
    staleTime: STALE,
  });
}

export function useOutcomes(frameworkId: string | null, sdgs: number[]) {
  const data = useMiniDyiData();
  const codes = sorted(sdgs) as number[];
  return useQuery({
    queryKey: ['minidyi', 'outcomes', frameworkId, codes],
    queryFn: () => data!.outcomes(frameworkId!, codes),
    enabled: !!data && !!frameworkId,
    staleTime: STALE,
  });
}

export function useIndicators(outcomeIds: string[]) {
  const data = useMiniDyiData();
  const ids = sorted(outcomeIds) as string[];
  return useQuery({
    queryKey: ['minidyi', 'indicators', ids],
    queryFn: () => (ids.length ? data!.indicators(ids) : Promise.resolve([])),
    enabled: !!data,
    staleTime: STALE,
  });
}

export function useStakeholders(frameworkId: string | null) {
  const data = useMiniDyiData();
  return useQuery({
    queryKey: ['minidyi', 'stakeholders', frameworkId],
    queryFn: () => data!.stakeholders(frameworkId!),
    enabled: !!data && !!frameworkId,
    staleTime: STALE,
  });
}
