import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../shell/RichHtml';
import { cardActions, type UserCall } from './callActions';

export interface CallCardHandlers {
  onStart: (call: UserCall) => void;
  onResume: (call: UserCall) => void;
  onViewRecap: (call: UserCall) => void;
  onViewReport: (call: UserCall) => void;
  onDownloadFile: (call: UserCall) => void;
  onDownloadPdf: (call: UserCall) => void;
}

function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';
}

/** One call: name, status, dates, description and its buttons (spec section 2, call list). */
export function CallCard({
  call,
  hasOrganization,
  busy,
  handlers,
}: {
  call: UserCall;
  hasOrganization: boolean;
  busy: boolean;
  handlers: CallCardHandlers;
}) {
  const { t, i18n } = useTranslation();
  const actions = cardActions(call, hasOrganization);
  const titleId = `call-${call.id}-title`;
  const when =
    call.phase === 'upcoming'
      ? t('pages.calls.opens-on', { date: formatDate(call.openingAt, i18n.language) })
      : call.phase === 'open'
        ? t('pages.calls.closes-on', { date: formatDate(call.closingAt, i18n.language) })
        : t('pages.calls.closed-on', { date: formatDate(call.closingAt, i18n.language) });

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
        {call.description && <RichHtml html={call.description} sx={{ mt: 1 }} />}
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
          <Button
            startIcon={<PictureAsPdfOutlinedIcon />}
            disabled={!actions.downloadPdf.enabled}
            onClick={() => handlers.onDownloadPdf(call)}
          >
            {t('pages.calls.actions.download-pdf')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
