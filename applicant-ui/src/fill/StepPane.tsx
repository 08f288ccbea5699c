import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Submission } from './fillApi';
import { StepView, type StepNavigator, type UploadActions } from '@impact-calls/step-views';
import { ConflictAlert } from './ConflictAlert';
import { useFileActions, useStoreResult } from './useSubmission';
import { type StepAutosave, useStepAutosave } from './useStepAutosave';

export interface StepPaneProps {
  submission: Submission;
  stepIndex: number;
  /** The sub-position within the step (miniDyi's sub-steps). */
  subStep?: number;
  readOnly: boolean;
  /** Tells the page the step's current answers, its save state, and how to flush them. */
  onAutosave(stepId: string, autosave: StepAutosave): void;
  onReload(): void;
  /** Steps with pages (survey, quiz) give the fill screen's buttons their navigator. */
  registerNavigator?: (navigator: StepNavigator | null) => void;
}

/** One step of the fill screen: its renderer, its autosave, its files. */
export function StepPane({ submission, stepIndex, subStep, readOnly, onAutosave, onReload, registerNavigator }: StepPaneProps) {
  const { t, i18n } = useTranslation();
  const step = submission.steps[stepIndex];
  const saved = submission.stepResults.find((r) => r.stepId === step.id);
  const storeResult = useStoreResult(submission.id);
  const autosave = useStepAutosave(
    submission.id,
    step.id,
    saved && { content: saved.content, version: saved.version },
    !readOnly,
    storeResult,
  );
  const files = useFileActions(submission.id);

  useEffect(() => onAutosave(step.id, autosave));

  const uploads: UploadActions = {
    upload: (slot, file, description, onProgress) => files.upload(step.id, slot, file, description, onProgress),
    remove: (a) => files.remove(a.id),
    download: (a) => files.download(a),
  };

  return (
    <>
      {autosave.state === 'conflict' && (
        <ConflictAlert
          conflict={autosave.conflict}
          onReload={() => {
            autosave.discardMine();
            onReload();
          }}
          onKeepMine={autosave.keepMine}
        />
      )}
      {autosave.state === 'error' && autosave.errorKey && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(autosave.errorKey)}
        </Alert>
      )}
      <StepView
        step={step}
        result={autosave.content}
        readOnly={readOnly}
        language={i18n.language}
        attachments={submission.attachments}
        scores={{ closed: submission.closed, quizScore: submission.quizScore, sroiScore: submission.sroiScore }}
        onChange={readOnly ? undefined : autosave.setContent}
        uploads={uploads}
        subStep={subStep}
        registerNavigator={registerNavigator}
      />
    </>
  );
}
