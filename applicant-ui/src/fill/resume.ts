import type { FillPosition } from '@impact-calls/domain';
import { miniDyiSubStepCount } from '@impact-calls/step-views';
import type { Submission } from './fillApi';

/**
 * Where "Resume" opens a submission (docs/decisions/first-use-2.md): the position last shown
 * on this device, else the step of the latest answer or file saved (another device), else
 * the first step. The position is kept per submission in localStorage, by step id, so a
 * step added or moved by the administrators does not send the applicant elsewhere.
 */
const PREFIX = 'ic_fill_position:';

interface Remembered {
  stepId: string;
  sub: number;
}

export function rememberPosition(submissionId: string, stepId: string, sub: number): void {
  try {
    localStorage.setItem(`${PREFIX}${submissionId}`, JSON.stringify({ stepId, sub } satisfies Remembered));
  } catch {
    // Storage full or disabled: resuming falls back to the latest save.
  }
}

function rememberedPosition(submissionId: string): Remembered | undefined {
  try {
    const raw = localStorage.getItem(`${PREFIX}${submissionId}`);
    const r = raw ? (JSON.parse(raw) as Partial<Remembered>) : undefined;
    return r && typeof r.stepId === 'string' && typeof r.sub === 'number' ? { stepId: r.stepId, sub: r.sub } : undefined;
  } catch {
    return undefined;
  }
}

/** The step id of the latest answer or file saved, if any. */
function lastSavedStep(submission: Submission): string | undefined {
  const saves = [
    ...submission.stepResults.map((r) => ({ stepId: r.stepId, at: Date.parse(r.updatedAt) })),
    ...submission.attachments
      .filter((a) => a.stepId && a.slotIndex !== null)
      .map((a) => ({ stepId: a.stepId!, at: Date.parse(a.createdAt) })),
  ].filter((s) => Number.isFinite(s.at));
  saves.sort((a, b) => b.at - a.at);
  return saves[0]?.stepId;
}

/** The fill screen's position to resume a submission at (the first one when nothing is known). */
export function resumePosition(submission: Submission): FillPosition {
  const steps = submission.steps;
  const remembered = rememberedPosition(submission.id);
  const stepId = remembered?.stepId ?? lastSavedStep(submission);
  const step = steps.findIndex((s) => s.id === stepId);
  if (step < 0) return { step: 0, sub: 0 };
  const subs = miniDyiSubStepCount(steps[step]);
  const sub = remembered && remembered.stepId === stepId && remembered.sub > 0 && remembered.sub < subs ? remembered.sub : 0;
  return { step, sub };
}
