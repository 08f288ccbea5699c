import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start', py: 4 }}>
      <Typography variant="h1">{t('app.not-found')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('app.go-home')}
      </Button>
    </Stack>
  );
}
