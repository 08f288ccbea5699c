import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startSignIn } from './signIn';

/** Login and Register: redirects to the identity provider (Register opens its registration). */
export function SignInButtons({
  size = 'medium',
  variant = 'top-bar',
}: {
  size?: 'small' | 'medium' | 'large';
  variant?: 'top-bar' | 'page';
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const onPage = variant === 'page';
  const go = (kind: 'login' | 'register') => {
    setBusy(true);
    startSignIn(queryClient, kind, i18n.language).catch((e: unknown) => {
      console.error('Sign-in could not start', e);
      setBusy(false);
    });
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size={size}
        disabled={busy}
        variant={onPage ? 'contained' : 'outlined'}
        color={onPage ? 'primary' : 'inherit'}
        onClick={() => go('login')}
      >
        {t('app.login')}
      </Button>
      <Button
        size={size}
        disabled={busy}
        variant={onPage ? 'outlined' : 'contained'}
        color={onPage ? 'primary' : 'secondary'}
        onClick={() => go('register')}
      >
        {t('app.register')}
      </Button>
    </Stack>
  );
}
