import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

/** Asks the reason of a conflict of interest before declaring it (the application then goes to another reviewer). */
export function ConflictDialog({
  open,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const translate = useTranslate();
  const id = useId();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed) onConfirm(trimmed);
        }}
      >
        <DialogTitle id={`${id}-title`}>{translate('pages.review-workspace.conflict.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
            {translate('pages.review-workspace.conflict.text')}
          </DialogContentText>
          <TextField
            autoFocus
            label={translate('pages.review-workspace.conflict.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            fullWidth
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={!trimmed || busy} aria-busy={busy || undefined}>
            {translate('pages.review-workspace.conflict.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
