import { MINIDYI_MAX_CUSTOM_OUTCOMES } from '../constants.js';
import { indicatorKey, isCustomKey, isCustomOutcome, outcomeKey } from './keys.js';
import { isValidOptionalAmount, isValidTarget } from './numbers.js';
import { isSdgCode } from './sdg.js';
import { MINIDYI_MAX_CUSTOM_INDICATORS } from './selection.js';
import type {
  IndicatorChoice,
  MiniDyiIssue,
  MiniDyiState,
  MiniDyiSubStep,
  OutcomeChoice,
  SelectedOutcome,
  StakeholderChoice,
} from './types.js';

/**
 * The miniDyi rules (spec sections 4 and 5, docs/design/impact.md) in two layers:
 * - limits: what no saved state may break (limits, keys, negative numbers). The API
 *   refuses a save that breaks one.
 * - completeness: what "next" needs on each sub-step (stakeholder per outcome, targets,
 *   names). The UI blocks "next" and shows the message; the API refuses to close a
 *   submission whose miniDyi is incomplete.
 */
const K = 'components.mini-dyi.';
export const MINIDYI_ERROR_KEYS = {
  stakeholders: `${K}error-stakeholders`,
  target: `${K}error-target`,
  budget: `${K}error-budget`,
  proxyValue: `${K}error-proxy-value`,
  sdgLimit: `${K}error-sdg-limit`,
  sdgInvalid: `${K}error-sdg-invalid`,
  sdgRequired: `${K}error-sdg-required`,
  outcomeLimit: `${K}error-outcome-limit`,
  outcomeSdg: `${K}error-outcome-sdg`,
  outcomeDuplicate: `${K}error-outcome-duplicate`,
  outcomesRequired: `${K}error-outcomes-required`,
  outcomeUnknown: `${K}error-outcome-unknown`,
  indicatorsRequired: `${K}error-indicators-required`,
  indicatorDuplicate: `${K}error-indicator-duplicate`,
  indicatorTwice: `${K}error-indicator-twice`,
  indicatorInvalid: `${K}error-indicator-invalid`,
  indicatorUnknown: `${K}error-indicator-unknown`,
  stakeholderUnknown: `${K}error-stakeholder-unknown`,
  customLimit: `${K}error-custom-limit`,
  customKey: `${K}error-custom-key`,
  customName: `${K}error-custom-name`,
  customIndicatorName: `${K}error-custom-indicator-name`,
  customIndicatorLimit: `${K}error-custom-indicator-limit`,
} as const;
const E = MINIDYI_ERROR_KEYS;

const where = (o: SelectedOutcome): MiniDyiSubStep => (isCustomOutcome(o) ? 'custom' : 'indicators');

/** Limits and shapes no saved state may break. */
export function miniDyiLimitIssues(state: MiniDyiState): MiniDyiIssue[] {
  const issues: MiniDyiIssue[] = [];
  const push = (issue: MiniDyiIssue) => issues.push(issue);

  for (const field of ['budget', 'budgetSpent'] as const) {
    if (!isValidOptionalAmount(state[field])) push({ key: E.budget, subStep: 'budget', field });
  }

  if (state.sdg.some((c) => !isSdgCode(c)) || new Set(state.sdg).size !== state.sdg.length)
    push({ key: E.sdgInvalid, subStep: 'sdg', field: 'sdg' });
  if (state.sdg.length > state.maxSdg) push({ key: E.sdgLimit, subStep: 'sdg', field: 'sdg', params: { max: state.maxSdg } });

  const framework = state.selectedOutcomes.filter((o) => !isCustomOutcome(o));
  const custom = state.selectedOutcomes.filter(isCustomOutcome);
  const seen = new Set<string>();
  for (const o of state.selectedOutcomes) {
    const key = outcomeKey(o);
    if (isCustomOutcome(o) ? !isCustomKey(o.customKey) || o.outcomeId !== null : !o.outcomeId) {
      push({ key: isCustomOutcome(o) ? E.customKey : E.outcomeUnknown, subStep: where(o), outcome: key });
    }
    if (seen.has(key))
      push({
        key: isCustomOutcome(o) ? E.customKey : E.outcomeDuplicate,
        subStep: isCustomOutcome(o) ? 'custom' : 'outcomes',
        outcome: key,
      });
    seen.add(key);
    if (o.sdg !== null && !isSdgCode(o.sdg)) push({ key: E.sdgInvalid, subStep: where(o), outcome: key, field: 'sdg' });
  }

  // Outcome limit: per SDG with the filter on, in total otherwise.
  if (state.isSdgEnabled) {
    const perSdg = new Map<number | null, number>();
    for (const o of framework) perSdg.set(o.sdg, (perSdg.get(o.sdg) ?? 0) + 1);
    for (const [sdg, n] of perSdg)
      if (n > state.maxOutcome) push({ key: E.outcomeLimit, subStep: 'outcomes', params: { max: state.maxOutcome, sdg: sdg ?? 0 } });
    for (const o of framework) {
      if (o.sdg === null || !state.sdg.includes(o.sdg))
        push({ key: E.outcomeSdg, subStep: 'outcomes', outcome: outcomeKey(o), params: { sdg: o.sdg ?? 0 } });
    }
  } else if (framework.length > state.maxOutcome) {
    push({ key: E.outcomeLimit, subStep: 'outcomes', params: { max: state.maxOutcome } });
  }

  if (custom.length > MINIDYI_MAX_CUSTOM_OUTCOMES)
    push({ key: E.customLimit, subStep: 'custom', params: { max: MINIDYI_MAX_CUSTOM_OUTCOMES } });

  for (const o of state.selectedOutcomes) {
    const key = outcomeKey(o);
    const isCustom = isCustomOutcome(o);
    if (isCustom && o.indicators.length > MINIDYI_MAX_CUSTOM_INDICATORS) {
      push({ key: E.customIndicatorLimit, subStep: 'custom', outcome: key, params: { max: MINIDYI_MAX_CUSTOM_INDICATORS } });
    }
    const keys = new Set<string>();
    const twice = new Set(indicatorsChosenTwice(o));
    for (const i of o.indicators) {
      const ik = indicatorKey(i);
      const shapeOk = isCustom
        ? isCustomKey(i.customKey) && i.indicatorId === null && i.proxyId === null
        : i.customKey === undefined && !!i.indicatorId && !!i.proxyId;
      if (!shapeOk) push({ key: E.indicatorInvalid, subStep: where(o), outcome: key, indicator: ik });
      if (keys.has(ik)) push({ key: E.indicatorDuplicate, subStep: where(o), outcome: key, indicator: ik });
      else if (i.indicatorId !== null && twice.has(i.indicatorId) && o.indicators.find((x) => x.indicatorId === i.indicatorId) !== i)
        push({ key: E.indicatorTwice, subStep: where(o), outcome: key, indicator: ik, params: { name: i.indicatorName } });
      keys.add(ik);
      if (!isValidOptionalAmount(i.indicatorTargetValue))
        push({ key: E.target, subStep: where(o), outcome: key, indicator: ik, field: 'indicatorTargetValue' });
      if (!isValidOptionalAmount(i.proxyValue))
        push({ key: E.proxyValue, subStep: where(o), outcome: key, indicator: ik, field: 'proxyValue' });
    }
  }
  return issues;
}

/**
 * The framework indicators an outcome holds more than once (with different proxies): the same
 * people would count twice in the SROI, so a state may hold each indicator once.
 */
export function indicatorsChosenTwice(o: Pick<SelectedOutcome, 'indicators'>): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const i of o.indicators) {
    if (i.customKey !== undefined || i.indicatorId === null) continue;
    if (seen.has(i.indicatorId)) twice.add(i.indicatorId);
    seen.add(i.indicatorId);
  }
  return [...twice];
}

/** What "next" needs on each sub-step, and closing needs on the whole step. */
export function miniDyiCompletenessIssues(state: MiniDyiState): MiniDyiIssue[] {
  const issues: MiniDyiIssue[] = [];
  if (state.isSdgEnabled && state.sdg.length === 0) issues.push({ key: E.sdgRequired, subStep: 'sdg', field: 'sdg' });
  for (const o of state.selectedOutcomes) {
    const key = outcomeKey(o);
    const subStep = where(o);
    if (isCustomOutcome(o) && o.outcomeName.trim() === '') issues.push({ key: E.customName, subStep, outcome: key, field: 'outcomeName' });
    if (!o.stakeholderId) issues.push({ key: E.stakeholders, subStep, outcome: key, field: 'stakeholder' });
    if (o.indicators.length === 0) issues.push({ key: E.indicatorsRequired, subStep, outcome: key, field: 'indicators' });
    for (const i of o.indicators) {
      const ik = indicatorKey(i);
      if (isCustomOutcome(o) && i.indicatorName.trim() === '')
        issues.push({ key: E.customIndicatorName, subStep, outcome: key, indicator: ik, field: 'indicatorName' });
      if (!isValidTarget(i.indicatorTargetValue))
        issues.push({ key: E.target, subStep, outcome: key, indicator: ik, field: 'indicatorTargetValue' });
    }
  }
  if (state.selectedOutcomes.length === 0) issues.push({ key: E.outcomesRequired, subStep: 'custom' });
  return issues;
}

/** Every issue: the limits first, then what is missing. */
export function miniDyiIssues(state: MiniDyiState): MiniDyiIssue[] {
  return [...miniDyiLimitIssues(state), ...miniDyiCompletenessIssues(state)];
}

/** The issues a sub-step shows; "next" is blocked while there is one. */
export function subStepIssues(state: MiniDyiState, subStep: MiniDyiSubStep): MiniDyiIssue[] {
  return miniDyiIssues(state).filter((i) => i.subStep === subStep);
}

export function canLeaveSubStep(state: MiniDyiState, subStep: MiniDyiSubStep): boolean {
  return subStepIssues(state, subStep).length === 0;
}

export function isMiniDyiComplete(state: MiniDyiState): boolean {
  return miniDyiIssues(state).length === 0;
}

/** The framework a state is checked against: what the API reads from the database. */
export interface FrameworkCatalog {
  outcomes: ReadonlyMap<string, OutcomeChoice>;
  /** Chains by indicatorKey ("indicatorId:proxyId"), with the outcome they belong to. */
  chains: ReadonlyMap<string, IndicatorChoice & { outcomeId: string }>;
  stakeholders: ReadonlyMap<string, StakeholderChoice>;
}

/**
 * Replaces what a client sent about framework items (names, SDG, proxy values) with the
 * framework's own, so the SROI is computed from the framework's proxies; answers an issue
 * for every id that is not in the framework (or an indicator under the wrong outcome).
 */
export function reconcileWithFramework(state: MiniDyiState, catalog: FrameworkCatalog): { state: MiniDyiState; issues: MiniDyiIssue[] } {
  const issues: MiniDyiIssue[] = [];
  const selectedOutcomes = state.selectedOutcomes.map((o): SelectedOutcome => {
    const key = outcomeKey(o);
    let next: SelectedOutcome = { ...o };
    if (o.stakeholderId !== null) {
      const s = catalog.stakeholders.get(o.stakeholderId);
      if (s) next.stakeholderName = s.stakeholderName;
      else issues.push({ key: E.stakeholderUnknown, subStep: where(o), outcome: key, field: 'stakeholder' });
    }
    if (isCustomOutcome(o)) return next;
    const known = o.outcomeId ? catalog.outcomes.get(o.outcomeId) : undefined;
    if (!known) {
      issues.push({ key: E.outcomeUnknown, subStep: 'outcomes', outcome: key });
      return next;
    }
    next = { ...next, outcomeName: known.outcomeName, sdg: known.sdg };
    next.indicators = o.indicators.map((i) => {
      const chain = catalog.chains.get(indicatorKey(i));
      if (!chain || chain.outcomeId !== o.outcomeId) {
        issues.push({ key: E.indicatorUnknown, subStep: 'indicators', outcome: key, indicator: indicatorKey(i) });
        return i;
      }
      return { ...i, indicatorName: chain.indicatorName, proxyName: chain.proxyName, proxyValue: chain.proxyValue };
    });
    return next;
  });
  return { state: { ...state, selectedOutcomes }, issues };
}
