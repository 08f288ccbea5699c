import { createApiClient, session } from '@impact-calls/api-client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/useCurrentUser';

/**
 * A client of its own for a best-effort call: no answer of this one may end the session or
 * leave the page (the app's client does both), and a failure is simply tried at the next change.
 */
const quietApi = createApiClient({ getToken: session.getToken, getOrganizationId: session.getOrganizationId, sessionErrorStatuses: [] });

const SENT_KEY = 'ic_language_sent';

/** Tells the API the language the signed-in person uses here: their e-mails go in it. Once per user and language. */
export function RememberLanguage() {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();

  useEffect(() => {
    if (!user) return;
    const send = (language: string) => {
      if (!['it', 'en', 'fr'].includes(language)) return;
      const key = `${user.id}:${language}`;
      try {
        if (window.sessionStorage.getItem(SENT_KEY) === key) return;
      } catch {
        // storage unavailable: send anyway
      }
      quietApi
        .PUT('/api/User/Language', { body: { language: language as 'it' | 'en' | 'fr' } })
        .then(({ response }) => {
          if (response.ok) window.sessionStorage.setItem(SENT_KEY, key);
        })
        .catch(() => undefined);
    };
    send(i18n.language);
    i18n.on('languageChanged', send);
    return () => i18n.off('languageChanged', send);
  }, [user, i18n]);

  return null;
}
