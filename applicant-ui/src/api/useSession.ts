import { session } from '@impact-calls/api-client';
import { useSyncExternalStore } from 'react';

/** Re-renders when the session changes (sign-in, logout, session error). */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(session.subscribe, session.isAuthenticated, () => false);
}

/** The selected organization id, kept in sync with the session cookie. */
export function useSelectedOrganizationId(): string | undefined {
  return useSyncExternalStore(session.subscribe, session.getOrganizationId, () => undefined);
}
