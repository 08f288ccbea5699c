import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { useFillText } from '../FillText';

/**
 * Removes an outcome card after a confirmation: its stakeholder, indicators and targets go
 * with it (one click discarded them).
 */
export function RemoveOutcomeButton({ label, name, onRemove }: { label: string; name: string; onRemove(): void }) {
  const t = useFillText();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const textId = useId();
  return (
    <>
      <IconButton aria-label={label} onClick={() => setOpen(true)}>
        <DeleteOutlined />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} aria-describedby={textId}>
        <DialogTitle id={titleId}>{t('components.mini-dyi.remove-outcome.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('components.mini-dyi.remove-outcome.text', { name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            {t('app.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setOpen(false);
              onRemove();
            }}
          >
            {t('components.mini-dyi.remove-outcome.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
