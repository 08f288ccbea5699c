import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useIsAuthenticated } from '../api/useSession';

/**
 * Protected pages (spec section 2): an anonymous visitor, or one whose token has expired,
 * goes back to `/`. Wrap a group of routes (renders the Outlet) or one element.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const authenticated = useIsAuthenticated();
  if (!authenticated) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
