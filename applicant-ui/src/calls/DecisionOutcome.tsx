import type { Decision } from '@impact-calls/domain';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import StarOutline from '@mui/icons-material/StarOutlineOutlined';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** How each released decision looks: an icon and a colour beside its text, never the colour alone. */
const LOOK: Record<Decision, { icon: ReactElement; chip: ChipProps['color']; alert: AlertColor }> = {
  approved: { icon: <CheckCircleOutline aria-hidden />, chip: 'success', alert: 'success' },
  shortlisted: { icon: <StarOutline aria-hidden />, chip: 'info', alert: 'info' },
  'waiting-list': { icon: <HourglassEmpty aria-hidden />, chip: 'warning', alert: 'warning' },
  // Neutral rather than red: a call's outcome is not an error of the applicant's.
  rejected: { icon: <HighlightOff aria-hidden />, chip: 'default', alert: 'info' },
};

/** The released decision on a call card: "Outcome: Approved" with its icon. */
export function DecisionChip({ decision, sx }: { decision: Decision; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const look = LOOK[decision];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={look.chip}
      icon={look.icon}
      label={t('pages.decisions.chip', { decision: t(`pages.decisions.label.${decision}`) })}
      data-testid="call-decision"
      data-decision={decision}
      sx={{ fontWeight: 600, maxWidth: '100%', ...sx }}
    />
  );
}

/** The released decision on the recap and closing pages: a titled region with what the decision means. */
export function DecisionNotice({ decision, sx }: { decision: Decision; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const look = LOOK[decision];
  return (
    <Alert
      // Shown with the page, not announced as news: a region named by its title.
      role="region"
      aria-labelledby={titleId}
      severity={look.alert}
      icon={look.icon}
      data-testid="submission-decision"
      data-decision={decision}
      sx={{ textAlign: 'left', ...sx }}
    >
      <AlertTitle id={titleId} component="h2" sx={{ typography: 'subtitle1', fontWeight: 600 }}>
        {t('pages.decisions.chip', { decision: t(`pages.decisions.label.${decision}`) })}
      </AlertTitle>
      {t(`pages.decisions.explain.${decision}`)}
    </Alert>
  );
}
