/**
 * The browser session shared by the applicant app and the console (same origin): the access
 * and refresh tokens and the selected organization, kept in cookies for the session's lifetime
 * (30 days from the sign-in: spec sections 4 and 9). The access token lives minutes; it is
 * renewed silently through the refresh token (`renew`, `freshToken`), which the API rotates on
 * each use. Hand-written; only schema.ts is generated.
 */
export const TOKEN_COOKIE = 'ic_token';
export const REFRESH_COOKIE = 'ic_refresh_token';
export const ORGANIZATION_COOKIE = 'ic_organization';
export const SESSION_LIFETIME_DAYS = 30;
/** An access token with less than this left is renewed before it is sent. */
export const RENEW_BEFORE_MS = 60_000;

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

function writeCookie(name: string, value: string | undefined, seconds = SESSION_LIFETIME_DAYS * 24 * 3600): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  if (value === undefined) {
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
    return;
  }
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.max(1, Math.floor(seconds))}; SameSite=Lax${secure}`;
}

/** The payload of a JWT, without checking it (the server does). */
export function decodeToken(token: string): { exp?: number; sub?: string; sid?: string } | undefined {
  try {
    const part = token.split('.')[1];
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as { exp?: number; sub?: string; sid?: string };
  } catch {
    return undefined;
  }
}

/** A token is valid only while its expiry is in the future (spec section 4). */
export function isTokenValid(token: string | undefined, now = Date.now()): token is string {
  if (!token) return false;
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' && exp * 1000 > now;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

/** What renewing said: new tokens, the session is over (sign in again), or not now (offline, server busy). */
export type RenewResult = 'renewed' | 'ended' | 'unavailable';

let renewing: Promise<RenewResult> | undefined;

/** Runs `work` holding a lock shared by the tabs of this browser (Web Locks), or alone where there are none. */
async function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return work();
  return locks.request('ic-session-renewal', work) as Promise<T>;
}

async function renewNow(baseUrl: string): Promise<RenewResult> {
  const started = session.getRefreshToken();
  if (!started || !isTokenValid(started)) {
    if (!isTokenValid(readCookie(TOKEN_COOKIE))) session.clear();
    return 'ended';
  }
  return acrossTabs(async () => {
    // Another tab may have renewed while this one waited: its tokens are in the cookies now.
    const refreshToken = session.getRefreshToken();
    if (!refreshToken) return 'ended';
    if (refreshToken !== started && isTokenValid(readCookie(TOKEN_COOKIE), Date.now() + RENEW_BEFORE_MS)) return 'renewed';
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/api/Jwt/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    } catch {
      return 'unavailable';
    }
    if (res.status === 401) {
      // The session ended (signed out elsewhere, ended by an administrator, expired, or a reused token).
      session.clear();
      return 'ended';
    }
    if (!res.ok) return 'unavailable';
    const tokens = (await res.json()) as { token: string; refresh_token: string };
    session.setTokens(tokens.token, tokens.refresh_token);
    return 'renewed';
  });
}

export const session = {
  /**
   * The access token when present and unexpired. An expired one clears the session unless it
   * can be renewed (a refresh token is kept): then this answers nothing until `renew` has run.
   */
  getToken(): string | undefined {
    const token = readCookie(TOKEN_COOKIE);
    if (token && !isTokenValid(token)) {
      if (!isTokenValid(session.getRefreshToken())) session.clear();
      return undefined;
    }
    return token;
  },
  getRefreshToken(): string | undefined {
    return readCookie(REFRESH_COOKIE);
  },
  /** Keeps both tokens for as long as the session lasts (the refresh token's expiry). */
  setTokens(token: string, refreshToken: string): void {
    const end = decodeToken(refreshToken)?.exp;
    const seconds = typeof end === 'number' ? end - Date.now() / 1000 : undefined;
    writeCookie(TOKEN_COOKIE, token, seconds);
    writeCookie(REFRESH_COOKIE, refreshToken, seconds);
    notify();
  },
  getOrganizationId(): string | undefined {
    return readCookie(ORGANIZATION_COOKIE) || undefined;
  },
  setOrganizationId(id: string | undefined): void {
    writeCookie(ORGANIZATION_COOKIE, id);
    notify();
  },
  /** Signed in: an unexpired access token, or a session that can still renew one. */
  isAuthenticated(): boolean {
    return session.getToken() !== undefined || isTokenValid(session.getRefreshToken());
  },
  /**
   * New tokens from the refresh token (one request at a time across this browser's tabs). A 401
   * ends the session here too; a network error or a busy server leaves it as it is.
   */
  renew(baseUrl = ''): Promise<RenewResult> {
    renewing ??= renewNow(baseUrl).finally(() => {
      renewing = undefined;
    });
    return renewing;
  },
  /** The access token to send now: renewed first when it expires within RENEW_BEFORE_MS. */
  async freshToken(baseUrl = ''): Promise<string | undefined> {
    const token = readCookie(TOKEN_COOKIE);
    if (isTokenValid(token, Date.now() + RENEW_BEFORE_MS)) return token;
    if (isTokenValid(session.getRefreshToken())) await session.renew(baseUrl);
    return session.getToken();
  },
  /** Logout and session errors: tokens and the selected organization go. */
  clear(): void {
    writeCookie(TOKEN_COOKIE, undefined);
    writeCookie(REFRESH_COOKIE, undefined);
    writeCookie(ORGANIZATION_COOKIE, undefined);
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
