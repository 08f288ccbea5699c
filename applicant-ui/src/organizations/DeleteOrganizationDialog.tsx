import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from './notices';
import { useDeleteOrganization, type Organization } from './useOrganizations';

/** Deleting an organization, after confirmation (spec sections 2 and 6). */
export function DeleteOrganizationDialog({ organization, onClose }: { organization: Organization | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const remove = useDeleteOrganization();
  const confirm = async () => {
    if (!organization) return;
    try {
      await remove.mutateAsync(organization.id);
      showNotice('success', t('message-organization-deleted-successfully'));
    } catch (e) {
      console.error('Organization deletion failed', e);
      showNotice('error', t('message-error-deletion'));
    }
    onClose();
  };
  return (
    <Dialog open={!!organization} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('pages.organizations.delete-confirm-title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('pages.organizations.delete-confirm', { name: organization?.name ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('app.cancel')}
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={remove.isPending}>
          {t('pages.organizations.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
