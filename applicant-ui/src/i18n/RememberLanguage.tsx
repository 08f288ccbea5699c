import { createApiClient, session } from '@impact-calls/api-client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useConfig } from '../config/useConfig';
import { isLanguage, readRememberedLanguage, rememberLanguage } from './language';

/**
 * A client of its own for a best-effort call: no answer of this one may end the session or
 * leave the page (the app's client does both), and a failure is simply tried at the next change.
 */
const quietApi = createApiClient({ getToken: session.getToken, getOrganizationId: session.getOrganizationId, sessionErrorStatuses: [] });

const SENT_KEY = 'ic_language_sent';

function send(userId: string, language: string): void {
  if (!isLanguage(language)) return;
  const key = `${userId}:${language}`;
  try {
    if (window.sessionStorage.getItem(SENT_KEY) === key) return;
  } catch {
    // storage unavailable: send anyway
  }
  quietApi
    .PUT('/api/User/Language', { body: { language } })
    .then(({ response }) => {
      if (response.ok) window.sessionStorage.setItem(SENT_KEY, key);
    })
    .catch(() => undefined);
}

/**
 * The interface language goes with the person: signing in on a device where they never chose
 * one applies the language kept with the user (the last one they used), and each language used
 * here is kept with the user (their e-mails go in it too). A choice made on this device with
 * the language menu stays this device's.
 */
export function RememberLanguage() {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data: config } = useConfig();
  const selectable = config !== undefined && config.languageSelection !== false;

  useEffect(() => {
    if (!user || !config) return;
    if (selectable && isLanguage(user.language) && !readRememberedLanguage()) {
      if (i18n.language !== user.language) {
        rememberLanguage(user.language);
        void i18n.changeLanguage(user.language);
      }
    } else {
      send(user.id, i18n.language);
    }
    const onChange = (language: string) => send(user.id, language);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
    // The user's saved language is applied when the user is loaded, not each time it is refetched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id, selectable, i18n]);

  return null;
}
