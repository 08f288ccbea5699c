import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/useCurrentUser';
import { PageLoading } from '../shell/PageLoading';
import { errorMessage } from './errorMessage';
import { showNotice } from './notices';
import { OrganizationForm, organizationFormValues, toOrganizationInput } from './OrganizationForm';
import { useCreateOrganization } from './useOrganizations';

/** `/register-org`: organization registration; then back to the calls with "Organization registered!". */
export default function RegisterOrganizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const create = useCreateOrganization();
  if (!user) return <PageLoading />;
  return (
    <Stack spacing={3} sx={{ maxWidth: 840 }}>
      <Typography variant="h1">{t('pages.organizations.register-title')}</Typography>
      <Typography color="text.secondary">{t('pages.organizations.register-intro')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <OrganizationForm
          initial={organizationFormValues(undefined, user)}
          submitLabel={t('pages.organizations.submit')}
          onSubmit={async (values) => {
            try {
              await create.mutateAsync(toOrganizationInput(values));
              showNotice('success', t('organization-registered'));
              void navigate('/calls');
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
