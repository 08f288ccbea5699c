import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useIsAuthenticated } from '../api/useSession';
import { useConfig } from '../config/useConfig';
import { SignInButtons } from '../auth/SignInButtons';
import { RichHtml } from '../shell/RichHtml';

/**
 * `/`: the welcome message and the configured landing HTML, with Login and Register. The
 * HTML comes from the server already sanitized (the API refuses scripts, handlers, frames
 * and javascript: links, and cleans the rest on save). A logged-in user goes to /calls.
 */
export function LandingPage() {
  const { t } = useTranslation();
  const authenticated = useIsAuthenticated();
  const { data: config, isPending } = useConfig();

  if (authenticated) return <Navigate to="/calls" replace />;

  return (
    <Stack spacing={4}>
      <Paper component="section" aria-labelledby="welcome-title" variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
        <Stack spacing={2.5}>
          <Typography id="welcome-title" variant="h1">
            {t('pages.landing.title')}
          </Typography>
          {isPending ? (
            <Skeleton variant="text" width="60%" />
          ) : config?.message ? (
            <RichHtml html={config.message} sx={{ fontSize: '1.15rem' }} />
          ) : null}
          <Typography color="text.secondary">{t('pages.landing.intro')}</Typography>
          <Box>
            <SignInButtons size="large" variant="page" />
          </Box>
        </Stack>
      </Paper>
      {isPending ? (
        <Stack spacing={1}>
          <Skeleton variant="text" height={48} width="40%" />
          <Skeleton variant="rectangular" height={120} />
        </Stack>
      ) : config?.landingHtml ? (
        <Box component="section" aria-label={t('shell.landing-content')}>
          <RichHtml html={config.landingHtml} />
        </Box>
      ) : null}
    </Stack>
  );
}
