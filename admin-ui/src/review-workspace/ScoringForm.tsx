import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDecimal, RECOMMENDATIONS, reviewScore, type Recommendation } from '@impact-calls/domain';
import { useId } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { CriterionInput } from './CriterionInput';
import { StateChip, useZonedDate } from './parts';
import type { MyReview, ReviewWorkspace } from './reviewApi';
import type { ReviewAutosave, ReviewSaveState } from './useReviewAutosave';

/** Why the review cannot be changed now, as a message key. */
export function readOnlyReason(workspace: Pick<ReviewWorkspace, 'phase'>): string {
  if (!workspace.phase) return 'pages.review-workspace.readonly.no-phase';
  if (!workspace.phase.mayScore) return 'pages.review-workspace.readonly.no-scoring';
  return 'pages.review-workspace.readonly.closed';
}

const SAVE_SEVERITY: Partial<Record<ReviewSaveState, 'success' | 'warning' | 'error'>> = {
  saved: 'success',
  offline: 'warning',
  retrying: 'warning',
  error: 'error',
  conflict: 'error',
  closed: 'error',
};

/** The save indicator, read out politely as it changes. */
function SaveStatus({ state }: { state: ReviewSaveState }) {
  const translate = useTranslate();
  const severity = SAVE_SEVERITY[state];
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: 24 }} data-testid="review-save-state">
      {state !== 'idle' && (
        <Chip size="small" variant="outlined" color={severity ?? 'default'} label={translate(`pages.review-workspace.save.${state}`)} />
      )}
    </Box>
  );
}

export interface ScoringFormProps {
  workspace: ReviewWorkspace;
  /** The review as the API last answered it (state, submission date). */
  review: MyReview;
  autosave: ReviewAutosave;
  editable: boolean;
  /** Criterion id (or field) -> reason, from a refused submit. */
  problems: Record<string, string>;
  busy: 'submit' | 'next' | undefined;
  onSubmit: () => void;
  onSaveAndNext: () => void;
  onConflict: () => void;
  onReload: () => void;
}

/** The scoring form: criteria, the live weighted score, recommendation, comments, abstention, and the actions. */
export function ScoringForm({
  workspace,
  review,
  autosave,
  editable,
  problems,
  busy,
  onSubmit,
  onSaveAndNext,
  onConflict,
  onReload,
}: ScoringFormProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zoned = useZonedDate();
  const id = useId();
  const { draft, update, state } = autosave;
  const stopped = state === 'conflict' || state === 'closed';
  const disabled = !editable || stopped;
  const criteria = workspace.criteria.filter((c) => !c.retired);
  const score = reviewScore(criteria, draft.scores);
  const fieldProblems = { ...autosave.fieldErrors, ...problems };
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`${id}-title`} variant="h6" component="h2">
          {translate('pages.review-workspace.form.title')}
        </Typography>
        <StateChip state={review.state} />
      </Stack>
      <SaveStatus state={state} />
      {review.submittedAt && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('pages.review-workspace.form.submitted-at', { date: zoned(review.submittedAt) })}
          {editable && ` ${translate('pages.review-workspace.form.still-editable')}`}
        </Typography>
      )}
      {!editable && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="review-read-only">
          {translate(readOnlyReason(workspace))}
        </Alert>
      )}
      {state === 'conflict' && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onReload}>
              {translate('pages.review-workspace.form.reload')}
            </Button>
          }
        >
          {translate('pages.review-workspace.form.stale')}
        </Alert>
      )}
      {state === 'closed' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('pages.review-workspace.readonly.closed')}
        </Alert>
      )}
      {state === 'error' && autosave.errorKey && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(autosave.errorKey, { _: translate('pages.review-workspace.save.error') })}
        </Alert>
      )}
      <FormControlLabel
        control={<Checkbox checked={draft.abstained} disabled={disabled} onChange={(e) => update({ abstained: e.target.checked })} />}
        label={translate('pages.review-workspace.form.abstain')}
      />
      {draft.abstained && (
        <TextField
          label={translate('pages.review-workspace.form.abstain-reason')}
          value={draft.abstainReason}
          onChange={(e) => update({ abstainReason: e.target.value })}
          disabled={disabled}
          required
          fullWidth
          multiline
          minRows={2}
          error={!!fieldProblems.abstainReason}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ mb: 2 }}
        />
      )}
      {!draft.abstained && (
        <>
          {criteria.length === 0 && <Typography color="text.secondary">{translate('pages.review-workspace.form.no-criteria')}</Typography>}
          {criteria.map((c) => (
            <CriterionInput
              key={c.id}
              criterion={c}
              value={draft.scores[c.id] ?? null}
              onChange={(v) => update({ scores: { ...draft.scores, [c.id]: v } })}
              disabled={disabled}
              problem={fieldProblems[c.id]}
            />
          ))}
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} data-testid="review-score">
            {translate('pages.review-workspace.form.score')}:{' '}
            {score === null ? translate('pages.review-workspace.form.no-score') : `${formatDecimal(score, locale, 2)} / 100`}
          </Typography>
          <Divider sx={{ my: 2 }} />
          <FormControl component="fieldset" disabled={disabled} sx={{ mb: 2 }} error={!!fieldProblems.recommendation}>
            <FormLabel component="legend">{translate('pages.review-workspace.form.recommendation')}</FormLabel>
            <RadioGroup
              row
              value={draft.recommendation ?? ''}
              onChange={(e) => update({ recommendation: (e.target.value || null) as Recommendation | null })}
            >
              {RECOMMENDATIONS.map((r) => (
                <FormControlLabel key={r} value={r} control={<Radio />} label={translate(`pages.review-workspace.recommendation.${r}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        </>
      )}
      <TextField
        label={translate('pages.review-workspace.form.comment-applicant')}
        helperText={translate('pages.review-workspace.form.comment-applicant-help')}
        value={draft.commentApplicant}
        onChange={(e) => update({ commentApplicant: e.target.value })}
        disabled={disabled}
        fullWidth
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 10000 } }}
        sx={{ mb: 2 }}
      />
      <TextField
        label={translate('pages.review-workspace.form.comment-panel')}
        helperText={translate('pages.review-workspace.form.comment-panel-help')}
        value={draft.commentPanel}
        onChange={(e) => update({ commentPanel: e.target.value })}
        disabled={disabled}
        fullWidth
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 10000 } }}
        sx={{ mb: 2 }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onSubmit} disabled={disabled || !!busy} aria-busy={busy === 'submit' || undefined}>
          {translate(review.submittedAt ? 'pages.review-workspace.form.submit-again' : 'pages.review-workspace.form.submit')}
        </Button>
        <Button variant="outlined" onClick={onSaveAndNext} disabled={stopped || !!busy} aria-busy={busy === 'next' || undefined}>
          {translate(editable ? 'pages.review-workspace.form.save-next' : 'pages.review-workspace.form.next')}
        </Button>
        <Button color="error" onClick={onConflict} disabled={!!busy}>
          {translate('pages.review-workspace.form.conflict')}
        </Button>
      </Stack>
    </Box>
  );
}
