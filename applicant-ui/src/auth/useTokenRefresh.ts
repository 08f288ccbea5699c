import { decodeToken, session, unwrap } from '@impact-calls/api-client';
import { useEffect } from 'react';
import { api } from '../api/client';
import { useIsAuthenticated } from '../api/useSession';

/** Refresh when less than this is left of the access token (it lives 30 days). */
export const REFRESH_WHEN_LEFT_MS = 7 * 24 * 3600 * 1000;

let refreshing: Promise<void> | undefined;

/** Exchanges the refresh token for a new pair when the access token is close to its expiry. */
export async function refreshIfExpiring(now = Date.now()): Promise<void> {
  const token = session.getToken();
  const refreshToken = session.getRefreshToken();
  const exp = token ? decodeToken(token)?.exp : undefined;
  if (!token || !refreshToken || !exp || exp * 1000 - now > REFRESH_WHEN_LEFT_MS) return;
  refreshing ??= unwrap(api.POST('/api/Jwt/refresh', { body: { refresh_token: refreshToken } }))
    .then((tokens) => session.setTokens(tokens.token, tokens.refresh_token))
    .catch((e: unknown) => console.warn('Token refresh failed', e))
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/** Keeps an active user signed in: checks once per page load and then every hour. */
export function useTokenRefresh(): void {
  const authenticated = useIsAuthenticated();
  useEffect(() => {
    if (!authenticated) return;
    void refreshIfExpiring();
    const timer = setInterval(() => void refreshIfExpiring(), 3600_000);
    return () => clearInterval(timer);
  }, [authenticated]);
}
