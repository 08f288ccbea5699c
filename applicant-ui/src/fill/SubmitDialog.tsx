import { ApiError } from '@impact-calls/api-client';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Submission } from './fillApi';
import { useCloseSubmission } from './useSubmission';

/** A step that stops submitting, with why (an INCOMPLETE_KEYS key). */
export interface ChecklistItem {
  index: number;
  name: string;
  key: string;
}

export interface SubmitDialogProps {
  submission: Submission;
  /** What is still missing, step by step (empty: ready to submit). */
  checklist: ChecklistItem[];
  flush(): Promise<void>;
  onClose(): void;
  onOpenStep(index: number): void;
  onIncomplete(stepId: string, key: string): void;
  onSubmitted(): void;
}

/**
 * Before submitting: what is still missing, per step, with a link to each (the
 * server's refusal used to jump to the first incomplete step with the message below the
 * fold). When nothing is missing: confirm, save what is pending, close on the server (checks
 * + scores), then the closing page.
 */
export function SubmitDialog({ submission, checklist, flush, onClose, onOpenStep, onIncomplete, onSubmitted }: SubmitDialogProps) {
  const { t } = useTranslation();
  const close = useCloseSubmission(submission.id);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string>();
  const ready = checklist.length === 0;

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
      <DialogTitle id="submit-title">{t(ready ? 'fill.submit-confirm-title' : 'fill.checklist.title')}</DialogTitle>
      <DialogContent>
        {processing ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status" data-testid="processing">
            <CircularProgress size={28} aria-hidden />
            <DialogContentText>{t('fill.processing')}</DialogContentText>
          </Stack>
        ) : ready ? (
          <DialogContentText>{t('fill.submit-confirm-text')}</DialogContentText>
        ) : (
          <>
            <DialogContentText>{t('fill.checklist.intro', { count: checklist.length })}</DialogContentText>
            <List dense data-testid="submit-checklist" aria-label={t('fill.checklist.title')}>
              {checklist.map((item) => (
                <ListItem key={item.index} disableGutters alignItems="flex-start">
                  <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                    <ErrorOutline color="warning" aria-hidden />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <Link
                        component="button"
                        type="button"
                        onClick={() => onOpenStep(item.index)}
                        sx={{ textAlign: 'left', fontWeight: 600 }}
                      >
                        {`${item.index + 1}. ${item.name}`}
                      </Link>
                    }
                    secondary={t(item.key)}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={processing}>
          {t(ready ? 'app.cancel' : 'app.close')}
        </Button>
        {ready && (
          <Button variant="contained" color="secondary" onClick={() => void submit()} disabled={processing}>
            {t('fill.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
