import { unwrap } from '@impact-calls/api-client';
import { formatDateTimeWithZone } from '@impact-calls/domain';
import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { api } from '../api/client';
import { useIsAuthenticated } from '../api/useSession';
import { SignInButtons } from '../auth/SignInButtons';
import { showNotice } from '../organizations/notices';
import { organizationsQueryKey, selectOrganization } from '../organizations/useOrganizations';
import { teamErrorMessage } from '../organizations/useTeam';
import { PageLoading } from '../shell/PageLoading';
import { forgetPendingInvitation, rememberInvitation } from './pendingInvitation';

const invitationKey = (token: string) => ['invitation', token] as const;

/**
 * `/invitation/:token`, the link of an invitation e-mail. A visitor signs in (or registers) first and comes back here
 * (pendingInvitation.ts); a signed-in user sees who invites them where and in which role, and joins: that organization
 * becomes the acting one and the calls open. An invitation that cannot be used says why, with a way home.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const authenticated = useIsAuthenticated();
  useEffect(() => {
    if (authenticated) forgetPendingInvitation();
    else if (token) rememberInvitation(token);
  }, [authenticated, token]);
  return authenticated ? <InvitationDetails token={token} /> : <SignInFirst />;
}

function SignInFirst() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640, py: { xs: 1, sm: 3 } }}>
      <Typography variant="h1">{t('team-ui.invitation.sign-in-title')}</Typography>
      <Typography>{t('team-ui.invitation.sign-in-text')}</Typography>
      <SignInButtons variant="page" size="large" />
    </Stack>
  );
}

/** Why an invitation cannot be used (its key's text), and the way home. */
function Unavailable({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640, py: { xs: 1, sm: 3 } }}>
      <Typography variant="h1">{t('team-ui.invitation.unavailable')}</Typography>
      <Alert severity="warning" role="alert">
        {message}
      </Alert>
      <div>
        <Button component={RouterLink} to="/" variant="contained">
          {t('app.go-home')}
        </Button>
      </div>
    </Stack>
  );
}

function InvitationDetails({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [joinError, setJoinError] = useState<string>();
  const invitation = useQuery({
    queryKey: invitationKey(token),
    queryFn: () => unwrap(api.GET('/api/invitations/{token}', { params: { path: { token } } })),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => unwrap(api.POST('/api/invitations/{token}/accept', { params: { path: { token } } })),
  });

  if (invitation.isPending) return <PageLoading />;
  if (invitation.error) return <Unavailable message={teamErrorMessage(t, invitation.error, 'team-ui.invitation.load-error')} />;
  const i = invitation.data;
  if (i.state !== 'pending') return <Unavailable message={t(`errors.team.invitation-${i.state}`)} />;
  if (!i.forMe) return <Unavailable message={t('errors.team.invitation-foreign', { email: i.email })} />;

  const organization = i.organizationName;
  const join = async () => {
    setJoinError(undefined);
    try {
      const joined = await accept.mutateAsync();
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true });
      selectOrganization(queryClient, joined.organizationId);
      showNotice('success', t('team-ui.invitation.joined', { organization }));
      void navigate('/calls', { replace: true });
    } catch (e) {
      setJoinError(teamErrorMessage(t, e));
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 640, py: { xs: 1, sm: 3 } }}>
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {t('team-ui.invitation.heading', { organization })}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={1}>
          <Typography>{t('team-ui.invitation.text', { name: i.invitedByName, organization, role: t(`team.role.${i.role}`) })}</Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('team-ui.invitation.sent-to', { email: i.email })}
          </Typography>
          <Typography color="text.secondary">
            {t('team-ui.invitation.expires', { date: formatDateTimeWithZone(i.expiresAt, i18n.language) })}
          </Typography>
        </Stack>
      </Paper>
      {joinError && (
        <Alert severity="error" role="alert">
          {joinError}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" size="large" startIcon={<GroupAddIcon />} onClick={() => void join()} disabled={accept.isPending}>
          {t('team-ui.invitation.join', { organization })}
        </Button>
        <Button component={RouterLink} to="/calls" size="large">
          {t('team-ui.invitation.not-now')}
        </Button>
      </Stack>
    </Stack>
  );
}
