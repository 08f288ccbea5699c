import { ApiError } from '@impact-calls/api-client';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../shell/PageLoading';
import { errorMessage } from './errorMessage';
import { showNotice } from './notices';
import { OrganizationForm, organizationFormValues, toOrganizationInput } from './OrganizationForm';
import { useOrganization, useUpdateOrganization } from './useOrganizations';
import { mayManage } from './useTeam';

/** `/org/edit/:organizationId`: the same rules as registration; Update disabled until they are met. */
export default function EditOrganizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organizationId } = useParams();
  const { data: organization, error, isPending } = useOrganization(organizationId);
  const update = useUpdateOrganization();

  if (isPending) return <PageLoading />;
  if (error || !organization) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <Stack spacing={2} sx={{ maxWidth: 840 }}>
        <Typography variant="h1">{t('pages.organizations.edit-title')}</Typography>
        <Alert severity="error">
          {notFound ? t('pages.organizations.not-found') : `${t('pages.organizations.error')}: ${error?.message ?? ''}`}
        </Alert>
        <div>
          <Button component={RouterLink} to="/org/list" variant="outlined">
            {t('user-menu.your-organizations')}
          </Button>
        </div>
      </Stack>
    );
  }

  const members = (
    <div>
      <Button component={RouterLink} to={`/org/members/${organization.id}`} startIcon={<GroupIcon />} variant="outlined">
        {t('team-ui.members')}
      </Button>
    </div>
  );
  // Only owners change an organization: the others see who they are and its members.
  if (!mayManage(organization.role)) {
    return (
      <Stack spacing={3} sx={{ maxWidth: 840 }}>
        <Typography variant="h1">{t('pages.organizations.edit-title')}</Typography>
        <Typography variant="h2" sx={{ fontSize: '1.35rem' }}>
          {organization.name}
        </Typography>
        <Alert severity="info" role="note">
          {t('errors.team.owners-only')}
        </Alert>
        {members}
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 840 }}>
      <Typography variant="h1">{t('pages.organizations.edit-title')}</Typography>
      <Typography variant="h2" sx={{ fontSize: '1.35rem' }}>
        {organization.name}
      </Typography>
      {members}
      {(organization.sentApplications ?? 0) > 0 && (
        <Alert severity="info">{t('pages.organizations.sent-keep-data', { count: organization.sentApplications })}</Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <OrganizationForm
          key={`${organization.id}-${organization.version}`}
          initial={organizationFormValues(organization)}
          submitLabel={t('pages.organizations.update')}
          onSubmit={async (values) => {
            try {
              await update.mutateAsync({ ...toOrganizationInput(values), id: organization.id, version: organization.version });
              showNotice('success', t('updated-succesfully'));
              void navigate('/org/list');
            } catch (e) {
              showNotice('error', errorMessage(t, e, 'pages.admin.error-saving'));
            }
          }}
          actions={
            <Button component={RouterLink} to="/org/list" size="large">
              {t('app.cancel')}
            </Button>
          }
        />
      </Paper>
    </Stack>
  );
}
