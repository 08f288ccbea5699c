import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../auth/signIn';
import { errorMessage } from '../organizations/errorMessage';
import { RichHtml } from '../shell/RichHtml';
import { usePendingConsents, useRecordConsent } from './usePrivacy';

/**
 * After sign-in, when the branding's data-protection notice changed since the user last agreed: the
 * notice in a dialog that only "I agree" (recorded with the text's version) or signing out closes.
 */
export function PendingConsentDialog() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: pending } = usePendingConsents();
  const record = useRecordConsent();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();
  const consent = pending?.[0];
  if (!consent) return null;

  const agree = async () => {
    setError(null);
    try {
      await record.mutateAsync(consent);
    } catch (e) {
      // A stale text is refetched by the mutation's invalidation: the newer one is shown to agree to.
      setError(errorMessage(t, e, 'pages.consent-dialog.error'));
    }
  };

  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={textId} scroll="paper" fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('pages.consent-dialog.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('pages.consent-dialog.intro')}
        </Typography>
        <Box id={textId}>
          <RichHtml html={consent.text} sx={{ '& p:first-of-type': { mt: 0 } }} />
        </Box>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void logout(queryClient, i18n.language)}>{t('pages.consent-dialog.sign-out')}</Button>
        <Button variant="contained" onClick={() => void agree()} disabled={record.isPending} autoFocus>
          {t('pages.consent-dialog.agree')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
