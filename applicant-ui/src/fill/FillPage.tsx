import { ApiError } from '@impact-calls/api-client';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useActingMayWrite } from '../organizations/useTeam';
import { PageLoading } from '../shell/PageLoading';
import { ClosingPage } from './ClosingPage';
import { Fill } from './Fill';
import { resumePosition } from './resume';
import { positionPath } from './useFillNavigation';
import { useSubmission } from './useSubmission';

/**
 * The fill screen of /call/:submissionId/*: loads the submission and sends it where it
 * belongs — a closed one to its closing page (`done`; step 0 read-only with
 * ?readonly=true), an open one away from `done`, and without a step (Resume) to where the
 * applicant left it (resume.ts) — then the steps (Fill). A viewer of the acting organization
 * always gets the read-only view (as with ?readonly=true).
 */
export default function FillPage() {
  const { submissionId = '', '*': splat = '' } = useParams();
  const [search] = useSearchParams();
  const { data: submission, isLoading, error } = useSubmission(submissionId);
  const { t } = useTranslation();
  const mayWrite = useActingMayWrite();
  if (isLoading) return <PageLoading />;
  if (error || !submission) {
    return (
      <Alert severity="error" role="alert">
        {t(error instanceof ApiError ? error.key : 'fill.load-error')}
      </Alert>
    );
  }
  const readonlyParam = search.get('readonly') === 'true' || !mayWrite;
  if (submission.closed && splat === '' && !readonlyParam) return <Navigate to={`/call/${submission.id}/done`} replace />;
  if (splat === 'done') {
    if (!submission.closed) return <Navigate to={`/call/${submission.id}`} replace />;
    return <ClosingPage submission={submission} />;
  }
  if (submission.steps.length === 0) return <Alert severity="info">{t('fill.no-steps')}</Alert>;
  if (splat === '' && !readonlyParam) {
    const resume = resumePosition(submission);
    if (resume.step > 0 || resume.sub > 0) return <Navigate to={positionPath(submission.id, resume)} replace />;
  }
  return <Fill submission={submission} splat={splat} readonlyParam={readonlyParam} />;
}
