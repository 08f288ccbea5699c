import ComputerIcon from '@mui/icons-material/ComputerOutlined';
import LogoutIcon from '@mui/icons-material/LogoutOutlined';
import PhoneIcon from '@mui/icons-material/PhoneAndroidOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../auth/signIn';
import { showNotice } from '../organizations/notices';
import { PageLoading } from '../shell/PageLoading';
import { deviceOf, formatDateTimeWithZone } from '@impact-calls/domain';
import { useEndAllSessions, useEndSession, useSessions, type Session } from './useSessions';

/**
 * `/sessions`: the devices where the user is signed in, from the user menu. Each can
 * be signed out (its tokens stop working at once, on every server); "sign out everywhere else"
 * keeps this device; "sign out everywhere" ends them all, this one included, and leaves.
 */
export default function SessionsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: sessions, error, isPending } = useSessions();
  const end = useEndSession();
  const endAll = useEndAllSessions();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const textId = useId();
  // In the browser's time zone, named, as every date of the app.
  const date = (iso: string) => formatDateTimeWithZone(iso, i18n.language);
  const others = (sessions ?? []).filter((s) => !s.current);

  const describe = (s: Session) => {
    const d = deviceOf(s.userAgent);
    if (d.browser && d.system) return t('pages.sessions.device', { browser: d.browser, system: d.system });
    return d.browser ?? d.system ?? t('pages.sessions.unknown-device');
  };
  const failed = () => showNotice('error', t('pages.sessions.error-ending'));
  const signOutOthers = async () => {
    try {
      await endAll.mutateAsync(true);
      showNotice('success', t('pages.sessions.others-signed-out'));
    } catch {
      failed();
    }
  };
  const signOutEverywhere = async () => {
    setConfirming(false);
    try {
      await endAll.mutateAsync(false);
    } catch {
      failed();
      return;
    }
    // This session is over too: leave through the provider's sign-out.
    await logout(queryClient, i18n.language);
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h1">{t('pages.sessions.title')}</Typography>
        <Typography color="text.secondary">{t('pages.sessions.intro')}</Typography>
      </Stack>
      {isPending ? (
        <PageLoading />
      ) : error ? (
        <Alert severity="error">{t('pages.sessions.error')}</Alert>
      ) : (
        <>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('pages.sessions.title')}>
            {sessions.map((s) => {
              const name = describe(s);
              const Icon = deviceOf(s.userAgent).phone ? PhoneIcon : ComputerIcon;
              return (
                <Card
                  component="li"
                  key={s.id}
                  variant="outlined"
                  sx={{ borderColor: s.current ? 'primary.main' : undefined, borderWidth: s.current ? 2 : 1 }}
                >
                  <CardContent>
                    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                      <Icon aria-hidden color="action" />
                      <Typography variant="h2" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
                        {name}
                      </Typography>
                      {s.current ? <Chip size="small" color="primary" label={t('pages.sessions.this-device')} /> : null}
                    </Stack>
                    <Typography color="text.secondary" sx={{ mt: 1 }}>
                      {t('pages.sessions.signed-in', { date: date(s.createdAt) })}
                    </Typography>
                    <Typography color="text.secondary">{t('pages.sessions.last-used', { date: date(s.lastUsedAt) })}</Typography>
                    {s.ip ? <Typography color="text.secondary">{t('pages.sessions.address', { ip: s.ip })}</Typography> : null}
                  </CardContent>
                  {!s.current ? (
                    <CardActions sx={{ px: 2, pb: 2 }}>
                      <Button
                        color="error"
                        startIcon={<LogoutIcon />}
                        disabled={end.isPending}
                        aria-label={t('pages.sessions.sign-out-device', { device: name })}
                        onClick={async () => {
                          try {
                            await end.mutateAsync(s.id);
                            showNotice('success', t('pages.sessions.device-signed-out', { device: name }));
                          } catch {
                            failed();
                          }
                        }}
                      >
                        {t('pages.sessions.sign-out')}
                      </Button>
                    </CardActions>
                  ) : null}
                </Card>
              );
            })}
          </Stack>
          {others.length === 0 ? <Alert severity="info">{t('pages.sessions.only-this')}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {others.length > 0 ? (
              <Button variant="outlined" onClick={signOutOthers} disabled={endAll.isPending}>
                {t('pages.sessions.sign-out-others')}
              </Button>
            ) : null}
            <Button variant="contained" color="error" onClick={() => setConfirming(true)} disabled={endAll.isPending}>
              {t('pages.sessions.sign-out-everywhere')}
            </Button>
          </Stack>
        </>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId} aria-describedby={textId}>
        <DialogTitle id={titleId}>{t('pages.sessions.confirm-title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('pages.sessions.confirm-text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            {t('app.cancel')}
          </Button>
          <Button onClick={signOutEverywhere} color="error" variant="contained">
            {t('pages.sessions.sign-out-everywhere')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
