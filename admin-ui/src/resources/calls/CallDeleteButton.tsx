import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import { useId, useState } from 'react';
import { Button, DeleteWithConfirmButton, type RedirectionSideEffect, useTranslate } from 'react-admin';
import type { CallListRecord } from './callModel';

/**
 * Deletes a call after a confirmation. A call with submissions cannot be deleted (the API
 * refuses it): the button then only explains why, with nothing to confirm.
 */
export function CallDeleteButton({
  record,
  onSuccess,
  onError,
  redirect,
}: {
  record: CallListRecord;
  onSuccess: () => void;
  onError: (error: unknown) => void;
  redirect: RedirectionSideEffect;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (record.submissionCount === 0) {
    return (
      <DeleteWithConfirmButton
        record={record}
        mutationMode="pessimistic"
        confirmTitle="pages.admin.calls.delete-title"
        confirmContent="pages.admin.calls.delete-content"
        translateOptions={{ name: record.name }}
        mutationOptions={{ onSuccess, onError }}
        redirect={redirect}
      />
    );
  }
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteOutlineIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate('pages.admin.calls.delete-title', { name: record.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('pages.admin.calls.cannot-delete', { smart_count: record.submissionCount, count: record.submissionCount })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} autoFocus>
            {translate('app.close')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
