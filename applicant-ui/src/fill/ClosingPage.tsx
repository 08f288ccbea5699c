import { formatDateTimeWithZone } from '@impact-calls/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DecisionNotice } from '../calls/DecisionOutcome';
import { PdfButton } from '../documents/PdfButton';
import { usePdfDownload } from '../documents/usePdfDownload';
import type { Submission } from './fillApi';

/**
 * After submitting: thank you, the review's outcome once released, the PDF download when the
 * call allows it (a busy state while the server renders it), the answers, and back to calls.
 */
export function ClosingPage({ submission }: { submission: Submission }) {
  const { t, i18n } = useTranslation();
  const pdf = usePdfDownload();
  // In the browser's time zone, named, as every date of the app.
  const date = submission.submittedAt ? formatDateTimeWithZone(submission.submittedAt, i18n.language) : '';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 720, mx: 'auto' }} data-testid="closing-page">
      <CheckCircle color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
        {t('fill.thank-you')}
      </Typography>
      <Typography sx={{ mt: 2 }} color="text.secondary">
        {t('fill.thank-you-text', { code: submission.code, date })}
      </Typography>
      {submission.decision && <DecisionNotice decision={submission.decision} sx={{ mt: 3 }} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
        {submission.enableUserDownloadPdf && submission.closed && (
          <PdfButton
            variant="outlined"
            busy={pdf.busyId === submission.id}
            onClick={() => void pdf.download(submission.id)}
            label={t('fill.download-pdf')}
          />
        )}
        <Button variant="outlined" component={RouterLink} to={`/call/${submission.id}/step/0?readonly=true`}>
          {t('fill.view-answers')}
        </Button>
        <Button variant="contained" component={RouterLink} to="/calls">
          {t('fill.back-to-calls')}
        </Button>
      </Stack>
      {pdf.error && (
        <Alert severity="error" onClose={pdf.clearError} sx={{ mt: 3, textAlign: 'left' }}>
          {pdf.error}
        </Alert>
      )}
    </Paper>
  );
}
