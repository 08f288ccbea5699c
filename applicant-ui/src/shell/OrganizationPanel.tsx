import AddIcon from '@mui/icons-material/Add';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSelectedOrganizationId } from '../api/useSession';
import { useConfig } from '../config/useConfig';
import { NoticeHost } from '../organizations/notices';
import { OrganizationName, OrganizationSelector } from '../organizations/OrganizationSelector';
import { RegisterOrganizationDialog } from '../organizations/RegisterOrganizationDialog';
import { useAutoSelectOrganization, useOrganizations } from '../organizations/useOrganizations';

/**
 * The side panel of a signed-in user (spec section 2): the organization selector, or a
 * prompt to register one when the user has none; 'add organization' only when the
 * configuration's organizationSelection is on. The registration form opens in a modal.
 * The first organization is selected automatically when none is stored.
 */
export function OrganizationPanel() {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const { data: organizations, error, isPending } = useOrganizations();
  const selected = useSelectedOrganizationId();
  const [registering, setRegistering] = useState(false);
  useAutoSelectOrganization(organizations);
  const selection = config?.organizationSelection ?? true;

  let body;
  if (isPending) {
    body = <Skeleton variant="rounded" height={40} />;
  } else if (error) {
    body = <Alert severity="error">{`${t('pages.organizations.error')}: ${error.message}`}</Alert>;
  } else if (organizations.length === 0) {
    body = (
      <Stack spacing={1.5}>
        <Typography>{t('pages.organizations.register-prompt')}</Typography>
        <Button variant="contained" startIcon={<BusinessIcon />} onClick={() => setRegistering(true)}>
          {t('pages.organizations.register')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={1.5}>
        {selection ? (
          <OrganizationSelector organizations={organizations} />
        ) : (
          <OrganizationName organization={organizations.find((o) => o.id === selected) ?? organizations[0]} />
        )}
        {selection ? (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setRegistering(true)}>
            {t('pages.organizations.add')}
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <Box sx={{ p: 2.5 }}>
      <Box sx={{ mt: 1 }}>{body}</Box>
      <Divider sx={{ my: 2.5 }} />
      <Stack spacing={0.5}>
        <Button component={RouterLink} to="/calls" sx={{ justifyContent: 'flex-start' }}>
          {t('user-menu.back-to-calls')}
        </Button>
        <Button component={RouterLink} to="/org/list" sx={{ justifyContent: 'flex-start' }}>
          {t('user-menu.your-organizations')}
        </Button>
        {selected && organizations?.some((o) => o.id === selected) ? (
          <Button component={RouterLink} to={`/org/members/${selected}`} sx={{ justifyContent: 'flex-start' }}>
            {t('team-ui.menu-members')}
          </Button>
        ) : null}
      </Stack>
      <RegisterOrganizationDialog open={registering} onClose={() => setRegistering(false)} />
      <NoticeHost />
    </Box>
  );
}
