import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { useFillText } from '../FillText';
import type { StepRendererProps } from '../types';

const MiniDyiStep = lazy(() => import('./MiniDyiStep'));

/** The miniDyi renderer of STEP_RENDERERS: its screens load only when a miniDyi step is opened. */
export function LazyMiniDyiStep(props: StepRendererProps) {
  const t = useFillText();
  return (
    <Suspense
      fallback={
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('components.mini-dyi.loading')} />
        </Box>
      }
    >
      <MiniDyiStep {...props} />
    </Suspense>
  );
}
