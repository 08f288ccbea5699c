import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, DateTimeInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

const inFuture = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const d = new Date(value as string);
  return Number.isNaN(d.getTime()) || d.getTime() <= Date.now() ? 'pages.admin.error-call-lock-past' : undefined;
};

/**
 * The call lock (spec section 4): enabling it needs a confirmation (results not accessible
 * before the date; the date cannot be changed afterwards); the date's minimum is now; once
 * saved it is shown read-only (the API refuses any change).
 */
export function LockEndInput() {
  const translate = useTranslate();
  const record = useRecordContext<{ callLockEnd?: string | null }>();
  const saved = !!record?.callLockEnd;
  const { setValue } = useFormContext();
  const value = useWatch({ name: 'callLockEnd' }) as string | null | undefined;
  const [confirming, setConfirming] = useState(false);
  const [enabled, setEnabled] = useState(saved || !!value);
  const [min] = useState(() => new Date(Date.now() + 60_000).toISOString().slice(0, 16));

  if (saved) {
    return (
      <Stack spacing={1} sx={{ width: '100%', mb: 2 }}>
        <DateTimeInput source="callLockEnd" disabled helperText={false} aria-describedby="call-lock-saved" />
        {/* Beside the field, not as its helper text: a disabled field greys its helper text below a readable contrast. */}
        <Typography id="call-lock-saved" variant="caption" color="text.secondary" sx={{ mt: -1 }}>
          {translate('pages.admin.calls.lock-saved')}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={1} sx={{ width: '100%', mb: 2, alignItems: 'flex-start' }}>
      {enabled ? (
        <>
          <DateTimeInput
            source="callLockEnd"
            validate={inFuture}
            slotProps={{ htmlInput: { min } } as never}
            helperText="pages.admin.calls.lock-help"
          />
          <Button
            size="small"
            onClick={() => {
              setValue('callLockEnd', null, { shouldDirty: true });
              setEnabled(false);
            }}
          >
            {translate('pages.admin.calls.lock-remove')}
          </Button>
        </>
      ) : (
        <Button variant="outlined" startIcon={<LockIcon />} onClick={() => setConfirming(true)}>
          {translate('pages.admin.calls.lock-enable')}
        </Button>
      )}
      {enabled && value && <Alert severity="warning">{translate('pages.admin.calls.lock-warning')}</Alert>}
      <Confirm
        isOpen={confirming}
        title="pages.admin.calls.lock-confirm-title"
        content="pages.admin.calls.lock-warning"
        confirm="pages.admin.calls.lock-confirm"
        onConfirm={() => {
          setEnabled(true);
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
