import { MINIDYI_MAX_CUSTOM_OUTCOMES } from '../constants.js';
import { generateCustomKey, indicatorKey, isCustomOutcome, outcomeKey } from './keys.js';
import { isSdgCode } from './sdg.js';
import type { IndicatorChoice, MiniDyiState, OutcomeChoice, SelectedIndicator, SelectedOutcome, StakeholderChoice } from './types.js';

/**
 * The selection rules of miniDyi (spec section 4) as pure reducers: each answers a new
 * state, or the very same state object when the action is ignored (a limit reached, an
 * unknown key), so a UI can tell "nothing happened" with `===`.
 */

/** Custom indicators one custom outcome may hold. */
export const MINIDYI_MAX_CUSTOM_INDICATORS = 10;

export function frameworkOutcomes(state: Pick<MiniDyiState, 'selectedOutcomes'>): SelectedOutcome[] {
  return state.selectedOutcomes.filter((o) => !isCustomOutcome(o));
}

export function customOutcomes(state: Pick<MiniDyiState, 'selectedOutcomes'>): SelectedOutcome[] {
  return state.selectedOutcomes.filter(isCustomOutcome);
}

export function findOutcome(state: Pick<MiniDyiState, 'selectedOutcomes'>, key: string): SelectedOutcome | undefined {
  return state.selectedOutcomes.find((o) => outcomeKey(o) === key);
}

export function isOutcomeSelected(state: Pick<MiniDyiState, 'selectedOutcomes'>, outcomeId: string): boolean {
  return state.selectedOutcomes.some((o) => !isCustomOutcome(o) && o.outcomeId === outcomeId);
}

export function isIndicatorSelected(
  state: Pick<MiniDyiState, 'selectedOutcomes'>,
  key: string,
  choice: Pick<IndicatorChoice, 'indicatorId' | 'proxyId'>,
): boolean {
  const k = indicatorKey(choice);
  return findOutcome(state, key)?.indicators.some((i) => indicatorKey(i) === k) ?? false;
}

// ---------------------------------------------------------------- SDGs

export function canSelectSdg(state: Pick<MiniDyiState, 'sdg' | 'maxSdg'>, code: number): boolean {
  return isSdgCode(code) && (state.sdg.includes(code) || state.sdg.length < state.maxSdg);
}

/**
 * Selects or unselects an SDG, up to maxSdg (more is ignored). Unselecting one also drops
 * the framework outcomes of that SDG when the filter is on: they were picked under it.
 */
export function toggleSdg(state: MiniDyiState, code: number): MiniDyiState {
  if (!isSdgCode(code)) return state;
  if (state.sdg.includes(code)) {
    const selectedOutcomes = state.isSdgEnabled
      ? state.selectedOutcomes.filter((o) => isCustomOutcome(o) || o.sdg !== code)
      : state.selectedOutcomes;
    return { ...state, sdg: state.sdg.filter((c) => c !== code), selectedOutcomes };
  }
  if (state.sdg.length >= state.maxSdg) return state;
  return { ...state, sdg: [...state.sdg, code] };
}

// ---------------------------------------------------------------- outcomes

/** Framework outcomes that count against the limit for an outcome of this SDG: same SDG with the filter on, all without. */
export function outcomesCountingAgainstLimit(state: Pick<MiniDyiState, 'selectedOutcomes' | 'isSdgEnabled'>, sdg: number): number {
  return frameworkOutcomes(state).filter((o) => !state.isSdgEnabled || o.sdg === sdg).length;
}

export function canSelectOutcome(
  state: Pick<MiniDyiState, 'selectedOutcomes' | 'isSdgEnabled' | 'maxOutcome'>,
  choice: Pick<OutcomeChoice, 'outcomeId' | 'sdg'>,
): boolean {
  return isOutcomeSelected(state, choice.outcomeId) || outcomesCountingAgainstLimit(state, choice.sdg) < state.maxOutcome;
}

/**
 * Selecting a selected outcome removes it. With the SDG filter on, maxOutcome applies per
 * SDG; otherwise to the total. At the limit, more is ignored.
 */
export function toggleOutcome(state: MiniDyiState, choice: OutcomeChoice): MiniDyiState {
  if (isOutcomeSelected(state, choice.outcomeId)) {
    return { ...state, selectedOutcomes: state.selectedOutcomes.filter((o) => isCustomOutcome(o) || o.outcomeId !== choice.outcomeId) };
  }
  if (!canSelectOutcome(state, choice)) return state;
  const added: SelectedOutcome = {
    outcomeId: choice.outcomeId,
    outcomeName: choice.outcomeName,
    sdg: choice.sdg,
    stakeholderId: null,
    stakeholderName: '',
    indicators: [],
  };
  return { ...state, selectedOutcomes: [...state.selectedOutcomes, added] };
}

/** Removes a selected outcome (framework or custom), as the card's remove button does. */
export function removeOutcome(state: MiniDyiState, key: string): MiniDyiState {
  if (!findOutcome(state, key)) return state;
  return { ...state, selectedOutcomes: state.selectedOutcomes.filter((o) => outcomeKey(o) !== key) };
}

function outcomeOf(state: MiniDyiState, key: string): SelectedOutcome | undefined {
  return state.selectedOutcomes.find((o) => outcomeKey(o) === key);
}

function updateOutcome(state: MiniDyiState, key: string, update: (o: SelectedOutcome) => SelectedOutcome): MiniDyiState {
  const index = state.selectedOutcomes.findIndex((o) => outcomeKey(o) === key);
  if (index < 0) return state;
  const current = state.selectedOutcomes[index];
  const next = update(current);
  if (next === current) return state;
  const selectedOutcomes = [...state.selectedOutcomes];
  selectedOutcomes[index] = next;
  return { ...state, selectedOutcomes };
}

/** Sets (or clears, with null) the stakeholder of a selected outcome. */
export function setStakeholder(state: MiniDyiState, key: string, stakeholder: StakeholderChoice | null): MiniDyiState {
  return updateOutcome(state, key, (o) => ({
    ...o,
    stakeholderId: stakeholder?.stakeholderId ?? null,
    stakeholderName: stakeholder?.stakeholderName ?? '',
  }));
}

// ---------------------------------------------------------------- indicators

/** Ticks or unticks an indicator under a selected outcome: several indicators may be ticked, each once, with one of its proxies. */
export function toggleIndicator(state: MiniDyiState, key: string, choice: IndicatorChoice): MiniDyiState {
  const k = indicatorKey(choice);
  return updateOutcome(state, key, (o) => {
    if (o.indicators.some((i) => indicatorKey(i) === k)) return { ...o, indicators: o.indicators.filter((i) => indicatorKey(i) !== k) };
    // The indicator ticked with another proxy: it counts once, so the proxy changes.
    const sameIndicator = o.indicators.find((i) => i.customKey === undefined && i.indicatorId === choice.indicatorId);
    if (sameIndicator) return outcomeOf(chooseProxy(state, key, indicatorKey(sameIndicator), choice), key) ?? o;
    const added: SelectedIndicator = {
      indicatorId: choice.indicatorId,
      indicatorName: choice.indicatorName,
      indicatorTargetValue: null,
      proxyId: choice.proxyId,
      proxyName: choice.proxyName,
      proxyValue: choice.proxyValue,
    };
    return { ...o, indicators: [...o.indicators, added] };
  });
}

function updateIndicator(
  state: MiniDyiState,
  key: string,
  indicator: string,
  update: (i: SelectedIndicator) => SelectedIndicator,
): MiniDyiState {
  return updateOutcome(state, key, (o) => {
    const index = o.indicators.findIndex((i) => indicatorKey(i) === indicator);
    if (index < 0) return o;
    const next = update(o.indicators[index]);
    if (next === o.indicators[index]) return o;
    const indicators = [...o.indicators];
    indicators[index] = next;
    return { ...o, indicators };
  });
}

/** Sets a ticked indicator's year-3 target; null when the input is empty. */
/**
 * Switches a ticked framework indicator to another of its proxies (`choice`, same indicator),
 * keeping its target: an indicator counts once, with the proxy the applicant picks.
 */
export function chooseProxy(state: MiniDyiState, key: string, indicator: string, choice: IndicatorChoice): MiniDyiState {
  return updateOutcome(state, key, (o) => {
    const index = o.indicators.findIndex((i) => indicatorKey(i) === indicator);
    const current = o.indicators[index];
    if (!current || current.indicatorId !== choice.indicatorId || o.indicators.some((i) => indicatorKey(i) === indicatorKey(choice)))
      return o;
    const indicators = [...o.indicators];
    indicators[index] = { ...current, proxyId: choice.proxyId, proxyName: choice.proxyName, proxyValue: choice.proxyValue };
    return { ...o, indicators };
  });
}

export function setIndicatorTarget(state: MiniDyiState, key: string, indicator: string, value: number | null): MiniDyiState {
  return updateIndicator(state, key, indicator, (i) => ({ ...i, indicatorTargetValue: value }));
}

export function removeIndicator(state: MiniDyiState, key: string, indicator: string): MiniDyiState {
  return updateOutcome(state, key, (o) =>
    o.indicators.some((i) => indicatorKey(i) === indicator)
      ? { ...o, indicators: o.indicators.filter((i) => indicatorKey(i) !== indicator) }
      : o,
  );
}

// ---------------------------------------------------------------- budget

export function setBudget(state: MiniDyiState, budget: number | null): MiniDyiState {
  return { ...state, budget };
}

export function setBudgetSpent(state: MiniDyiState, budgetSpent: number | null): MiniDyiState {
  return { ...state, budgetSpent };
}

// ---------------------------------------------------------------- custom outcomes

export function canAddCustomOutcome(state: Pick<MiniDyiState, 'selectedOutcomes'>): boolean {
  return customOutcomes(state).length < MINIDYI_MAX_CUSTOM_OUTCOMES;
}

/** Adds a custom outcome (at most 3; more is ignored) under a fresh 12-character key. */
export function addCustomOutcome(
  state: MiniDyiState,
  init: { outcomeName?: string; sdg?: number | null } = {},
  key: string = generateCustomKey(),
): MiniDyiState {
  if (!canAddCustomOutcome(state) || findOutcome(state, key)) return state;
  const added: SelectedOutcome = {
    outcomeId: null,
    customKey: key,
    outcomeName: init.outcomeName ?? '',
    sdg: init.sdg ?? null,
    stakeholderId: null,
    stakeholderName: '',
    indicators: [],
  };
  return { ...state, selectedOutcomes: [...state.selectedOutcomes, added] };
}

/** Renames a custom outcome or changes its SDG; framework outcomes are not editable. */
export function updateCustomOutcome(state: MiniDyiState, key: string, patch: { outcomeName?: string; sdg?: number | null }): MiniDyiState {
  return updateOutcome(state, key, (o) => (isCustomOutcome(o) ? { ...o, ...patch } : o));
}

export interface CustomIndicatorFields {
  indicatorName?: string;
  proxyName?: string;
  proxyValue?: number | null;
  indicatorTargetValue?: number | null;
}

/** Adds an indicator to a custom outcome (up to MINIDYI_MAX_CUSTOM_INDICATORS). */
export function addCustomIndicator(
  state: MiniDyiState,
  key: string,
  init: CustomIndicatorFields = {},
  indicator: string = generateCustomKey(),
): MiniDyiState {
  return updateOutcome(state, key, (o) => {
    if (
      !isCustomOutcome(o) ||
      o.indicators.length >= MINIDYI_MAX_CUSTOM_INDICATORS ||
      o.indicators.some((i) => indicatorKey(i) === indicator)
    )
      return o;
    const added: SelectedIndicator = {
      indicatorId: null,
      customKey: indicator,
      indicatorName: init.indicatorName ?? '',
      indicatorTargetValue: init.indicatorTargetValue ?? null,
      proxyId: null,
      proxyName: init.proxyName ?? '',
      proxyValue: init.proxyValue ?? null,
    };
    return { ...o, indicators: [...o.indicators, added] };
  });
}

export function updateCustomIndicator(state: MiniDyiState, key: string, indicator: string, patch: CustomIndicatorFields): MiniDyiState {
  return updateIndicator(state, key, indicator, (i) => (i.customKey === undefined ? i : { ...i, ...patch }));
}
