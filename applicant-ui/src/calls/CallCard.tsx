import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { closingCountdown, formatDateTimeWithZone } from '@impact-calls/domain';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfButton } from '../documents/PdfButton';
import { useActingMayWrite } from '../organizations/useTeam';
import { RichHtml } from '../shell/RichHtml';
import { cardActions, type UserCall } from './callActions';
import { DecisionChip } from './DecisionOutcome';
import { useCallDetail } from './useCalls';

/** A call's description: whole, or, when the list shortened it, its text and "read more" for the whole (GetCallById). */
function CallDescription({ call }: { call: UserCall }) {
  const { t } = useTranslation();
  const [whole, setWhole] = useState(false);
  const detail = useCallDetail(call.id, whole && !!call.descriptionShortened);
  if (!call.descriptionShortened) return <RichHtml html={call.description} sx={{ mt: 1 }} />;
  if (whole && detail.data) return <RichHtml html={detail.data.description} sx={{ mt: 1 }} />;
  return (
    <>
      {/* The same type as a whole description (RichHtml's paragraph), so shortened and whole cards look alike. */}
      <Typography variant="body1" sx={{ mt: 2, mb: 0.5, lineHeight: 1.6, overflowWrap: 'anywhere' }}>
        {call.description}
      </Typography>
      <Button size="small" sx={{ mt: 0.5, px: 0 }} onClick={() => setWhole(true)} disabled={whole && detail.isFetching}>
        {t('pages.calls.read-more')}
      </Button>
    </>
  );
}

export interface CallCardHandlers {
  onStart: (call: UserCall) => void;
  onResume: (call: UserCall) => void;
  onViewRecap: (call: UserCall) => void;
  onViewReport: (call: UserCall) => void;
  onDownloadFile: (call: UserCall) => void;
  onDownloadPdf: (call: UserCall) => void;
}

/** One call: name, status, dates, description and its buttons (spec section 2, call list). */
export function CallCard({
  call,
  hasOrganization,
  busy,
  pdfBusy = false,
  reportsAvailable = false,
  handlers,
}: {
  call: UserCall;
  hasOrganization: boolean;
  /** Power BI embedding is available (the "view report" button shows only then). */
  reportsAvailable?: boolean;
  busy: boolean;
  /** The PDF is being prepared. */
  pdfBusy?: boolean;
  handlers: CallCardHandlers;
}) {
  const { t, i18n } = useTranslation();
  const mayWrite = useActingMayWrite();
  const actions = cardActions(call, hasOrganization, reportsAvailable, mayWrite);
  const titleId = `call-${call.id}-title`;
  // In the user's time zone, with the zone named; a countdown in an open call's last week.
  const date = (iso: string) => formatDateTimeWithZone(iso, i18n.language);
  const when =
    call.phase === 'upcoming'
      ? t('pages.calls.opens-on', { date: date(call.openingAt) })
      : call.phase === 'open'
        ? t('pages.calls.closes-on', { date: date(call.closingAt) })
        : t('pages.calls.closed-on', { date: date(call.closingAt) });
  const countdown = call.phase === 'open' ? closingCountdown(call.closingAt, i18n.language) : undefined;

  const primaryLabel = t(`pages.calls.actions.${actions.primary}`);
  const primary =
    actions.primary === 'submit' || actions.primary === 'resume' ? (
      <Button
        variant="contained"
        disabled={!actions.primaryEnabled || busy}
        onClick={() => (actions.primary === 'submit' ? handlers.onStart(call) : handlers.onResume(call))}
      >
        {primaryLabel}
      </Button>
    ) : (
      <Button variant="outlined" disabled>
        {primaryLabel}
      </Button>
    );

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ borderRadius: 2, display: 'flex', flexDirection: 'column', height: '100%' }}
      data-testid="call-card"
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
          <Typography id={titleId} variant="h5" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {call.name}
          </Typography>
          <Chip
            size="small"
            color={call.status === 'open' ? 'success' : 'default'}
            label={t(`pages.calls.status.${call.status}`)}
            data-testid="call-status"
            sx={{ flexShrink: 0 }}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {when}
        </Typography>
        {countdown && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<AccessTimeIcon aria-hidden />}
            label={t('pages.calls.countdown', { when: countdown })}
            data-testid="call-countdown"
            sx={{ mt: 1, fontWeight: 600 }}
          />
        )}
        {call.decision && (
          <Stack direction="row" sx={{ mt: 1 }}>
            <DecisionChip decision={call.decision} />
          </Stack>
        )}
        {call.description && <CallDescription call={call} />}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {primary}
        {actions.viewRecap.visible && (
          <Button startIcon={<VisibilityOutlinedIcon />} disabled={!actions.viewRecap.enabled} onClick={() => handlers.onViewRecap(call)}>
            {t('pages.calls.actions.view-recap')}
          </Button>
        )}
        {actions.viewReport.visible && (
          <Button startIcon={<AssessmentOutlinedIcon />} disabled={!actions.viewReport.enabled} onClick={() => handlers.onViewReport(call)}>
            {t('pages.calls.actions.view-report')}
          </Button>
        )}
        {actions.downloadFile.visible && (
          <Button startIcon={<DownloadIcon />} disabled={!actions.downloadFile.enabled} onClick={() => handlers.onDownloadFile(call)}>
            {t('pages.calls.actions.download-file')}
          </Button>
        )}
        {actions.downloadPdf.visible && (
          <PdfButton
            busy={pdfBusy}
            disabled={!actions.downloadPdf.enabled}
            onClick={() => handlers.onDownloadPdf(call)}
            label={t('pages.calls.actions.download-pdf')}
          />
        )}
      </CardActions>
    </Card>
  );
}
