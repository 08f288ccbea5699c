import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { pendingInvitation } from './pendingInvitation';

/**
 * Around the signed-in pages: a visitor who opened an invitation link before signing in is
 * brought back to it once signed in (the sign-in itself always lands on /calls).
 */
export function ResumeInvitation() {
  const [token] = useState(() => pendingInvitation());
  if (token) return <Navigate to={`/invitation/${encodeURIComponent(token)}`} replace />;
  return <Outlet />;
}
