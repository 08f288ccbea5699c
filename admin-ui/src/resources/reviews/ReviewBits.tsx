import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DECISIONS, formatDecimal, type Decision } from '@impact-calls/domain';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { errorKeyOf, reviewKeys } from './reviewApi';

/** Scores and figures in the console's language ("72,5" in Italian); a dash for none. */
export function useNumber() {
  const [locale] = useLocaleState();
  return (value: number | null | undefined, digits = 1) =>
    value === null || value === undefined ? '–' : formatDecimal(value, locale, digits);
}

/** A score (0-100) as its number and a bar; the bar repeats the number, so it is hidden from screen readers. */
export function ScoreBar({ value }: { value: number | null }) {
  const n = useNumber();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 110 }}>
      <Typography component="span" variant="body2" sx={{ minWidth: 36, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {n(value)}
      </Typography>
      <Box aria-hidden sx={{ flex: 1, height: 8, minWidth: 50, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
        {value !== null && <Box sx={{ width: `${Math.max(0, Math.min(100, value))}%`, height: '100%', bgcolor: 'primary.main' }} />}
      </Box>
    </Box>
  );
}

/** The reviewers disagree: an icon and a word, not a colour alone. */
export function DisagreementFlag() {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<WarningAmber aria-hidden />}
      label={translate('pages.admin.review.applications.disagreement')}
    />
  );
}

/** The decision and whether the applicant was told; "–" while none. */
export function DecisionChip({ decision, released }: { decision: Decision | null; released: boolean }) {
  const translate = useTranslate();
  if (!decision) return <Typography variant="body2">{translate('pages.admin.review.decision.none')}</Typography>;
  return (
    <Chip
      size="small"
      variant={released ? 'filled' : 'outlined'}
      color={released ? 'primary' : 'default'}
      label={`${translate(`pages.admin.review.decision.${decision}`)} · ${translate(
        released ? 'pages.admin.review.decision.released' : 'pages.admin.review.decision.pending',
      )}`}
    />
  );
}

/**
 * Shows a refusal of the API (its key, translated once the catalogs know it, else its text);
 * a stale answer also reloads the call's review data.
 */
export function useReviewError(callId: string) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return (e: unknown) => {
    if (errorKeyOf(e) === 'errors.review.stale') void queryClient.invalidateQueries({ queryKey: reviewKeys.call(callId) });
    notify((e as Error)?.message || 'pages.admin.review.error', { type: 'error' });
  };
}

/** The decision selectors' value for "no decision" (withdraws a pending one). */
export const WITHDRAW = 'withdraw';

/** The four decisions and "no decision" (withdraws a pending one). */
export function DecisionSelect({
  value,
  onChange,
  disabled,
  sx,
}: {
  value: Decision | typeof WITHDRAW | '';
  onChange: (d: Decision | typeof WITHDRAW) => void;
  disabled?: boolean;
  sx?: object;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      fullWidth
      label={translate('pages.admin.review.decision.label')}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Decision | typeof WITHDRAW)}
      sx={sx}
    >
      {DECISIONS.map((d) => (
        <MenuItem key={d} value={d}>
          {translate(`pages.admin.review.decision.${d}`)}
        </MenuItem>
      ))}
      <MenuItem value={WITHDRAW}>{translate('pages.admin.review.decision.withdraw')}</MenuItem>
    </TextField>
  );
}
