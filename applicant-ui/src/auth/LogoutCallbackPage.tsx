import { session } from '@impact-calls/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BusyMessage } from './BusyMessage';

/** `/logout-callback`: back from the provider's logout; the session is cleared (again) and the user lands on `/`. */
export default function LogoutCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    session.clear();
    queryClient.clear();
    void navigate('/', { replace: true });
  }, [navigate, queryClient]);
  return <BusyMessage message={t('pages.logout-callback.signing-out')} />;
}
