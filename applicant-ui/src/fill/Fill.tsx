import {
  FillTextProvider,
  InputValidityProvider,
  isMiniDyiStep,
  MiniDyiDataProvider,
  miniDyiIssueSub,
  miniDyiSubStepLabelKey,
  type FillTranslate,
} from '@impact-calls/step-views';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { missingSteps, stepStatus } from './completeness';
import { rememberPosition } from './resume';
import type { Submission } from './fillApi';
import { FillLayout } from './FillLayout';
import { PresenceBar } from './presence/PresenceBar';
import { usePresence } from './presence/usePresence';
import { applicantMiniDyiData } from './minidyi/applicantData';
import { StepPane } from './StepPane';
import { StepSidebar } from './StepSidebar';
import { SubmitDialog, type ChecklistItem } from './SubmitDialog';
import { useFillAutosaves } from './useFillAutosaves';
import { useFillNavigation } from './useFillNavigation';
import type { StepAutosave } from './useStepAutosave';
import { submissionKey } from './useSubmission';

export interface FillProps {
  /** A submission with at least one step. */
  submission: Submission;
  splat: string;
  readonlyParam: boolean;
}

/**
 * The fill screen of a submission's steps: puts together the autosaves (useFillAutosaves),
 * the navigation (useFillNavigation), the completeness rules (completeness.ts), the layout
 * (FillLayout) and the submit dialog.
 */
export function Fill({ submission, splat, readonlyParam }: FillProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const readOnly = readonlyParam || submission.readOnly;
  const steps = submission.steps;
  const miniDyiData = useMemo(() => applicantMiniDyiData(submission.id), [submission.id]);
  const { saveState, record, contentOf, flushAll } = useFillAutosaves(submission);
  const nav = useFillNavigation({ submission, splat, readOnly, readonlyParam, contentOf });
  const { current, go, setBlocked } = nav;
  const [submitOpen, setSubmitOpen] = useState(false);
  const [checklist, setChecklist] = useState<ChecklistItem[]>([]);
  const [paneKey, setPaneKey] = useState(0);

  // Where the applicant is, for Resume on this device (resume.ts).
  const currentStepId = steps[current.step].id;
  useEffect(() => {
    if (!readOnly) rememberPosition(submission.id, currentStepId, current.sub);
  }, [readOnly, submission.id, currentStepId, current.sub]);

  // Who else of the organization has it open, while it can still be filled.
  const others = usePresence(submission.id, currentStepId, !submission.closed);
  const stepName = (id: string) => {
    const i = steps.findIndex((s) => s.id === id);
    return i < 0 ? undefined : `${i + 1}. ${steps[i].name}`;
  };

  const fillT: FillTranslate = useCallback((key, vars) => t(key, vars ?? {}), [t]);
  const onAutosave = useCallback(
    (stepId: string, a: StepAutosave) => {
      // The answers changed: a "next" refusal shown for the old ones no longer holds.
      if (record(stepId, a)) setBlocked(undefined);
    },
    [record, setBlocked],
  );

  /** Submit: the current position first (invalid input, a survey's last page), then the checklist or the confirmation. */
  const openSubmit = () => {
    const left = nav.leaveForSubmit();
    if (!left) return;
    setChecklist(missingSteps(submission, contentOf, left.completed));
    setSubmitOpen(true);
  };

  /** A step's position showing an issue: a miniDyi step's sub-step holding it, else the step. */
  const positionOf = (index: number, key?: string) => ({
    step: index,
    sub: isMiniDyiStep(steps[index]) ? miniDyiIssueSub(steps[index], contentOf(index), key) : 0,
  });

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: submissionKey(submission.id) }).then(() => setPaneKey((k) => k + 1));
  };

  const sidebar = (chosen: () => void) => (
    <StepSidebar
      steps={steps}
      positions={nav.positions}
      current={current}
      onSelect={(p) => {
        chosen();
        go(p);
      }}
      subStepLabel={(i, sub) => t(miniDyiSubStepLabelKey(steps[i], sub))}
      status={readOnly ? undefined : (i) => stepStatus(submission, i, contentOf(i))}
    />
  );
  return (
    <FillTextProvider value={fillT}>
      <InputValidityProvider value={nav.validity}>
        <MiniDyiDataProvider value={miniDyiData}>
          <FillLayout
            submission={submission}
            readOnly={readOnly}
            saveState={saveState}
            current={current}
            presence={<PresenceBar others={others} stepName={stepName} />}
            sidebar={sidebar}
            blocked={nav.blocked}
            buttons={{ showPrevious: nav.showPrevious, last: nav.last, onPrevious: nav.goBack, onNext: nav.next, onSubmit: openSubmit }}
          >
            <StepPane
              key={`${steps[current.step].id}:${paneKey}`}
              submission={submission}
              stepIndex={current.step}
              subStep={current.sub}
              readOnly={readOnly}
              onAutosave={onAutosave}
              onReload={reload}
              registerNavigator={nav.registerNavigator}
            />
          </FillLayout>
          {submitOpen && (
            <SubmitDialog
              submission={submission}
              flush={flushAll}
              checklist={checklist}
              onOpenStep={(index) => {
                setSubmitOpen(false);
                go(positionOf(index));
              }}
              onClose={() => setSubmitOpen(false)}
              onIncomplete={(stepId, key) => {
                setSubmitOpen(false);
                const index = steps.findIndex((s) => s.id === stepId);
                if (index >= 0) {
                  go(positionOf(index, key));
                  setBlocked({ key, step: index });
                }
              }}
              onSubmitted={() => {
                setSubmitOpen(false);
                void navigate(`/call/${submission.id}/done`, { replace: true });
              }}
            />
          )}
        </MiniDyiDataProvider>
      </InputValidityProvider>
    </FillTextProvider>
  );
}
