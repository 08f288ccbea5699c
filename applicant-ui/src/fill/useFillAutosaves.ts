import { useCallback, useRef, useState } from 'react';
import type { ContentOf } from './completeness';
import type { Submission } from './fillApi';
import type { StepAutosave } from './useStepAutosave';

/**
 * The autosaves of the steps the fill screen has opened (each step pane has its own, see
 * useStepAutosave): the answers on screen, the save state shown in the header, and one flush
 * of them all before submitting.
 */
export function useFillAutosaves(submission: Submission) {
  const autosaves = useRef(new Map<string, StepAutosave>());
  const [saveState, setSaveState] = useState<StepAutosave['state']>('idle');

  /** A step pane reports its autosave; answers true when the applicant changed its answers (typed, not just opened). */
  const record = useCallback((stepId: string, a: StepAutosave): boolean => {
    const before = autosaves.current.get(stepId);
    // The same step pane (same autosave) with other answers: typed, not just opened.
    const changed = !!before && before.setContent === a.setContent && before.content !== a.content;
    autosaves.current.set(stepId, a);
    setSaveState(a.state);
    return changed;
  }, []);

  const contentOf: ContentOf = (stepIndex) => {
    const id = submission.steps[stepIndex].id;
    return autosaves.current.get(id)?.content ?? submission.stepResults.find((r) => r.stepId === id)?.content;
  };

  const flushAll = async () => {
    for (const a of autosaves.current.values()) await a.flush();
  };

  return { saveState, record, contentOf, flushAll };
}
