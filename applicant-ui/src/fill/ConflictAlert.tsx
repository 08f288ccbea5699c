import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeAgo } from './timeAgo';
import type { SaveConflict } from './useStepAutosave';

export interface ConflictAlertProps {
  conflict: SaveConflict | undefined;
  onReload(): void;
  onKeepMine(): void;
}

/** The answers were saved meanwhile by another member (or tab): who and when, then reload theirs or keep mine. */
export function ConflictAlert({ conflict, onReload, onKeepMine }: ConflictAlertProps) {
  const { t, i18n } = useTranslation();
  // "3 minutes ago" moves on while the alert stays open.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(tick);
  }, []);
  const time = conflict?.changedAt ? timeAgo(conflict.changedAt, i18n.language, now) : undefined;
  const text =
    conflict?.changedBy && time
      ? t('fill.conflict-by', { member: conflict.changedBy, time })
      : time
        ? t('fill.conflict-at', { time })
        : t('fill.conflict-choose');
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="save-conflict">
      {text}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button color="inherit" size="small" variant="outlined" onClick={onReload}>
          {t('fill.reload')}
        </Button>
        <Button color="inherit" size="small" variant="outlined" onClick={onKeepMine}>
          {t('fill.keep-mine')}
        </Button>
      </Stack>
    </Alert>
  );
}
