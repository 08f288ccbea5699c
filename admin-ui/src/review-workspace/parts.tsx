import { formatDateTimeWithZone, formatDecimal } from '@impact-calls/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ReviewerCall } from './reviewApi';
import { timeZoneName } from './paths';

/** "24 November 2026, 23:59 CET (Europe/Rome)": a date in the reviewer's time zone and language, with the zone named. */
export function useZonedDate(): (value: string) => string {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (value) => translate('pages.review-workspace.zoned-date', { date: formatDateTimeWithZone(value, locale), zone: timeZoneName() });
}

type Phase = NonNullable<ReviewerCall['phase']>;

/** The phase in force: its name, whether reviewers may score, whether it is blind, and its deadline. */
export function PhaseSummary({ phase, nextPhaseStartsAt }: { phase: Phase | null; nextPhaseStartsAt?: string | null }) {
  const translate = useTranslate();
  const zoned = useZonedDate();
  if (!phase)
    return (
      <Box>
        <Typography variant="body2">{translate('pages.review-workspace.phase.none')}</Typography>
        {nextPhaseStartsAt && (
          <Typography variant="body2" color="text.secondary">
            {translate('pages.review-workspace.phase.next', { date: zoned(nextPhaseStartsAt) })}
          </Typography>
        )}
      </Box>
    );
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {translate('pages.review-workspace.phase.name', { name: phase.name })}
        </Typography>
        <Chip
          size="small"
          color={phase.mayScore ? 'success' : 'default'}
          label={translate(phase.mayScore ? 'pages.review-workspace.phase.may-score' : 'pages.review-workspace.phase.read-only')}
        />
        {phase.blind && <Chip size="small" color="info" label={translate('pages.review-workspace.phase.blind')} />}
      </Stack>
      <Typography variant="body2">{translate('pages.review-workspace.phase.deadline', { date: zoned(phase.endsAt) })}</Typography>
    </Box>
  );
}

const SEGMENTS = [
  { key: 'done', color: 'success.main' },
  { key: 'in-progress', color: 'warning.main' },
  { key: 'to-do', color: 'grey.400' },
] as const;

/** To do / in progress / done as a stacked bar (decorative) and the same figures in words. */
export function ReviewProgress({ toDo, inProgress, done }: { toDo: number; inProgress: number; done: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const total = toDo + inProgress + done;
  const counts = { done, 'in-progress': inProgress, 'to-do': toDo };
  return (
    <Box>
      <Box aria-hidden sx={{ display: 'flex', height: 10, borderRadius: 5, overflow: 'hidden', bgcolor: 'grey.200', my: 1 }}>
        {total > 0 &&
          SEGMENTS.map((s) => (
            <Box key={s.key} sx={{ width: `${(counts[s.key] / total) * 100}%`, bgcolor: s.color }} data-segment={s.key} />
          ))}
      </Box>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        component="ul"
        style={{ margin: 0, padding: 0, listStyle: 'none' }}
      >
        {SEGMENTS.map((s) => (
          <Typography key={s.key} variant="body2" component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              aria-hidden
              component="span"
              sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: s.color, display: 'inline-block' }}
            />
            {translate(`pages.review-workspace.state.${s.key}`)}: {formatDecimal(counts[s.key], locale, 0)}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}

/** A review's state as a chip. */
export function StateChip({ state }: { state: 'to-do' | 'in-progress' | 'done' }) {
  const translate = useTranslate();
  const color = state === 'done' ? 'success' : state === 'in-progress' ? 'warning' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={translate(`pages.review-workspace.state.${state}`)} />;
}

/** Read by screen readers, not shown. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** "—" where an identity is withheld (blind phase), read out as "hidden". */
export function Withheld() {
  const translate = useTranslate();
  return (
    <>
      <span aria-hidden>—</span>
      <span style={VISUALLY_HIDDEN}>{translate('pages.review-workspace.withheld')}</span>
    </>
  );
}
