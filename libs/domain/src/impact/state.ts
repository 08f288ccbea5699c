import { parseNumberInput } from './numbers.js';
import { isCustomKey } from './keys.js';
import { isSdgCode } from './sdg.js';
import type { MiniDyiStepContent } from './step-content.js';
import { MINIDYI_STEP_CONTENT_DEFAULTS } from './step-content.js';
import type { MiniDyiState, SelectedIndicator, SelectedOutcome } from './types.js';

/** A fresh miniDyi state for a step: nothing chosen, the step's limits and filter. */
export function emptyMiniDyiState(
  stepId: string,
  content?: Pick<MiniDyiStepContent, 'maxOutcomeSelect' | 'maxSdgSelect' | 'showSdgFilter'>,
): MiniDyiState {
  return applyStepContent(
    { stepId, selectedOutcomes: [], budget: null, budgetSpent: null, sdg: [], maxOutcome: 0, maxSdg: 0, isSdgEnabled: true },
    content ?? MINIDYI_STEP_CONTENT_DEFAULTS,
  );
}

/**
 * The limits and the filter always come from the step, never from a saved or sent state:
 * a client cannot raise its own limits.
 */
export function applyStepContent(
  state: MiniDyiState,
  content: Pick<MiniDyiStepContent, 'maxOutcomeSelect' | 'maxSdgSelect' | 'showSdgFilter'>,
): MiniDyiState {
  return { ...state, maxOutcome: content.maxOutcomeSelect, maxSdg: content.maxSdgSelect, isSdgEnabled: content.showSdgFilter };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const idOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' || typeof v === 'string' ? parseNumberInput(v) : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function readIndicator(raw: unknown): SelectedIndicator {
  const o = obj(raw);
  const out: SelectedIndicator = {
    indicatorId: idOrNull(o.indicatorId),
    indicatorName: str(o.indicatorName),
    indicatorTargetValue: num(o.indicatorTargetValue),
    proxyId: idOrNull(o.proxyId),
    proxyName: str(o.proxyName),
    proxyValue: num(o.proxyValue),
  };
  if (isCustomKey(o.customKey)) out.customKey = o.customKey;
  return out;
}

function readOutcome(raw: unknown): SelectedOutcome {
  const o = obj(raw);
  const sdg = num(o.sdg);
  const out: SelectedOutcome = {
    outcomeId: idOrNull(o.outcomeId),
    outcomeName: str(o.outcomeName),
    sdg: sdg !== null && isSdgCode(sdg) ? sdg : null,
    stakeholderId: idOrNull(o.stakeholderId),
    stakeholderName: str(o.stakeholderName),
    indicators: Array.isArray(o.indicators) ? o.indicators.map(readIndicator) : [],
  };
  if (isCustomKey(o.customKey)) {
    out.customKey = o.customKey;
    out.outcomeId = null;
  }
  return out;
}

/**
 * Reads a saved miniDyi state (as stored, possibly by an older version: numbers as text,
 * missing fields) into the current shape, with the step's limits. Leaving and coming back
 * restores every choice: what `readMiniDyiState(JSON.parse(JSON.stringify(s)))` gives back is `s`.
 */
export function readMiniDyiState(
  raw: unknown,
  stepId: string,
  content?: Pick<MiniDyiStepContent, 'maxOutcomeSelect' | 'maxSdgSelect' | 'showSdgFilter'>,
): MiniDyiState {
  const o = obj(typeof raw === 'string' ? safeJson(raw) : raw);
  const sdg = Array.isArray(o.sdg) ? o.sdg.map(num).filter((c): c is number => c !== null && isSdgCode(c)) : [];
  const state: MiniDyiState = {
    stepId,
    selectedOutcomes: Array.isArray(o.selectedOutcomes)
      ? o.selectedOutcomes.map(readOutcome).filter((x) => x.outcomeId !== null || x.customKey !== undefined)
      : [],
    budget: num(o.budget),
    budgetSpent: num(o.budgetSpent),
    sdg: [...new Set(sdg)],
    maxOutcome: num(o.maxOutcome) ?? MINIDYI_STEP_CONTENT_DEFAULTS.maxOutcomeSelect,
    maxSdg: num(o.maxSdg) ?? MINIDYI_STEP_CONTENT_DEFAULTS.maxSdgSelect,
    isSdgEnabled: typeof o.isSdgEnabled === 'boolean' ? o.isSdgEnabled : MINIDYI_STEP_CONTENT_DEFAULTS.showSdgFilter,
  };
  return content ? applyStepContent(state, content) : state;
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
}
