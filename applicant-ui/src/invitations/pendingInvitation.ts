/**
 * The invitation a visitor opened before signing in, kept on this device while they go to the
 * identity provider (and maybe register there), so they come back to it once signed in.
 */
const KEY = 'ic_pending_invitation';
/** An invitation link opened longer ago than this is not brought back (the sign-in was given up). */
export const PENDING_INVITATION_MAX_AGE_MS = 24 * 3600_000;

export function rememberInvitation(token: string, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token, at: now }));
  } catch {
    // Storage disabled: the link in the e-mail still works once signed in.
  }
}

/** The invitation to go back to, if any (the invitation page forgets it once shown to the signed-in user). */
export function pendingInvitation(now = Date.now()): string | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const { token, at } = JSON.parse(raw) as { token?: unknown; at?: unknown };
    if (typeof token === 'string' && token && typeof at === 'number' && now - at <= PENDING_INVITATION_MAX_AGE_MS) return token;
    localStorage.removeItem(KEY);
    return undefined;
  } catch {
    return undefined;
  }
}

export function forgetPendingInvitation(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to do
  }
}
