import { decodeToken, RENEW_BEFORE_MS, session } from '@impact-calls/api-client';
import { useEffect } from 'react';
import { returnToLanding } from '../api/client';
import { useIsAuthenticated } from '../api/useSession';

/** How often an open page looks whether its access token needs renewing. */
export const CHECK_EVERY_MS = 30_000;

/**
 * Renews the access token (minutes long) before it expires, through the session's refresh
 * token; the API rotates the refresh token on each use. A session that ended elsewhere (signed
 * out on another device, by an administrator) sends the user to the landing page.
 */
export async function refreshIfExpiring(now = Date.now()): Promise<void> {
  const refreshToken = session.getRefreshToken();
  if (!refreshToken) return;
  const token = session.getToken();
  const exp = token ? decodeToken(token)?.exp : undefined;
  if (exp && exp * 1000 - now > RENEW_BEFORE_MS) return;
  if ((await session.renew()) === 'ended') returnToLanding();
}

/** Keeps an open page signed in: renews the access token shortly before it expires, while the page is visible. */
export function useTokenRefresh(): void {
  const authenticated = useIsAuthenticated();
  useEffect(() => {
    if (!authenticated) return;
    const check = () => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void refreshIfExpiring();
    };
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [authenticated]);
}
