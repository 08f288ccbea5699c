import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSelectedOrganizationId } from '../api/useSession';
import { PageLoading } from '../shell/PageLoading';
import { DeleteOrganizationDialog } from './DeleteOrganizationDialog';
import { RegisterOrganizationDialog } from './RegisterOrganizationDialog';
import { selectOrganization, useOrganizations, type Organization } from './useOrganizations';
import { mayManage } from './useTeam';

/** `/org/list`: the user's organizations, with add, members, and (owners) update and delete (after confirmation). */
export default function OrganizationListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selected = useSelectedOrganizationId();
  const { data: organizations, error, isPending } = useOrganizations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Organization | undefined>();

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h1">{t('pages.organizations.title')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('pages.organizations.add')}
        </Button>
      </Stack>
      {isPending ? (
        <PageLoading />
      ) : error ? (
        <Alert severity="error">{`${t('pages.organizations.error')}: ${error.message}`}</Alert>
      ) : organizations.length === 0 ? (
        <Alert severity="info">{t('pages.organizations.empty')}</Alert>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('pages.organizations.title')}>
          {organizations.map((o) => {
            const isSelected = o.id === selected;
            return (
              <Card
                component="li"
                key={o.id}
                variant="outlined"
                sx={{ borderColor: isSelected ? 'primary.main' : undefined, borderWidth: isSelected ? 2 : 1 }}
              >
                <CardContent>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                    <Typography variant="h2" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
                      {o.name}
                    </Typography>
                    {isSelected ? <Chip size="small" color="primary" label={t('pages.organizations.selected')} /> : null}
                    {o.role ? <Chip size="small" variant="outlined" label={t(`team.role.${o.role}`)} /> : null}
                  </Stack>
                  <Typography color="text.secondary" sx={{ mt: 1 }}>
                    {[o.reg_number, [o.street_name, o.city_name, o.country].filter(Boolean).join(', ')].join(' · ')}
                  </Typography>
                  <Typography color="text.secondary">
                    {`${o.contact_name} ${o.contact_surname} (${o.contact_role}) · ${o.contact_email}`}
                  </Typography>
                </CardContent>
                <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
                  {!isSelected ? (
                    <Button
                      variant="outlined"
                      onClick={() => selectOrganization(queryClient, o.id)}
                      aria-label={`${t('pages.organizations.select')}: ${o.name}`}
                    >
                      {t('pages.organizations.select')}
                    </Button>
                  ) : null}
                  <Button
                    component={RouterLink}
                    to={`/org/members/${o.id}`}
                    startIcon={<GroupIcon />}
                    aria-label={`${t('team-ui.members')}: ${o.name}`}
                  >
                    {t('team-ui.members')}
                  </Button>
                  {/* Only owners change or delete an organization (the API refuses the others anyway). */}
                  {mayManage(o.role) ? (
                    <>
                      <Button
                        component={RouterLink}
                        to={`/org/edit/${o.id}`}
                        startIcon={<EditIcon />}
                        aria-label={`${t('pages.organizations.edit')}: ${o.name}`}
                      >
                        {t('pages.organizations.edit')}
                      </Button>
                      <Button
                        color="error"
                        startIcon={<DeleteIcon />}
                        onClick={() => setDeleting(o)}
                        aria-label={`${t('pages.organizations.delete')}: ${o.name}`}
                      >
                        {t('pages.organizations.delete')}
                      </Button>
                    </>
                  ) : null}
                </CardActions>
              </Card>
            );
          })}
        </Stack>
      )}
      <RegisterOrganizationDialog open={adding} onClose={() => setAdding(false)} />
      <DeleteOrganizationDialog organization={deleting} onClose={() => setDeleting(undefined)} />
    </Stack>
  );
}
