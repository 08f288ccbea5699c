import { incompleteReason, INCOMPLETE_KEYS, savesStepResult, type IncompleteReason } from '@impact-calls/domain';
import type { Submission } from './fillApi';
import type { StepStatus } from './StepSidebar';
import type { ChecklistItem } from './SubmitDialog';

/**
 * Whether the steps are complete as the fill screen has them: the same rule the API applies
 * when closing (`incompleteReason` of libs/domain), over the answers on screen.
 */

/** A step's answers as the fill screen has them (what its autosave holds, else the saved ones). */
export type ContentOf = (stepIndex: number) => unknown;

/** Why a step stops "next" and submitting, or undefined when it is complete. */
export function stepReason(submission: Submission, stepIndex: number, content: unknown): IncompleteReason | undefined {
  const step = submission.steps[stepIndex];
  const filled = new Set(submission.attachments.filter((a) => a.stepId === step.id && a.slotIndex !== null).map((a) => a.slotIndex!));
  return incompleteReason({ id: step.id, kind: step.stepTypeName, content: step.content }, content, filled);
}

/** The sidebar's mark of a step: none for kinds without answers (text, results). */
export function stepStatus(submission: Submission, stepIndex: number, content: unknown): StepStatus | undefined {
  const kind = submission.steps[stepIndex].stepTypeName;
  if (!savesStepResult(kind) && kind !== 'upload') return undefined;
  return stepReason(submission, stepIndex, content) ? 'incomplete' : 'complete';
}

/**
 * What is still missing, step by step, for the checklist before submitting;
 * `completed` is a step just completed on screen (a survey's last page), whatever its last
 * saved answers say.
 */
export function missingSteps(submission: Submission, contentOf: ContentOf, completed?: number): ChecklistItem[] {
  return submission.steps.flatMap((step, index) => {
    if (index === completed) return [];
    const reason = stepReason(submission, index, contentOf(index));
    return reason ? [{ index, name: step.name, key: INCOMPLETE_KEYS[reason] }] : [];
  });
}
