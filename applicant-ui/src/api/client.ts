import { createApiClient, session } from '@impact-calls/api-client';

/** Full-page return to the landing page (spec section 8), unless already there. */
export function returnToLanding(): void {
  if (window.location.pathname !== '/') window.location.assign('/');
}

/**
 * The one API client of the applicant app: bearer token and SelectedOrganizationId on
 * every request, the token renewed silently before it expires and once on a 401; 401 (after
 * that), 403, 498 and 302 answers clear the session and return to `/`, a network error returns
 * to `/` (spec section 8).
 */
export const api = createApiClient({
  getToken: session.getToken,
  freshToken: () => session.freshToken(),
  renew: () => session.renew(),
  getOrganizationId: session.getOrganizationId,
  onSessionError: () => {
    session.clear();
    returnToLanding();
  },
  onNetworkError: returnToLanding,
});
