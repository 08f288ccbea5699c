/**
 * What the fill screen needs of a miniDyi step without loading its screens (this module
 * imports only the domain's rules): how many sub-steps it shows, their names, and what
 * stops "next" on each of them.
 */
import {
  MINIDYI_ERROR_KEYS,
  miniDyiIssues,
  miniDyiSubSteps,
  readMiniDyiState,
  readMiniDyiStepContent,
  subStepAt,
  subStepIndex,
  subStepIssues,
  type MiniDyiIssue,
  type MiniDyiStepContent,
  type MiniDyiSubStep,
} from '@impact-calls/domain';

export const MINIDYI_KIND = 'miniDyi';

interface StepLike {
  id: string;
  stepTypeName: string;
  content: unknown;
}

export function isMiniDyiStep(step: Pick<StepLike, 'stepTypeName'>): boolean {
  return step.stepTypeName === MINIDYI_KIND;
}

/** The step's settings (either content format; invalid options fall back to the defaults). */
export function miniDyiSettings(step: Pick<StepLike, 'content'>): MiniDyiStepContent {
  return readMiniDyiStepContent(step.content).content;
}

/** Sub-steps of a step on the fill screen: 6, or 5 with the SDG filter off; 0 for other kinds. */
export function miniDyiSubStepCount(step: StepLike): number {
  return isMiniDyiStep(step) ? miniDyiSubSteps(miniDyiSettings(step).showSdgFilter).length : 0;
}

/** The sub-step at a fill-screen position (the SDG one skipped when the filter is off). */
export function miniDyiSubStepAt(step: StepLike, sub: number): MiniDyiSubStep {
  return subStepAt(sub, miniDyiSettings(step).showSdgFilter) ?? 'introduction';
}

/** The catalog key of a sub-step's name (sidebar). */
export function miniDyiSubStepLabelKey(step: StepLike, sub: number): string {
  return `components.mini-dyi.steps.${miniDyiSubStepAt(step, sub)}`;
}

/**
 * What stops "next" on a miniDyi sub-step: the first issue of that sub-step, and on the
 * last sub-step (leaving the step) the first issue anywhere. Undefined when it may go on.
 */
export function miniDyiNextBlock(step: StepLike, result: unknown, sub: number): MiniDyiIssue | undefined {
  const settings = miniDyiSettings(step);
  const state = readMiniDyiState(result, step.id, settings);
  const visible = miniDyiSubSteps(settings.showSdgFilter);
  const subStep = miniDyiSubStepAt(step, sub);
  const own = subStepIssues(state, subStep)[0];
  if (own) return own;
  return sub >= visible.length - 1 ? miniDyiIssues(state)[0] : undefined;
}

/**
 * Issues a sub-step shows by itself, in place, while they hold: the missing stakeholder under
 * the outcome cards, the missing outcomes on the last sub-step. The element carries the key in
 * `data-issue`, so the fill screen can move to it instead of saying it a second time.
 */
const SHOWN_IN_PLACE: ReadonlySet<string> = new Set([MINIDYI_ERROR_KEYS.stakeholders, MINIDYI_ERROR_KEYS.outcomesRequired]);

/** The CSS selector of the element showing an issue in place. */
export const miniDyiIssueSelector = (key: string) => `[data-issue="${key}"]`;

/** Whether the sub-step at `sub` shows this issue itself (see SHOWN_IN_PLACE). */
export function miniDyiShowsIssue(step: StepLike, sub: number, issue: Pick<MiniDyiIssue, 'key' | 'subStep'>): boolean {
  return SHOWN_IN_PLACE.has(issue.key) && issue.subStep === miniDyiSubStepAt(step, sub);
}

/** The fill-screen sub-position showing an issue key (e.g. after the API refused to close), else the first. */
export function miniDyiIssueSub(step: StepLike, result: unknown, key?: string): number {
  const settings = miniDyiSettings(step);
  const issues = miniDyiIssues(readMiniDyiState(result, step.id, settings));
  const issue = issues.find((i) => i.key === key) ?? issues[0];
  return issue ? subStepIndex(issue.subStep, settings.showSdgFilter) : 0;
}
