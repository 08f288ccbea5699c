import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PresentMember } from './usePresence';

function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/**
 * Who else has the application open and on which step, announced politely to screen readers as it
 * changes; nothing when nobody else is here.
 */
export function PresenceBar({ others, stepName }: { others: PresentMember[]; stepName: (step: string) => string | undefined }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      aria-live="polite"
      aria-labelledby={others.length ? labelId : undefined}
      data-testid="presence"
      sx={{ flexWrap: 'wrap', alignItems: 'center', display: others.length ? 'flex' : 'none' }}
    >
      {others.length > 0 && (
        <Typography id={labelId} variant="body2" color="text.secondary">
          {t('presence.label')}:
        </Typography>
      )}
      {others.map((o) => {
        const step = o.step ? stepName(o.step) : undefined;
        return (
          <Chip
            key={o.userId}
            size="small"
            variant="outlined"
            avatar={
              <Avatar aria-hidden sx={{ bgcolor: 'primary.main', '&&': { color: 'primary.contrastText' } }}>
                {initials(o.name)}
              </Avatar>
            }
            label={step ? t('presence.on-step', { name: o.name, step }) : t('presence.somewhere', { name: o.name })}
          />
        );
      })}
    </Stack>
  );
}
