import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/useCurrentUser';
import { errorMessage } from './errorMessage';
import { showNotice } from './notices';
import { OrganizationForm, organizationFormValues, toOrganizationInput } from './OrganizationForm';
import { useCreateOrganization, type Organization } from './useOrganizations';

/**
 * The registration form in a modal (spec section 2: side panel, call list). Contact name,
 * surname and e-mail are prefilled from the user; "Organization registered!" on success.
 */
export function RegisterOrganizationDialog({ open, onClose }: { open: boolean; onClose: (created?: Organization) => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { data: user } = useCurrentUser();
  const create = useCreateOrganization();

  const submit = async (values: Parameters<typeof toOrganizationInput>[0]) => {
    try {
      const created = await create.mutateAsync(toOrganizationInput(values));
      showNotice('success', t('organization-registered'));
      onClose(created);
    } catch (e) {
      showNotice('error', errorMessage(t, e, 'pages.admin.error-saving'));
    }
  };

  return (
    <Dialog open={open} onClose={() => onClose()} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId} component="h2" sx={{ pr: 7 }}>
        {t('pages.organizations.register-title')}
      </DialogTitle>
      <IconButton aria-label={t('app.close')} onClick={() => onClose()} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {open && user ? (
          <OrganizationForm
            headingLevel="h3"
            initial={organizationFormValues(undefined, user)}
            submitLabel={t('pages.organizations.submit')}
            onSubmit={submit}
            actions={
              <Button onClick={() => onClose()} size="large">
                {t('app.cancel')}
              </Button>
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
