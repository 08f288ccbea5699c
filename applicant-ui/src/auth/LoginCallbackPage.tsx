import { REGISTRATION_NOT_VERIFIED } from '@impact-calls/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { BusyMessage } from './BusyMessage';
import { completeSignIn } from './signIn';

/** Codes already being exchanged (React may run an effect twice; a code is single use). */
const handled = new Set<string>();

/**
 * `/login-callback?code=...&state=...` (spec sections 2 and 4): exchanges the code for the
 * product's tokens, then /calls. A failed exchange is only logged and the user still goes
 * to /calls (which sends an anonymous visitor to /). `userState=AuthenticatedRegistrationNotVerified`
 * asks the user to check their e-mail; a refused or cancelled sign-in returns to /.
 */
export default function LoginCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notVerified = params.get('userState') === REGISTRATION_NOT_VERIFIED;
  const code = params.get('code');

  useEffect(() => {
    if (notVerified) return;
    if (!code) {
      if (params.get('error')) console.warn(`Sign-in ended: ${params.get('error')} ${params.get('error_description') ?? ''}`);
      void navigate('/', { replace: true });
      return;
    }
    if (handled.has(code)) return;
    handled.add(code);
    completeSignIn(params)
      .catch((e: unknown) => console.error('Token exchange failed', e))
      .finally(() => void navigate('/calls', { replace: true }));
  }, [code, notVerified, navigate, params]);

  if (notVerified) {
    return (
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <Alert severity="info" role="status">
          <AlertTitle component="h1" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {t('pages.login-callback.not-verified-title')}
          </AlertTitle>
          {t('pages.login-callback.not-verified')}
        </Alert>
        <div>
          <Button component={RouterLink} to="/" variant="contained">
            {t('pages.login-callback.back-home')}
          </Button>
        </div>
      </Stack>
    );
  }
  return <BusyMessage message={t('pages.login-callback.signing-in')} />;
}
