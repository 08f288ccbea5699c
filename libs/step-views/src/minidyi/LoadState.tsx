import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useFillText } from '../FillText';

/** Loading and error states of the framework's lists. */
export function LoadState({ isLoading, error, retry }: { isLoading: boolean; error: unknown; retry(): void }) {
  const t = useFillText();
  if (isLoading) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('components.mini-dyi.loading')} />
      </Box>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('components.mini-dyi.retry')}
          </Button>
        }
      >
        {t('components.mini-dyi.load-error')}
      </Alert>
    );
  }
  return null;
}
