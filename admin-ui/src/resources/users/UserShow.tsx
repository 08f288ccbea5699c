import LogoutIcon from '@mui/icons-material/LogoutOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { deviceOf, formatDateTimeWithZone } from '@impact-calls/domain';
import { unwrap } from '@impact-calls/api-client';
import { useState } from 'react';
import {
  BooleanField,
  Confirm,
  EmailField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../../fields/DateTimeField';
import { api } from '../../providers/client';
import type { AdminUserDetail, UserSession } from './user';

function Title() {
  const record = useRecordContext<AdminUserDetail>();
  return <span>{record?.email}</span>;
}

function useDescribe() {
  const translate = useTranslate();
  return (s: UserSession) => {
    const d = deviceOf(s.userAgent);
    if (d.browser && d.system) return translate('pages.sessions.device', { browser: d.browser, system: d.system });
    return d.browser ?? d.system ?? translate('pages.sessions.unknown-device');
  };
}

/** The user's active sessions, each with "End"; "End all sessions" signs the user out everywhere. */
function Sessions() {
  const record = useRecordContext<AdminUserDetail>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const describe = useDescribe();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  if (!record) return null;
  // The list's row shows first (it has no sessions), the user's full record right after.
  const sessions = record.sessions ?? [];
  const date = (value: string) => formatDateTimeWithZone(value, locale);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify(done, { type: 'success' });
    } catch {
      notify('pages.sessions.error-ending', { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const endOne = (s: UserSession) =>
    run(
      () => unwrap(api.DELETE('/api/admin/users/{id}/sessions/{sessionId}', { params: { path: { id: record.id, sessionId: s.id } } })),
      'resources.users.session-ended',
    );
  const endAll = () =>
    run(
      () => unwrap(api.POST('/api/admin/users/{id}/sessions/end-all', { params: { path: { id: record.id } } })),
      'resources.users.sessions-ended',
    );

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {translate('resources.users.sessions')}
      </Typography>
      {sessions.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.users.no-sessions')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('resources.users.sessions')}>
          {sessions.map((s) => (
            <Stack
              component="li"
              key={s.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{
                alignItems: { sm: 'center' },
                justifyContent: 'space-between',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                p: 1.5,
              }}
            >
              <Stack spacing={0.25}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600 }}>{describe(s)}</Typography>
                  {s.current ? <Chip size="small" color="primary" label={translate('pages.sessions.this-device')} /> : null}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {[
                    translate('pages.sessions.signed-in', { date: date(s.createdAt) }),
                    translate('pages.sessions.last-used', { date: date(s.lastUsedAt) }),
                    s.ip ? translate('pages.sessions.address', { ip: s.ip }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Stack>
              <Button
                color="error"
                startIcon={<LogoutIcon />}
                disabled={busy}
                onClick={() => void endOne(s)}
                aria-label={translate('resources.users.end-session-of', { device: describe(s) })}
              >
                {translate('resources.users.end-session')}
              </Button>
            </Stack>
          ))}
        </Stack>
      )}
      {sessions.length > 0 ? (
        <div>
          <Button variant="contained" color="error" disabled={busy} onClick={() => setConfirmAll(true)}>
            {translate('resources.users.end-all')}
          </Button>
        </div>
      ) : null}
      <Confirm
        isOpen={confirmAll}
        title="resources.users.end-all-title"
        content="resources.users.end-all-text"
        translateOptions={{ email: record.email }}
        onConfirm={() => {
          setConfirmAll(false);
          void endAll();
        }}
        onClose={() => setConfirmAll(false)}
      />
    </Stack>
  );
}

/** One user: who they are and where they are signed in. */
export default function UserShow() {
  return (
    <Show title={<Title />}>
      <SimpleShowLayout>
        <EmailField source="email" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
          <Labeled source="firstName">
            <TextField source="firstName" />
          </Labeled>
          <Labeled source="lastName">
            <TextField source="lastName" />
          </Labeled>
          <Labeled source="isAdmin">
            <BooleanField source="isAdmin" />
          </Labeled>
          <Labeled source="lastLoginAt">
            <DateTimeField source="lastLoginAt" emptyText="—" />
          </Labeled>
        </Stack>
        <Sessions />
      </SimpleShowLayout>
    </Show>
  );
}
