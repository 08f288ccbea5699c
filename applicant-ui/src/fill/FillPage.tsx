import {
  fillPositions,
  incompleteReason,
  INCOMPLETE_KEYS,
  isLastPosition,
  nextPosition,
  previousPosition,
  savesStepResult,
  type FillPosition,
} from '@impact-calls/domain';
import { ApiError } from '@impact-calls/api-client';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Send from '@mui/icons-material/Send';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { StepStatus } from './StepSidebar';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '../shell/PageLoading';
import { ClosingPage } from './ClosingPage';
import type { Submission } from './fillApi';
import { SaveStatus } from './SaveStatus';
import { StepPane } from './StepPane';
import { StepSidebar } from './StepSidebar';
import {
  FillTextProvider,
  InputValidityProvider,
  isMiniDyiStep,
  MiniDyiDataProvider,
  miniDyiIssueSub,
  miniDyiNextBlock,
  miniDyiSubStepCount,
  miniDyiSubStepLabelKey,
  type FillTranslate,
  type InputValidity,
  type StepNavigator,
} from '@impact-calls/step-views';
import { applicantMiniDyiData } from './minidyi/applicantData';
import { SubmitDialog, type ChecklistItem } from './SubmitDialog';
import { submissionKey, useSubmission } from './useSubmission';
import type { StepAutosave } from './useStepAutosave';

/** `step/3` or `step/3/1` -> the position; anything else -> the first one. */
export function parsePosition(splat: string | undefined): FillPosition {
  const m = /^step\/(\d+)(?:\/(\d+))?\/?$/.exec(splat ?? '');
  return m ? { step: Number(m[1]), sub: Number(m[2] ?? 0) } : { step: 0, sub: 0 };
}

/** The fill screen of /call/:submissionId/*: steps, navigation, autosave, submit, closing page. */
export default function FillPage() {
  const { submissionId = '', '*': splat } = useParams();
  const { data: submission, isLoading, error } = useSubmission(submissionId);
  const { t } = useTranslation();
  if (isLoading) return <PageLoading />;
  if (error || !submission) {
    return (
      <Alert severity="error" role="alert">
        {t(error instanceof ApiError ? error.key : 'fill.load-error')}
      </Alert>
    );
  }
  return <Fill submission={submission} splat={splat ?? ''} />;
}

function Fill({ submission, splat }: { submission: Submission; splat: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const readonlyParam = search.get('readonly') === 'true';
  const readOnly = readonlyParam || submission.readOnly;
  const steps = submission.steps;
  const positions = useMemo(() => fillPositions(steps.length, (i) => miniDyiSubStepCount(steps[i])), [steps]);
  const miniDyiData = useMemo(() => applicantMiniDyiData(submission.id), [submission.id]);
  const requested = parsePosition(splat);
  const current = positions.find((p) => p.step === requested.step && p.sub === requested.sub) ?? positions[0];
  const autosaves = useRef(new Map<string, StepAutosave>());
  const [saveState, setSaveState] = useState<StepAutosave['state']>('idle');
  const [blocked, setBlocked] = useState<{ key: string; step: number } | undefined>();
  const [submitOpen, setSubmitOpen] = useState(false);
  const [paneKey, setPaneKey] = useState(0);
  const [checklist, setChecklist] = useState<ChecklistItem[]>([]);
  // The current step's pages (survey, quiz), driven by Previous and Next (one navigation). The
  // step registers its navigator again when its page changes, so the buttons follow it.
  const navigator = useRef<StepNavigator | null>(null);
  const [pages, setPages] = useState({ hasPrevious: false, hasNext: false });
  const registerNavigator = useCallback((n: StepNavigator | null) => {
    navigator.current = n;
    setPages({ hasPrevious: !!n?.hasPrevious(), hasNext: !!n?.hasNext() });
  }, []);
  // Inputs of the current position holding what is not a valid value: "next" stops.
  const invalidInputs = useRef(new Set<string>());
  const validity: InputValidity = useMemo(
    () => ({
      report: (id, invalid) => {
        if (invalid) invalidInputs.current.add(id);
        else invalidInputs.current.delete(id);
      },
    }),
    [],
  );

  const fillT: FillTranslate = useCallback((key, vars) => t(key, vars ?? {}), [t]);
  const onAutosave = useCallback((stepId: string, a: StepAutosave) => {
    const before = autosaves.current.get(stepId);
    // The same step pane (same autosave) with other answers: typed, not just opened.
    const changed = !!before && before.setContent === a.setContent && before.content !== a.content;
    autosaves.current.set(stepId, a);
    setSaveState(a.state);
    // The answers changed: a "next" refusal shown for the old ones no longer holds.
    if (changed) setBlocked(undefined);
  }, []);

  // A closed submission opens on the closing page (or step 0 read-only with ?readonly=true).
  if (submission.closed && splat === '' && !readonlyParam) return <Navigate to={`/call/${submission.id}/done`} replace />;
  if (splat === 'done') {
    if (!submission.closed) return <Navigate to={`/call/${submission.id}`} replace />;
    return <ClosingPage submission={submission} />;
  }

  const go = (p: FillPosition) => {
    setBlocked(undefined);
    void navigate(`/call/${submission.id}/step/${p.step}${p.sub ? `/${p.sub}` : ''}${readonlyParam ? '?readonly=true' : ''}`);
    window.scrollTo({ top: 0 });
  };

  /** The step's answers as this screen has them (autosave first, else the saved ones). */
  const contentOf = (stepIndex: number) =>
    autosaves.current.get(steps[stepIndex].id)?.content ?? submission.stepResults.find((r) => r.stepId === steps[stepIndex].id)?.content;

  /** Why the step stops "next" (the same rule the API applies when closing). */
  const reasonOf = (stepIndex: number) => {
    const step = steps[stepIndex];
    const local = contentOf(stepIndex);
    const filled = new Set(submission.attachments.filter((a) => a.stepId === step.id && a.slotIndex !== null).map((a) => a.slotIndex!));
    return incompleteReason({ id: step.id, kind: step.stepTypeName, content: step.content }, local, filled);
  };

  /** Whether each step is complete as this screen has it (sidebar marks, the checklist before submitting). */
  const statusOf = (stepIndex: number): StepStatus | undefined => {
    const kind = steps[stepIndex].stepTypeName;
    if (!savesStepResult(kind) && kind !== 'upload') return undefined;
    return reasonOf(stepIndex) ? 'incomplete' : 'complete';
  };

  /** Moves focus to the first field marked invalid on the step, so the applicant sees what stops them. */
  const focusInvalid = () =>
    window.setTimeout(() => document.querySelector<HTMLElement>('#main-content [aria-invalid="true"]')?.focus(), 0);

  /**
   * What Next and Submit do first on the current position: refuse invalid input, and let a step
   * with pages move to its next page. Answers true when the position may be left.
   */
  const leaveCurrent = (): boolean => {
    if (readOnly) return true;
    if (invalidInputs.current.size > 0) {
      setBlocked({ key: 'fill.invalid-input', step: current.step });
      focusInvalid();
      return false;
    }
    const paged = navigator.current?.next();
    if (paged === 'moved') {
      setBlocked(undefined);
      window.scrollTo({ top: 0 });
      return false;
    }
    if (paged === 'blocked') {
      setBlocked({ key: 'fill.survey.page-invalid', step: current.step });
      return false;
    }
    // 'done': the survey validated its last page and is complete now (its answers are being saved).
    if (paged === 'done') return true;
    if (isMiniDyiStep(steps[current.step])) {
      // miniDyi: each sub-step's own rules (e.g. a stakeholder per outcome), the whole step's when leaving it.
      const issue = miniDyiNextBlock(steps[current.step], contentOf(current.step), current.sub);
      if (issue) {
        setBlocked({ key: issue.key, step: current.step });
        return false;
      }
    } else {
      const reason = reasonOf(current.step);
      if (reason) {
        setBlocked({ key: INCOMPLETE_KEYS[reason], step: current.step });
        return false;
      }
    }
    return true;
  };

  const next = () => {
    if (!leaveCurrent()) return;
    const p = nextPosition(positions, current);
    if (p) go(p);
  };

  /** Submit: the current position first (invalid input, a survey's last page), then the checklist or the confirmation. */
  const openSubmit = () => {
    if (invalidInputs.current.size > 0) {
      setBlocked({ key: 'fill.invalid-input', step: current.step });
      focusInvalid();
      return;
    }
    const paged = navigator.current?.next();
    if (paged === 'moved' || paged === 'blocked') {
      if (paged === 'blocked') setBlocked({ key: 'fill.survey.page-invalid', step: current.step });
      return;
    }
    setBlocked(undefined);
    // What is still missing, step by step (issue 14); the survey just completed is complete whatever its last saved answers say.
    setChecklist(
      steps.flatMap((step, index) => {
        if (paged === 'done' && index === current.step) return [];
        const reason = reasonOf(index);
        return reason ? [{ index, name: step.name, key: INCOMPLETE_KEYS[reason] }] : [];
      }),
    );
    setSubmitOpen(true);
  };

  const previous = previousPosition(positions, current);
  const goBack = () => {
    if (!readOnly && navigator.current?.previous()) {
      setBlocked(undefined);
      window.scrollTo({ top: 0 });
      return;
    }
    if (previous) go(previous);
  };
  const showPrevious = !!previous || (!readOnly && pages.hasPrevious);
  const last = isLastPosition(positions, current) && !(!readOnly && pages.hasNext);
  const flushAll = async () => {
    for (const a of autosaves.current.values()) await a.flush();
  };

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: submissionKey(submission.id) }).then(() => setPaneKey((k) => k + 1));
  };

  if (steps.length === 0) return <Alert severity="info">{t('fill.no-steps')}</Alert>;

  const sidebar = (
    <StepSidebar
      steps={steps}
      positions={positions}
      current={current}
      onSelect={go}
      subStepLabel={(i, sub) => t(miniDyiSubStepLabelKey(steps[i], sub))}
      status={readOnly ? undefined : statusOf}
    />
  );
  return (
    <FillTextProvider value={fillT}>
      <InputValidityProvider value={validity}>
        <MiniDyiDataProvider value={miniDyiData}>
          <Stack spacing={2}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
                  {submission.callName}
                </Typography>
                <Typography color="text.secondary">
                  {submission.organization.name} · {submission.code}
                </Typography>
              </Box>
              {!readOnly && <SaveStatus state={saveState} />}
            </Stack>

            {readOnly && (
              <Alert severity="info" icon={<LockOutlined />} data-testid="read-only-banner">
                {t(submission.closed ? 'fill.read-only-closed' : !submission.callOpen ? 'fill.read-only-call-closed' : 'fill.read-only')}
              </Alert>
            )}

            <Box sx={{ display: { xs: 'block', md: 'none' } }}>
              <Accordion disableGutters variant="outlined">
                <AccordionSummary expandIcon={<ExpandMore />}>
                  <Typography>
                    {t('fill.open-steps')} · {t('fill.step-of', { current: current.step + 1, total: steps.length })}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails>{sidebar}</AccordionDetails>
              </Accordion>
            </Box>

            <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
              <Paper
                variant="outlined"
                sx={{ display: { xs: 'none', md: 'block' }, width: 260, flexShrink: 0, p: 1, position: 'sticky', top: 88 }}
              >
                <Typography variant="overline" component="h2" sx={{ px: 2 }}>
                  {t('fill.steps')}
                </Typography>
                {sidebar}
              </Paper>

              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="step-title">
                  <Typography variant="overline" color="text.secondary">
                    {t('fill.step-of', { current: current.step + 1, total: steps.length })}
                  </Typography>
                  <Typography id="step-title" variant="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                    {steps[current.step].name}
                  </Typography>
                  {steps[current.step].description && (
                    <Typography color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
                      {steps[current.step].description}
                    </Typography>
                  )}
                  <StepPane
                    key={`${steps[current.step].id}:${paneKey}`}
                    submission={submission}
                    stepIndex={current.step}
                    subStep={current.sub}
                    readOnly={readOnly}
                    onAutosave={onAutosave}
                    onReload={reload}
                    registerNavigator={registerNavigator}
                  />
                </Paper>

                {blocked && (
                  <Alert
                    severity={blocked.key.startsWith('components.mini-dyi.') ? 'error' : 'warning'}
                    sx={{ mt: 2 }}
                    role="alert"
                    data-testid="next-blocked"
                  >
                    {t(blocked.key)}
                  </Alert>
                )}

                <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'space-between' }}>
                  <Box>
                    {showPrevious && (
                      <Button variant="outlined" startIcon={<ArrowBack />} onClick={goBack}>
                        {t('fill.previous')}
                      </Button>
                    )}
                  </Box>
                  {last ? (
                    !readOnly && (
                      <Button variant="contained" color="secondary" endIcon={<Send />} onClick={openSubmit}>
                        {t('fill.submit')}
                      </Button>
                    )
                  ) : (
                    <Button variant="contained" endIcon={<ArrowForward />} onClick={next}>
                      {t('fill.next')}
                    </Button>
                  )}
                </Stack>
              </Box>
            </Box>
          </Stack>
          {submitOpen && (
            <SubmitDialog
              submission={submission}
              flush={flushAll}
              checklist={checklist}
              onOpenStep={(index) => {
                setSubmitOpen(false);
                go({ step: index, sub: isMiniDyiStep(steps[index]) ? miniDyiIssueSub(steps[index], contentOf(index)) : 0 });
              }}
              onClose={() => setSubmitOpen(false)}
              onIncomplete={(stepId, key) => {
                setSubmitOpen(false);
                const index = steps.findIndex((s) => s.id === stepId);
                if (index >= 0) {
                  go({ step: index, sub: isMiniDyiStep(steps[index]) ? miniDyiIssueSub(steps[index], contentOf(index), key) : 0 });
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
