/**
 * The route table of the applicant app (spec section 2). Feature screens are lazy imports
 * so the landing page stays small; add yours with a one-line `lazy(...)` and a `<Route>`.
 *
 *   /                                    landing (shell)
 *   /login-callback, /logout-callback    identity (public)
 *   /calls                               calls (protected)
 *   /register-org, /org/list, /org/edit/:organizationId   identity (protected)
 *   /org/members/:organizationId         the organization's members and invitations (protected)
 *   /invitation/:token                   an invitation (signs in first, then comes back)
 *   /call/:submissionId/*                fill (protected; ?readonly=true)
 *   /powerbi-report-rls/:wid/:rid/:oid   reports (protected)
 *   /sessions                            the user's sessions (protected)
 *   /privacy                             consents and data downloads (protected)
 *   *                                    not found
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { ResumeInvitation } from '../invitations/ResumeInvitation';
import { LandingPage } from '../landing/LandingPage';
import { Layout } from '../shell/Layout';
import { NotFoundPage } from '../shell/NotFoundPage';

// Lazy feature screens (default exports), e.g.:
// const CallsPage = lazy(() => import('../calls/CallsPage'));
const LoginCallbackPage = lazy(() => import('../auth/LoginCallbackPage'));
const LogoutCallbackPage = lazy(() => import('../auth/LogoutCallbackPage'));
const RegisterOrganizationPage = lazy(() => import('../organizations/RegisterOrganizationPage'));
const OrganizationListPage = lazy(() => import('../organizations/OrganizationListPage'));
const EditOrganizationPage = lazy(() => import('../organizations/EditOrganizationPage'));
const MembersPage = lazy(() => import('../organizations/MembersPage'));
const InvitationPage = lazy(() => import('../invitations/InvitationPage'));
const CallsPage = lazy(() => import('../calls/CallsPage'));
const FillPage = lazy(() => import('../fill/FillPage'));
const SessionsPage = lazy(() => import('../sessions/SessionsPage'));
const PowerBiReportPage = lazy(() => import('../reports/PowerBiReportPage'));
const PrivacyPage = lazy(() => import('../privacy/PrivacyPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        {/* Public routes: /login-callback, /logout-callback */}
        <Route path="login-callback" element={<LoginCallbackPage />} />
        <Route path="logout-callback" element={<LogoutCallbackPage />} />
        {/* Public so that a visitor's link is kept while they sign in; the page asks for the sign-in itself. */}
        <Route path="invitation/:token" element={<InvitationPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<ResumeInvitation />}>
            {/* Protected routes: /calls, /register-org, /org/list, /org/edit/:organizationId, /call/:submissionId/*, /powerbi-report-rls/:wid/:rid/:oid */}
            <Route path="calls" element={<CallsPage />} />
            <Route path="register-org" element={<RegisterOrganizationPage />} />
            <Route path="org/list" element={<OrganizationListPage />} />
            <Route path="org/edit/:organizationId" element={<EditOrganizationPage />} />
            <Route path="org/members/:organizationId" element={<MembersPage />} />
            <Route path="call/:submissionId/*" element={<FillPage />} />
            <Route path="sessions" element={<SessionsPage />} />
            <Route path="privacy" element={<PrivacyPage />} />
            <Route path="powerbi-report-rls/:wid/:rid/:oid" element={<PowerBiReportPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
