import { session, unwrap, type ApiClient, type Schemas } from '@impact-calls/api-client';
import type { AuthProvider } from 'react-admin';

export type CurrentUser = Schemas['UserDto'];

export interface Permissions {
  isAdmin: boolean;
  canCustomize: boolean;
  /** A reviewer who is not an administrator: the console shows only the review workspace (absent otherwise). */
  reviewerOnly?: true;
}

/** The identity provider's role that makes a user a reviewer even before any assignment. */
export const REVIEWER_ROLE = 'reviewer';

/** Holds the reviewer role (case-insensitive, as the API reads `admin`). */
export function hasReviewerRole(me: Pick<CurrentUser, 'roles'>): boolean {
  return (me.roles ?? []).some((r) => r.toLowerCase() === REVIEWER_ROLE);
}

/** Resources (and pages) that only users who may customize the branding reach. */
export const CUSTOMIZE_RESOURCES = new Set(['configurations', 'customize']);

interface AuthProviderOptions {
  client: ApiClient;
  /** Leaves the console for the applicant app (full page navigation to `/`), or to `url`. */
  leave: (url?: string) => void;
  isAuthenticated?: () => boolean;
  clearSession?: () => void;
}

/**
 * The console's auth: the applicant app's session (same cookies); administrators and
 * reviewers stay, anyone else is sent to `/` (spec section 6). A reviewer who is not an
 * administrator gets the review workspace only (`reviewerOnly`, see layout/AdminLayout).
 * Identity and permissions come from GET /api/User, read once per page load; a reviewer is
 * one holding the reviewer role or reviewing some call (GET /api/reviews/calls non-empty).
 */
export function createAuthProvider({
  client,
  leave,
  isAuthenticated = session.isAuthenticated,
  clearSession = session.clear,
}: AuthProviderOptions): AuthProvider {
  let user: Promise<CurrentUser> | undefined;
  /** Set once the console sends this page away (not signed in, not an administrator). */
  let leaving = false;
  const currentUser = (): Promise<CurrentUser> =>
    !isAuthenticated()
      ? Promise.reject(new Error('not signed in'))
      : (user ??= unwrap(client.GET('/api/User')).catch((e: unknown) => {
          user = undefined;
          throw e;
        }));
  let reviewer: Promise<boolean> | undefined;
  /** Asked of non-administrators only: the role answers without a request. */
  const isReviewer = (me: CurrentUser): Promise<boolean> =>
    hasReviewerRole(me)
      ? Promise.resolve(true)
      : (reviewer ??= unwrap(client.GET('/api/reviews/calls')).then(
          (calls) => Array.isArray(calls) && calls.length > 0,
          (e: unknown) => {
            reviewer = undefined;
            throw e;
          },
        ));
  // Rejections react-admin follows without its own redirect or notification: we leave the SPA.
  const refuse = () => {
    leaving = true;
    leave();
    return Promise.reject({ redirectTo: false, logoutUser: false, message: false });
  };

  return {
    // Sign-in happens in the applicant app (through the identity provider).
    login: () => refuse(),
    // Signing out ends the session on the server, then goes through the provider's
    // end-session endpoint (with id_token_hint) as the applicant app does.
    logout: async () => {
      user = undefined;
      reviewer = undefined;
      // react-admin logs out after any refused checkAuth: a signed-in user who may not use the
      // console is sent to `/` still signed in (spec section 6), so the session stays then.
      if (leaving) return false;
      let target: string | undefined;
      if (isAuthenticated()) {
        try {
          target = (await unwrap(client.POST('/api/Jwt/logout'))).endSessionUrl ?? undefined;
        } catch {
          target = undefined;
        }
      }
      clearSession();
      leave(target);
      return false;
    },
    async checkAuth() {
      if (!isAuthenticated()) return refuse();
      let me: CurrentUser;
      try {
        me = await currentUser();
      } catch {
        return refuse();
      }
      if (me.isAdmin) return;
      // Not knowing (the API failing) counts as not a reviewer, as a failed GET /api/User does.
      const reviews = await isReviewer(me).catch(() => false);
      if (!reviews) return refuse();
    },
    // A 403 never signs out: a reviewer's console makes no administrator call, and a stray one
    // (or an administrator's call on a resource they may not use) must not end the session.
    async checkError(error: { status?: number }) {
      if (error?.status === 401 || error?.status === 498) {
        user = undefined;
        reviewer = undefined;
        clearSession();
        return refuse();
      }
    },
    async getIdentity() {
      const me = await currentUser();
      const fullName = `${me.firstName} ${me.lastName}`.trim() || me.email;
      return { id: me.id, fullName };
    },
    async getPermissions(): Promise<Permissions> {
      const me = await currentUser();
      if (!me.isAdmin && (await isReviewer(me).catch(() => false))) return { isAdmin: false, canCustomize: false, reviewerOnly: true };
      return { isAdmin: me.isAdmin, canCustomize: me.canCustomize };
    },
    async canAccess({ resource }) {
      const me = await currentUser();
      // A reviewer who is not an administrator reaches no react-admin resource (their screens are custom routes).
      if (!me.isAdmin) return false;
      return CUSTOMIZE_RESOURCES.has(resource) ? me.canCustomize : true;
    },
  };
}
