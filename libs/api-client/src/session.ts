/**
 * The browser session shared by the applicant app and the console (same origin): the
 * access and refresh tokens and the selected organization, kept in cookies for 30 days
 * (spec sections 4 and 9). Hand-written; only schema.ts is generated.
 */
export const TOKEN_COOKIE = 'ic_token';
export const REFRESH_COOKIE = 'ic_refresh_token';
export const ORGANIZATION_COOKIE = 'ic_organization';
export const SESSION_LIFETIME_DAYS = 30;

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

function writeCookie(name: string, value: string | undefined, days = SESSION_LIFETIME_DAYS): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  if (value === undefined) {
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
    return;
  }
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 24 * 3600}; SameSite=Lax${secure}`;
}

/** The payload of a JWT, without checking it (the server does). */
export function decodeToken(token: string): { exp?: number; sub?: string } | undefined {
  try {
    const part = token.split('.')[1];
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as { exp?: number; sub?: string };
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

export const session = {
  /** The access token when present and unexpired; an expired one clears the session. */
  getToken(): string | undefined {
    const token = readCookie(TOKEN_COOKIE);
    if (token && !isTokenValid(token)) {
      session.clear();
      return undefined;
    }
    return token;
  },
  getRefreshToken(): string | undefined {
    return readCookie(REFRESH_COOKIE);
  },
  setTokens(token: string, refreshToken: string): void {
    writeCookie(TOKEN_COOKIE, token);
    writeCookie(REFRESH_COOKIE, refreshToken);
    notify();
  },
  getOrganizationId(): string | undefined {
    return readCookie(ORGANIZATION_COOKIE) || undefined;
  },
  setOrganizationId(id: string | undefined): void {
    writeCookie(ORGANIZATION_COOKIE, id);
    notify();
  },
  isAuthenticated(): boolean {
    return session.getToken() !== undefined;
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
