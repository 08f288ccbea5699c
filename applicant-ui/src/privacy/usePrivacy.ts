import { downloadFile, unwrap, type DownloadProgress, type Schemas } from '@impact-calls/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { useIsAuthenticated } from '../api/useSession';

export type ConsentRecord = Schemas['ConsentRecordDto'];
export type PendingConsent = Schemas['PendingConsentDto'];

const consentsKey = ['privacy', 'consents'] as const;
const pendingKey = ['privacy', 'pending'] as const;

/** The consents the user gave, newest first. */
export function useMyConsents() {
  return useQuery({ queryKey: consentsKey, queryFn: () => unwrap(api.GET('/api/privacy/consents')) });
}

/** The exact text of a consent, fetched when asked for (it does not change: kept for the session). */
export function useConsentText(version: string | undefined) {
  return useQuery({
    queryKey: ['privacy', 'text', version],
    queryFn: () => unwrap(api.GET('/api/privacy/consents/texts/{version}', { params: { path: { version: version! } } })),
    enabled: !!version,
    staleTime: Infinity,
  });
}

/** What the signed-in user must agree to before going on, in the interface language. */
export function usePendingConsents() {
  const authenticated = useIsAuthenticated();
  const { i18n } = useTranslation();
  const lang = (['it', 'en', 'fr'] as const).find((l) => i18n.language?.startsWith(l));
  return useQuery({
    queryKey: [...pendingKey, lang],
    queryFn: () => unwrap(api.GET('/api/privacy/consents/pending', { params: { query: { lang } } })),
    enabled: authenticated,
    staleTime: 5 * 60_000,
  });
}

export function useRecordConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: Pick<PendingConsent, 'kind' | 'textVersion'>) =>
      unwrap(api.POST('/api/privacy/consents', { body: { kind: c.kind, textVersion: c.textVersion } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['privacy'] });
    },
  });
}

/** Downloads the user's data, or an organization's, as a ZIP, reporting the bytes received. */
export function downloadPrivacyExport(
  what: { kind: 'me' } | { kind: 'organization'; organizationId: string },
  onProgress: (p: DownloadProgress) => void,
) {
  const call =
    what.kind === 'me'
      ? api.GET('/api/privacy/export/me', { parseAs: 'stream' })
      : api.GET('/api/privacy/export/organizations/{organizationId}', {
          params: { path: { organizationId: what.organizationId } },
          parseAs: 'stream',
        });
  return downloadFile(call, { onProgress });
}
