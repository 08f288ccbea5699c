import CheckCircle from '@mui/icons-material/CheckCircle';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Submission } from './fillApi';

/**
 * After submitting: thank you, the PDF download when the call allows it (the PDF itself is
 * on the roadmap: the button is shown, disabled, with a tooltip), and back to calls.
 */
export function ClosingPage({ submission }: { submission: Submission }) {
  const { t, i18n } = useTranslation();
  const date = submission.submittedAt
    ? new Date(submission.submittedAt).toLocaleString(i18n.language, { dateStyle: 'long', timeStyle: 'short' })
    : '';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 720, mx: 'auto' }} data-testid="closing-page">
      <CheckCircle color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
        {t('fill.thank-you')}
      </Typography>
      <Typography sx={{ mt: 2 }} color="text.secondary">
        {t('fill.thank-you-text', { code: submission.code, date })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
        {submission.enableUserDownloadPdf && submission.closed && (
          <Tooltip title={t('fill.pdf-unavailable')}>
            <Box
              component="span"
              sx={{ display: { xs: 'block', sm: 'inline-block' } }}
              tabIndex={0}
              aria-label={`${t('fill.download-pdf')}: ${t('fill.pdf-unavailable')}`}
            >
              <Button variant="outlined" startIcon={<PictureAsPdfOutlined />} disabled sx={{ width: { xs: '100%', sm: 'auto' } }}>
                {t('fill.download-pdf')}
              </Button>
            </Box>
          </Tooltip>
        )}
        <Button variant="outlined" component={RouterLink} to={`/call/${submission.id}/step/0?readonly=true`}>
          {t('fill.view-answers')}
        </Button>
        <Button variant="contained" component={RouterLink} to="/calls">
          {t('fill.back-to-calls')}
        </Button>
      </Stack>
    </Paper>
  );
}
