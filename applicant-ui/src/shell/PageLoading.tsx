import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy screen or its data loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
