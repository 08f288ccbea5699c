import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './useStepAutosave';

const LOOK: Record<Exclude<SaveState, 'idle'>, { key: string; color: 'default' | 'success' | 'warning' | 'error'; icon: ReactElement }> = {
  pending: { key: 'fill.unsaved', color: 'default', icon: <SyncOutlined /> },
  saving: { key: 'fill.saving', color: 'default', icon: <SyncOutlined /> },
  saved: { key: 'fill.saved', color: 'success', icon: <CheckCircleOutlined /> },
  offline: { key: 'fill.offline', color: 'warning', icon: <CloudOffOutlined /> },
  retrying: { key: 'fill.save-retrying', color: 'default', icon: <HourglassEmptyOutlined /> },
  error: { key: 'fill.save-error', color: 'error', icon: <ErrorOutlined /> },
  conflict: { key: 'fill.conflict', color: 'error', icon: <ErrorOutlined /> },
};

/** The visible saved / saving state of the answers (announced politely to screen readers). */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  if (state === 'idle') return <span role="status" aria-live="polite" />;
  const look = LOOK[state];
  return (
    <span role="status" aria-live="polite" data-testid="save-status" data-state={state}>
      <Chip
        size="small"
        variant="outlined"
        color={look.color}
        icon={look.icon}
        label={t(look.key)}
        sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
      />
    </span>
  );
}
