import { LANGUAGES, type Language } from '@impact-calls/domain';
import { unwrap, type Schemas } from '@impact-calls/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';

export type AppConfig = Schemas['ConfigDto'];

export const configQueryKey = ['config', 'active'] as const;

const asLanguage = (l: string): Language => ((LANGUAGES as readonly string[]).includes(l.slice(0, 2)) ? (l.slice(0, 2) as Language) : 'it');

/**
 * The active branding configuration (public; built-in defaults when none exists), its texts
 * (welcome message, list name, landing HTML, data consent) in the interface language. While
 * another language loads, the previous answer stays on screen.
 */
export function useConfig() {
  const { i18n } = useTranslation();
  const lang = asLanguage(i18n.language ?? 'it');
  return useQuery({
    queryKey: [...configQueryKey, lang],
    queryFn: () => unwrap(api.GET('/api/Config/GetConfig', { params: { query: { lang } } })),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
