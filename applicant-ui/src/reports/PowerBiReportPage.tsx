import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '@impact-calls/api-client';
import { ReportEmbed } from '@impact-calls/step-views';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useOrganizations } from '../organizations/useOrganizations';
import { useApplicantReport } from './usePowerBi';

/**
 * `/powerbi-report-rls/{wid}/{rid}/{oid}`: a call's applicants' report, filtered for the
 * organization (row-level security). An organization the user does not belong to is said so
 * here, without asking the API (whose 403 would end the session, spec section 8).
 */
export default function PowerBiReportPage() {
  const { t, i18n } = useTranslation();
  const { wid = '', rid = '', oid = '' } = useParams();
  const organizations = useOrganizations();
  const organization = organizations.data?.find((o) => o.id.toLowerCase() === oid.toLowerCase());
  const report = useApplicantReport(wid, rid, oid, !!organization);

  let error: string | undefined;
  if (organizations.isSuccess && !organization) error = t('pages.admin.pbi.not-your-organization');
  else if (organizations.isError) error = t('pages.admin.pbi.error');
  else if (report.isError) {
    const key = report.error instanceof ApiError ? report.error.key : undefined;
    error =
      key && key !== 'pages.admin.pbi.error' && i18n.exists(key) ? `${t('pages.admin.pbi.error')} ${t(key)}` : t('pages.admin.pbi.error');
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        useFlexGap
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h1">{t('pages.admin.pbi.title')}</Typography>
        <Button component={RouterLink} to="/calls" startIcon={<ArrowBackIcon />}>
          {t('pages.admin.pbi.back-to-calls')}
        </Button>
      </Stack>
      {organization && (
        <Typography color="text.secondary" data-testid="pbi-organization">
          {organization.name}
        </Typography>
      )}
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : (
        <ReportEmbed
          data={report.data}
          loading={organizations.isPending || report.isPending}
          error={undefined}
          t={(key, vars) => t(key, vars ?? {})}
        />
      )}
    </Stack>
  );
}
