import { ApiError } from '@impact-calls/api-client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Submission } from './fillApi';
import { useCloseSubmission } from './useSubmission';

export interface SubmitDialogProps {
  submission: Submission;
  flush(): Promise<void>;
  onClose(): void;
  onIncomplete(stepId: string, key: string): void;
  onSubmitted(): void;
}

/** Confirm, save what is pending, close on the server (checks + scores), then the closing page. */
export function SubmitDialog({ submission, flush, onClose, onIncomplete, onSubmitted }: SubmitDialogProps) {
  const { t } = useTranslation();
  const close = useCloseSubmission(submission.id);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async () => {
    setError(undefined);
    setProcessing(true);
    try {
      await flush();
      await close.mutateAsync();
      onSubmitted();
    } catch (e) {
      setProcessing(false);
      const body = e instanceof ApiError ? (e.body as { stepId?: string } | undefined) : undefined;
      if (e instanceof ApiError && body?.stepId) return onIncomplete(body.stepId, e.key);
      setError(t(e instanceof ApiError ? e.key : 'fill.save-error'));
    }
  };

  return (
    <Dialog open onClose={processing ? undefined : onClose} aria-labelledby="submit-title" maxWidth="sm" fullWidth>
      <DialogTitle id="submit-title">{t('fill.submit-confirm-title')}</DialogTitle>
      <DialogContent>
        {processing ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status" data-testid="processing">
            <CircularProgress size={28} aria-hidden />
            <DialogContentText>{t('fill.processing')}</DialogContentText>
          </Stack>
        ) : (
          <DialogContentText>{t('fill.submit-confirm-text')}</DialogContentText>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={processing}>
          {t('app.cancel')}
        </Button>
        <Button variant="contained" color="secondary" onClick={() => void submit()} disabled={processing}>
          {t('fill.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
