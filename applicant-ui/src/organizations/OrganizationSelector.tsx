import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSelectedOrganizationId } from '../api/useSession';
import { selectOrganization, type Organization } from './useOrganizations';

/** The organization the user acts for: a native select (every browser and screen reader knows it). */
export function OrganizationSelector({ organizations }: { organizations: Organization[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selected = useSelectedOrganizationId();
  return (
    <TextField
      select
      fullWidth
      size="small"
      id="organization-selector"
      label={t('pages.organizations.selector-label')}
      value={selected && organizations.some((o) => o.id === selected) ? selected : ''}
      onChange={(e) => selectOrganization(queryClient, e.target.value || undefined)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {organizations.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </TextField>
  );
}

/** With organization selection off, the (first) organization is shown, not offered for change. */
export function OrganizationName({ organization }: { organization: Organization | undefined }) {
  const { t } = useTranslation();
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('pages.organizations.selector-label')}
      </Typography>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{organization?.name}</Typography>
    </div>
  );
}
