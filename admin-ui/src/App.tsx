/**
 * The console at /admin. Register each resource once here:
 *   import calls from './resources/calls';  ...  <Resource name="calls" {...calls} />
 * Menu tabs (calls, submissions, report, customize, impactframe) appear once their resource
 * is registered (see layout/adminTabs.tsx).
 */
import CssBaseline from '@mui/material/CssBaseline';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  NotFound,
  Notification,
  Resource,
  useBasename,
  type CatchAllComponent,
  type I18nProvider,
} from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AdminHome } from './layout/AdminHome';
import { AdminLayout } from './layout/AdminLayout';
import { theme } from './layout/theme';
import { createAuthProvider } from './providers/authProvider';
import { api, leaveConsole } from './providers/client';
import { createDataProvider } from './providers/dataProvider';
import configurations from './resources/configurations';
import organizations from './resources/organizations';
import submissions from './resources/submissions';
import { AttachmentsPage } from './resources/attachments';
import { FileUploadPage } from './resources/file-upload';
import calls, { CallSimpleEdit } from './resources/calls';
import callTypes, { CallTypeCreatePage } from './resources/call-types';
import { StepTypesPage } from './resources/steps';
import surveys, { SurveyCreateRoute, SurveyCreateTypeRoute, SurveyCreatorRoute } from './resources/surveys';
import impactFramework from './resources/impact-framework';
import messages, { CallComposer } from './resources/messages';
import messageTemplates from './resources/message-templates';
import users from './resources/users';
import audit from './resources/audit';
import { PbiReportListRoute, PowerBiReportRoute } from './resources/powerbi';
import { CallDashboardPage } from './dashboard';
import { ReportListPage, ReportPage } from './resources/reports';
import { ReviewAssignmentsRoute, ReviewCallsRoute, ReviewWorkspaceRoute } from './review-workspace';
import { ApplicationReviewPage, CallReviewPage } from './resources/reviews';

const dataProvider = createDataProvider(api);
const authProvider = createAuthProvider({ client: api, leave: leaveConsole });
const store = localStorageStore();

/** `/admin/customize` (spec section 2) is the configurations resource. */
function CustomizeRedirect() {
  return <Navigate to={`${useBasename()}/configurations`} replace />;
}

/** react-admin defaults to hash routing: the console uses real paths under /admin. */
export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<Console i18nProvider={i18nProvider} />} />
      </Routes>
    </BrowserRouter>
  );
}

/**
 * What <Admin> renders, less its login page: people sign in in the applicant app (the auth
 * provider sends anyone else there), and <Admin>'s login form would bring react-admin's form
 * and input machinery into the first load.
 */
function Console({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <AdminContext
      basename="/admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      store={store}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Impact Calls"
          layout={AdminLayout}
          dashboard={AdminHome}
          loading={LoadingPage}
          catchAll={NotFound as CatchAllComponent}
          error={ErrorPage}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          requireAuth
          disableTelemetry
        >
          <Resource name="configurations" {...configurations} />
          <Resource name="organizations" {...organizations} />
          <Resource name="users" {...users} />
          <Resource name="submissions" {...submissions} />
          <Resource name="files" />
          <Resource name="calls" {...calls} />
          <Resource name="call-types" {...callTypes} />
          <Resource name="surveys" {...surveys} />
          <Resource name="impact-framework" {...impactFramework} />
          <Resource name="messages" {...messages} />
          <Resource name="message-templates" {...messageTemplates} />
          <Resource name="call-message-settings" />
          <Resource name="pbi-reports" />
          <Resource name="audit" {...audit} />
          <CustomRoutes>
            <Route path="/customize" element={<CustomizeRedirect />} />
            <Route path="/attachments/:subId/*" element={<AttachmentsPage />} />
            <Route path="/file-upload" element={<FileUploadPage />} />
            <Route path="/calls/create/type" element={<CallTypeCreatePage />} />
            <Route path="/calls/create/survey" element={<SurveyCreateRoute />} />
            <Route path="/calls/edit/call/:callId" element={<CallSimpleEdit />} />
            <Route path="/calls/:callId/messages" element={<CallComposer />} />
            <Route path="/calls/:callId/dashboard" element={<CallDashboardPage />} />
            <Route path="/calls/:callId/review" element={<CallReviewPage />} />
            <Route path="/calls/:callId/review/:submissionId" element={<ApplicationReviewPage />} />
            <Route path="/steps" element={<StepTypesPage />} />
            <Route path="/survey/creator" element={<SurveyCreatorRoute />} />
            <Route path="/survey/createType" element={<SurveyCreateTypeRoute />} />
            <Route path="/pbi-report-list" element={<PbiReportListRoute />} />
            <Route path="/powerbi-report/:wid/:rid" element={<PowerBiReportRoute />} />
            <Route path="/report-list/:callId/:callTypeId" element={<ReportListPage />} />
            <Route path="/report/:callId/:stepId" element={<ReportPage />} />
            <Route path="/review" element={<ReviewCallsRoute />} />
            <Route path="/review/:callId" element={<ReviewAssignmentsRoute />} />
            <Route path="/review/:callId/:assignmentId" element={<ReviewWorkspaceRoute />} />
          </CustomRoutes>
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
