import { createApiClient, session } from '@impact-calls/api-client';

/**
 * The console's API client: the same session (cookies) and token header as the applicant
 * app. Session errors are decided by the authProvider's checkError (a 403 on one resource
 * must not sign an administrator out), so no status ends the session here.
 */
export const api = createApiClient({
  getToken: session.getToken,
  freshToken: () => session.freshToken(),
  renew: () => session.renew(),
  getOrganizationId: session.getOrganizationId,
  sessionErrorStatuses: [],
});

/** Full-page navigation out of /admin: to the applicant landing page, or to `url` (the provider's sign-out). */
export function leaveConsole(url?: string): void {
  window.location.assign(url ?? '/');
}
