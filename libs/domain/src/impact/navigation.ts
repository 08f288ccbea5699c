import { MINIDYI_SUB_STEPS, type MiniDyiSubStep } from './types.js';

/** The sub-steps shown, in order: all six, or five when the SDG filter is off (no SDG sub-step). */
export function miniDyiSubSteps(showSdgFilter: boolean): MiniDyiSubStep[] {
  return MINIDYI_SUB_STEPS.filter((s) => showSdgFilter || s !== 'sdg');
}

export function isMiniDyiSubStep(value: unknown): value is MiniDyiSubStep {
  return typeof value === 'string' && (MINIDYI_SUB_STEPS as readonly string[]).includes(value);
}

/** Position of a sub-step among all six (the SDG sub-step keeps its place even when hidden). */
function order(s: MiniDyiSubStep): number {
  return MINIDYI_SUB_STEPS.indexOf(s);
}

/** The sub-step after `current`, skipping the SDG one when the filter is off; undefined after the last. */
export function nextSubStep(current: MiniDyiSubStep, showSdgFilter: boolean): MiniDyiSubStep | undefined {
  return miniDyiSubSteps(showSdgFilter).find((s) => order(s) > order(current));
}

/** The sub-step before `current`, skipping the SDG one when the filter is off; undefined before the first. */
export function previousSubStep(current: MiniDyiSubStep, showSdgFilter: boolean): MiniDyiSubStep | undefined {
  return miniDyiSubSteps(showSdgFilter)
    .filter((s) => order(s) < order(current))
    .at(-1);
}

/** The sub-step at a fill-screen sub-position (0-based among the visible ones). */
export function subStepAt(index: number, showSdgFilter: boolean): MiniDyiSubStep | undefined {
  return miniDyiSubSteps(showSdgFilter)[index];
}

/** The fill-screen sub-position of a sub-step; a hidden SDG sub-step maps to the outcomes one. */
export function subStepIndex(subStep: MiniDyiSubStep, showSdgFilter: boolean): number {
  const visible = miniDyiSubSteps(showSdgFilter);
  const at = visible.indexOf(subStep);
  return at >= 0 ? at : visible.indexOf(nextSubStep(subStep, showSdgFilter) ?? visible[visible.length - 1]);
}
