import { ApiError } from '@impact-calls/api-client';
import { ORGANIZATION_ROLES, formatDateTimeWithZone, localeOf, type OrganizationRole } from '@impact-calls/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAddOutlined';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../shell/PageLoading';
import { ConfirmDialog } from './ConfirmDialog';
import { InviteDialog } from './InviteDialog';
import { showNotice } from './notices';
import { useOrganizations } from './useOrganizations';
import {
  memberName,
  teamErrorMessage,
  useChangeRole,
  useInvitations,
  useMembers,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  type Invitation,
  type Member,
} from './useTeam';

type Confirming = { kind: 'remove'; member: Member } | { kind: 'leave' } | { kind: 'revoke'; invitation: Invitation };

const LIST = { listStyle: 'none', p: 0, m: 0 } as const;

/**
 * `/org/members/:organizationId`: the organization's members and their roles. Owners change roles, remove members,
 * invite and follow the invitations; every member can leave (after confirmation). The API decides each action.
 */
export default function MembersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { organizationId = '' } = useParams();
  const { data: organizations } = useOrganizations();
  const members = useMembers(organizationId);
  const me = members.data?.find((m) => m.isMe);
  const owner = me?.role === 'owner';
  const invitations = useInvitations(organizationId, owner);
  const changeRole = useChangeRole(organizationId);
  const remove = useRemoveMember(organizationId);
  const resend = useResendInvitation(organizationId);
  const revoke = useRevokeInvitation(organizationId);
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>();
  const [actionError, setActionError] = useState<string>();
  const membersHeading = useId();
  const invitationsHeading = useId();
  const name = organizations?.find((o) => o.id === organizationId)?.name ?? '';
  const joined = (iso: string) => new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'long' }).format(new Date(iso));
  const when = (iso: string) => formatDateTimeWithZone(iso, i18n.language);

  const back = (
    <div>
      <Button component={RouterLink} to="/org/list" startIcon={<ArrowBackIcon />}>
        {t('team-ui.back')}
      </Button>
    </div>
  );
  if (members.isPending) return <PageLoading />;
  if (members.error) {
    const missing = members.error instanceof ApiError && [400, 404].includes(members.error.status);
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h1">{t('team-ui.members')}</Typography>
        <Alert severity="error" role="alert">
          {missing ? t('team-ui.not-found') : teamErrorMessage(t, members.error, 'team-ui.load-error')}
        </Alert>
      </Stack>
    );
  }

  /** Runs an action, showing its refusal's text (a 409 errors.team.last-owner, ...) above the lists. */
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setActionError(undefined);
    try {
      await work();
      if (done) showNotice('success', done);
    } catch (e) {
      setActionError(teamErrorMessage(t, e));
    }
  };

  const onRole = (m: Member, role: OrganizationRole) =>
    act(
      () => changeRole.mutateAsync({ userId: m.userId, role }),
      t('team-ui.role-changed', { name: memberName(m), role: t(`team.role.${role}`) }),
    );

  const confirmation = (() => {
    if (!confirming) return undefined;
    if (confirming.kind === 'remove') {
      const who = memberName(confirming.member);
      return {
        title: t('team-ui.remove-title', { name: who }),
        text: t('team-ui.remove-text', { name: who }),
        confirmLabel: t('team-ui.remove'),
        onConfirm: async () => {
          await remove.mutateAsync({ userId: confirming.member.userId, isMe: false });
          showNotice('success', t('team-ui.removed', { name: who }));
        },
      };
    }
    if (confirming.kind === 'leave') {
      return {
        title: t('team-ui.leave-title', { name }),
        text: t('team-ui.leave-text'),
        confirmLabel: t('team-ui.leave'),
        onConfirm: async () => {
          await remove.mutateAsync({ userId: me!.userId, isMe: true });
          showNotice('success', t('team-ui.left', { name }));
          void navigate('/org/list');
        },
      };
    }
    const email = confirming.invitation.email;
    return {
      title: t('team-ui.revoke-title'),
      text: t('team-ui.revoke-text', { email }),
      confirmLabel: t('team-ui.revoke'),
      onConfirm: async () => {
        await revoke.mutateAsync(confirming.invitation.id);
        showNotice('success', t('team-ui.revoked', { email }));
      },
    };
  })();

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      {back}
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {name ? t('team-ui.members-of', { name }) : t('team-ui.members')}
      </Typography>
      {me && (
        <Alert severity="info" role="note">
          {t(`team-ui.role-note.${me.role}`)}
        </Alert>
      )}
      {actionError && (
        <Alert severity="error" role="alert" onClose={() => setActionError(undefined)}>
          {actionError}
        </Alert>
      )}

      <Box component="section" aria-labelledby={membersHeading}>
        <Typography variant="h2" id={membersHeading} sx={{ fontSize: '1.35rem', mb: 1.5 }}>
          {t('team-ui.members')}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={LIST}>
          {members.data.map((m) => {
            const who = memberName(m);
            return (
              <Paper component="li" key={m.userId} variant="outlined" sx={{ p: 2 }} data-testid="member">
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {who}
                      {m.isMe ? ` ${t('team-ui.you')}` : ''}
                    </Typography>
                    {who !== m.email && (
                      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {m.email}
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary">
                      {t('team-ui.joined', { date: joined(m.joinedAt) })}
                    </Typography>
                  </Box>
                  {owner ? (
                    <TextField
                      id={`role-${m.userId}`}
                      select
                      size="small"
                      label={t('team-ui.role-of', { name: who })}
                      value={m.role}
                      disabled={changeRole.isPending}
                      onChange={(e) => void onRole(m, e.target.value as OrganizationRole)}
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                      sx={{ minWidth: 180 }}
                    >
                      {ORGANIZATION_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`team.role.${r}`)}
                        </option>
                      ))}
                    </TextField>
                  ) : (
                    <Chip label={t(`team.role.${m.role}`)} variant="outlined" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
                  )}
                  {owner && !m.isMe && (
                    <Button
                      color="error"
                      startIcon={<PersonRemoveIcon />}
                      onClick={() => setConfirming({ kind: 'remove', member: m })}
                      aria-label={t('team-ui.remove-named', { name: who })}
                      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    >
                      {t('team-ui.remove')}
                    </Button>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      </Box>

      {owner && (
        <Box component="section" aria-labelledby={invitationsHeading}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
          >
            <Typography variant="h2" id={invitationsHeading} sx={{ fontSize: '1.35rem' }}>
              {t('team-ui.invitations')}
            </Typography>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
              {t('team-ui.invite')}
            </Button>
          </Stack>
          {invitations.isPending ? (
            <PageLoading />
          ) : invitations.error ? (
            <Alert severity="error">{teamErrorMessage(t, invitations.error, 'team-ui.load-error')}</Alert>
          ) : invitations.data.length === 0 ? (
            <Typography color="text.secondary">{t('team-ui.invitations-empty')}</Typography>
          ) : (
            <Stack component="ul" spacing={1.5} sx={LIST}>
              {invitations.data.map((i) => (
                <Paper component="li" key={i.id} variant="outlined" sx={{ p: 2 }} data-testid="invitation">
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{i.email}</Typography>
                        <Chip size="small" variant="outlined" label={t(`team.role.${i.role}`)} />
                        {i.state === 'expired' && <Chip size="small" color="warning" label={t('team-ui.state.expired')} />}
                      </Stack>
                      <Typography variant="body2" color="text.secondary">
                        {i.state === 'expired'
                          ? t('team-ui.expired-on', { date: when(i.expiresAt) })
                          : t('team-ui.expires', { date: when(i.expiresAt) })}
                        {' · '}
                        {t('team-ui.invited-by', { name: i.invitedByName })}
                      </Typography>
                    </Box>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                      <Button
                        onClick={() => void act(() => resend.mutateAsync(i.id), t('team-ui.resent', { email: i.email }))}
                        disabled={resend.isPending}
                        aria-label={t('team-ui.resend-named', { email: i.email })}
                      >
                        {t('team-ui.resend')}
                      </Button>
                      <Button
                        color="error"
                        onClick={() => setConfirming({ kind: 'revoke', invitation: i })}
                        aria-label={t('team-ui.revoke-named', { email: i.email })}
                      >
                        {t('team-ui.revoke')}
                      </Button>
                    </Stack>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
          <InviteDialog organizationId={organizationId} open={inviting} onClose={() => setInviting(false)} />
        </Box>
      )}

      {me && (
        <div>
          <Button variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={() => setConfirming({ kind: 'leave' })}>
            {t('team-ui.leave')}
          </Button>
        </div>
      )}
      {confirmation && <ConfirmDialog open {...confirmation} onClose={() => setConfirming(undefined)} />}
    </Stack>
  );
}
