import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A sub-step's title (h3, under the step's h2) and its introduction. */
export function SubStepHeader({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h3" component="h3" data-testid="minidyi-substep-title">
          {title}
        </Typography>
        {action}
      </Stack>
      {children && (
        <Typography component="div" color="text.secondary">
          {children}
        </Typography>
      )}
    </Stack>
  );
}
