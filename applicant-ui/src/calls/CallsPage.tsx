import { ApiError, downloadStoredFile } from '@impact-calls/api-client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { useSelectedOrganizationId } from '../api/useSession';
import { useConfig } from '../config/useConfig';
import { usePdfDownload } from '../documents/usePdfDownload';
import { useOrganizations } from '../organizations/useOrganizations';
import { usePowerBiAvailable } from '../reports/usePowerBi';
import { CallCard, type CallCardHandlers } from './CallCard';
import type { UserCall } from './callActions';
import { RegisterOrganizationDialog } from '../organizations/RegisterOrganizationDialog';
import { useCallList, useStartSubmission } from './useCalls';

/** sessionStorage flag: the register-organization dialog opened by itself once in this session. */
const REGISTER_PROMPTED = 'ic_register_org_prompted';

function sessionFlag(set?: boolean): boolean {
  try {
    if (set) window.sessionStorage.setItem(REGISTER_PROMPTED, '1');
    return window.sessionStorage.getItem(REGISTER_PROMPTED) === '1';
  } catch {
    return false; // storage disabled: at worst it opens once per visit, as before
  }
}

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
  pdfBusyId?: string;
  reportsAvailable: boolean;
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
            <CallCard
              call={call}
              hasOrganization={rest.hasOrganization}
              busy={rest.busyId === call.id}
              pdfBusy={!!rest.pdfBusyId && rest.pdfBusyId === call.submissionId}
              reportsAvailable={rest.reportsAvailable}
              handlers={rest.handlers}
            />
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
  const pdf = usePdfDownload();
  const reportsAvailable = usePowerBiAvailable();
  const noOrganization = organizations.isSuccess && organizations.data.length === 0;
  // A user without an organization is asked once per session; after that the notice below and
  // the side panel's prompt offer it (it popped up on every visit to /calls).
  const [prompted] = useState(() => sessionFlag());
  const [registerOpen, setRegisterOpen] = useState<boolean>();
  const autoOpen = noOrganization && !prompted;
  useEffect(() => {
    if (autoOpen) sessionFlag(true);
  }, [autoOpen]);
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
    onDownloadFile: (call) => run(() => downloadStoredFile(api, call.customFile!.id, call.customFile!.name)),
    onDownloadPdf: (call) => void pdf.download(call.submissionId),
  };

  const list = calls.calls;
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
              <Button color="inherit" size="small" onClick={() => setRegisterOpen(true)}>
                {t('pages.calls.register-organization')}
              </Button>
            ) : undefined
          }
        >
          {t(noOrganization ? 'pages.calls.no-organization' : 'pages.calls.select-organization')}
        </Alert>
      )}
      {(actionError ?? pdf.error) && (
        <Alert
          severity="error"
          onClose={() => {
            setActionError(undefined);
            pdf.clearError();
          }}
          closeText={t('app.close')}
        >
          {actionError ?? pdf.error}
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
            pdfBusyId={pdf.busyId}
            reportsAvailable={reportsAvailable}
            handlers={handlers}
          />
          <CallGroup
            title={t('pages.calls.closed-calls')}
            calls={closed}
            hasOrganization={hasOrganization}
            pdfBusyId={pdf.busyId}
            reportsAvailable={reportsAvailable}
            handlers={handlers}
          />
          {calls.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Button variant="outlined" onClick={() => void calls.fetchNextPage()} disabled={calls.isFetchingNextPage}>
                {t('pages.calls.show-more')}
              </Button>
            </Box>
          )}
        </>
      )}
      <RegisterOrganizationDialog open={noOrganization && (registerOpen ?? autoOpen)} onClose={() => setRegisterOpen(false)} />
    </Stack>
  );
}
