import { ApiError } from '@impact-calls/api-client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { useSelectedOrganizationId } from '../api/useSession';
import { useConfig } from '../config/useConfig';
import { downloadFile } from '../fill/fillApi';
import { useOrganizations } from '../organizations/useOrganizations';
import { CallCard, type CallCardHandlers } from './CallCard';
import type { UserCall } from './callActions';
import { RegisterOrganizationDialog } from '../organizations/RegisterOrganizationDialog';
import { useCallList, useStartSubmission } from './useCalls';

/** The message of an API error in the user's language (the key when the catalogs know it). */
function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ApiError && i18n.exists(error.key)) return t(error.key);
    return t('pages.calls.error-action');
  };
}

function CallGroup({
  title,
  calls,
  ...rest
}: {
  title: string;
  calls: UserCall[];
  hasOrganization: boolean;
  busyId?: string;
  handlers: CallCardHandlers;
}) {
  if (calls.length === 0) return null;
  const id = `calls-${title.replace(/\W+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {calls.map((call) => (
          <li key={call.id}>
            <CallCard call={call} hasOrganization={rest.hasOrganization} busy={rest.busyId === call.id} handlers={rest.handlers} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * `/calls`: open calls first, then closed ones, each by name (the API answers them in that
 * order, empty names already hidden). Buttons work only with an organization selected; a
 * user without any organization is asked to register one.
 */
export default function CallsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const organizationId = useSelectedOrganizationId();
  const { data: config } = useConfig();
  const calls = useCallList();
  const organizations = useOrganizations();
  const start = useStartSubmission();
  const [actionError, setActionError] = useState<string>();
  const [registerDismissed, setRegisterDismissed] = useState(false);
  const noOrganization = organizations.isSuccess && organizations.data.length === 0;
  const hasOrganization = !!organizationId && !noOrganization;

  const run = (work: () => Promise<unknown>) => {
    setActionError(undefined);
    work().catch((e: unknown) => setActionError(errorText(e)));
  };

  const handlers: CallCardHandlers = {
    onStart: (call) =>
      run(async () => {
        const submission = await start.mutateAsync(call.id);
        await navigate(`/call/${submission.id}`);
      }),
    onResume: (call) => void navigate(`/call/${call.submissionId}`),
    onViewRecap: (call) => void navigate(`/call/${call.submissionId}?readonly=true`),
    onViewReport: (call) =>
      void navigate(`/powerbi-report-rls/${call.userPowerBIWorkspaceID}/${call.userPowerBIReportID}/${organizationId}`),
    onDownloadFile: (call) => run(() => downloadFile(api, call.customFile!.id, call.customFile!.name)),
    // The closing page of a submitted application offers its PDF.
    onDownloadPdf: (call) => void navigate(`/call/${call.submissionId}?readonly=true`),
  };

  const list = calls.data ?? [];
  const open = list.filter((c) => c.status === 'open');
  const closed = list.filter((c) => c.status !== 'open');

  return (
    <Stack spacing={4}>
      <Typography variant="h1">{config?.listName?.trim() || t('pages.calls.title')}</Typography>
      {!hasOrganization && organizations.isSuccess && (
        <Alert
          severity="info"
          action={
            noOrganization ? (
              <Button color="inherit" size="small" onClick={() => setRegisterDismissed(false)}>
                {t('pages.calls.register-organization')}
              </Button>
            ) : undefined
          }
        >
          {t(noOrganization ? 'pages.calls.no-organization' : 'pages.calls.select-organization')}
        </Alert>
      )}
      {actionError && (
        <Alert severity="error" onClose={() => setActionError(undefined)}>
          {actionError}
        </Alert>
      )}
      {calls.isPending ? (
        <Stack spacing={2} aria-busy="true" aria-label={t('app.loading')}>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={180} />
        </Stack>
      ) : calls.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void calls.refetch()}>
              {t('pages.calls.retry')}
            </Button>
          }
        >
          {errorText(calls.error)}
        </Alert>
      ) : list.length === 0 ? (
        <Typography color="text.secondary">{t('pages.calls.empty')}</Typography>
      ) : (
        <>
          <CallGroup
            title={t('pages.calls.open-calls')}
            calls={open}
            hasOrganization={hasOrganization}
            busyId={start.isPending ? start.variables : undefined}
            handlers={handlers}
          />
          <CallGroup title={t('pages.calls.closed-calls')} calls={closed} hasOrganization={hasOrganization} handlers={handlers} />
        </>
      )}
      <RegisterOrganizationDialog open={noOrganization && !registerDismissed} onClose={() => setRegisterDismissed(true)} />
    </Stack>
  );
}
