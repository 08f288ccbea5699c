import type { FillPosition } from '@impact-calls/domain';
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
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionNotice } from '../calls/DecisionOutcome';
import type { Submission } from './fillApi';
import { SaveStatus } from './SaveStatus';
import type { Blocked } from './useFillNavigation';
import type { SaveState } from './useStepAutosave';

export interface FillButtons {
  showPrevious: boolean;
  /** The last position: Submit instead of Next (none when read-only). */
  last: boolean;
  onPrevious(): void;
  onNext(): void;
  onSubmit(): void;
}

export interface FillLayoutProps {
  submission: Submission;
  readOnly: boolean;
  saveState: SaveState;
  current: FillPosition;
  /** Who else has the application open (nothing shown when nobody). */
  presence?: ReactNode;
  /**
   * The steps list: in an accordion on phones, beside the step on wider screens. `chosen` is
   * to be called when a step is chosen in it: the phone's accordion folds.
   */
  sidebar(chosen: () => void): ReactNode;
  blocked?: Blocked;
  buttons: FillButtons;
  /** The current step's pane. */
  children: ReactNode;
}

/** The fill screen's layout: the call's header, the steps list, the current step, why Next stopped, and the buttons. */
export function FillLayout({ submission, readOnly, saveState, current, presence, sidebar, blocked, buttons, children }: FillLayoutProps) {
  const { t } = useTranslation();
  const step = submission.steps[current.step];
  const stepOf = t('fill.step-of', { current: current.step + 1, total: submission.steps.length });
  const [stepsOpen, setStepsOpen] = useState(false);
  const stepsId = useId();
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
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
      {presence}

      {readOnly && (
        <Alert severity="info" icon={<LockOutlined />} data-testid="read-only-banner">
          {t(submission.closed ? 'fill.read-only-closed' : !submission.callOpen ? 'fill.read-only-call-closed' : 'fill.read-only')}
        </Alert>
      )}
      {readOnly && submission.decision && <DecisionNotice decision={submission.decision} />}

      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <Accordion disableGutters variant="outlined" expanded={stepsOpen} onChange={(_, open) => setStepsOpen(open)}>
          <AccordionSummary expandIcon={<ExpandMore />} id={`${stepsId}-summary`} aria-controls={`${stepsId}-steps`}>
            <Typography>
              {t('fill.open-steps')} · {stepOf}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>{sidebar(() => setStepsOpen(false))}</AccordionDetails>
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
          {sidebar(() => undefined)}
        </Paper>

        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="step-title">
            <Typography variant="overline" color="text.secondary">
              {stepOf}
            </Typography>
            <Typography id="step-title" variant="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {step.name}
            </Typography>
            {step.description && (
              <Typography color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
                {step.description}
              </Typography>
            )}
            {children}
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

          <FillNavButtons readOnly={readOnly} {...buttons} />
        </Box>
      </Box>
    </Stack>
  );
}

/** Previous, and Next or (on the last position) Submit. */
function FillNavButtons({ readOnly, showPrevious, last, onPrevious, onNext, onSubmit }: FillButtons & { readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'space-between' }}>
      <Box>
        {showPrevious && (
          <Button variant="outlined" startIcon={<ArrowBack />} onClick={onPrevious}>
            {t('fill.previous')}
          </Button>
        )}
      </Box>
      {last ? (
        !readOnly && (
          <Button variant="contained" color="secondary" endIcon={<Send />} onClick={onSubmit}>
            {t('fill.submit')}
          </Button>
        )
      ) : (
        <Button variant="contained" endIcon={<ArrowForward />} onClick={onNext}>
          {t('fill.next')}
        </Button>
      )}
    </Stack>
  );
}
