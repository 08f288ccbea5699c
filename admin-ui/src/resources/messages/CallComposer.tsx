import Send from '@mui/icons-material/Send';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Link, Title, useGetOne, useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Schemas } from '@impact-calls/api-client';
import { api } from '../../providers/client';
import { toHttpError } from '../../providers/dataProvider';

type Audience = 'not-started' | 'in-progress' | 'submitted';
const AUDIENCES: Audience[] = ['not-started', 'in-progress', 'submitted'];
/** What an administrator's message may use (the API refuses any other). */
const CUSTOM_PLACEHOLDERS = ['recipientName', 'organizationName', 'callName', 'configurationName'];

/** Addresses typed one per line or separated by commas or semicolons. */
export function parseAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

async function post<T>(path: '/api/SendEmail/Preview' | '/api/SendEmail/SendEmail', body: Schemas['SendEmailPreviewDto']): Promise<T> {
  const { data, error, response } = await api.POST(path, { body });
  if (!response.ok) throw toHttpError(response.status, error, response.statusText);
  return data as T;
}

/** The lead time of the call's deadline reminders. */
function ReminderSetting({ callId }: { callId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useGetOne<{ id: string; reminderDays: number }>('call-message-settings', { id: callId });
  const [days, setDays] = useState<string | undefined>(undefined);
  const [update, { isPending }] = useUpdate();
  const value = days ?? (data ? String(data.reminderDays) : '');
  const save = () =>
    update(
      'call-message-settings',
      { id: callId, data: { reminderDays: Number(value) }, previousData: data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('pages.admin.messages.settings-saved', { type: 'success' }),
        onError: (e) => notify((e as Error).message || 'pages.admin.error-saving', { type: 'error' }),
      },
    );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        label={translate('pages.admin.messages.reminder-days')}
        helperText={translate('pages.admin.messages.reminder-days-help')}
        type="number"
        size="small"
        value={value}
        onChange={(e) => setDays(e.target.value)}
        slotProps={{ htmlInput: { min: 0, max: 60 } }}
        sx={{ maxWidth: 360 }}
      />
      <MuiButton variant="outlined" onClick={save} disabled={isPending || value === ''}>
        {translate('ra.action.save')}
      </MuiButton>
    </Stack>
  );
}

/** Write to the applicants of a call: by the state of their submission and/or to addresses; count and preview first. */
export default function CallComposer() {
  const { callId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { data: call } = useGetOne<{ id: string; name: string }>('calls', { id: callId });
  const [states, setStates] = useState<Audience[]>(['in-progress']);
  const [addresses, setAddresses] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [sentBatch, setSentBatch] = useState<{ batchId: string; queued: number } | undefined>();
  const request = (): Schemas['SendEmailPreviewDto'] => ({ callId, states, addresses: parseAddresses(addresses), subject, body });

  const preview = useMutation({
    mutationFn: () =>
      post<Schemas['SendEmailPreviewResultDto']>('/api/SendEmail/Preview', { ...request(), language: locale as 'it' | 'en' | 'fr' }),
    onError: (e: Error) => notify(e.message || 'pages.admin.messages.email-error', { type: 'error' }),
  });
  const send = useMutation({
    mutationFn: () => post<Schemas['SendEmailResultDto']>('/api/SendEmail/SendEmail', request()),
    onSuccess: (r) => {
      notify('pages.admin.messages.email-sent', { type: 'success' });
      setSentBatch({ batchId: r.batchId, queued: r.queued });
      preview.reset();
    },
    onError: (e: Error & { status?: number }) =>
      notify(e.status === 400 ? e.message || 'pages.admin.messages.email-error' : 'pages.admin.messages.email-send-error', {
        type: 'error',
      }),
    onSettled: () => setConfirming(false),
  });
  const toggle = (a: Audience) => setStates((s) => (s.includes(a) ? s.filter((x) => x !== a) : [...s, a]));
  const ready = subject.trim() !== '' && body.trim() !== '' && (states.length > 0 || parseAddresses(addresses).length > 0);
  const counted = preview.data?.recipients;

  return (
    <Box sx={{ maxWidth: 900, my: 2 }}>
      <Title title={translate('pages.admin.messages.compose-title', { name: call?.name ?? '' })} />
      <Card>
        <CardContent>
          <Stack spacing={2.5}>
            <Typography component="h1" variant="h5">
              {translate('pages.admin.messages.compose-title', { name: call?.name ?? '' })}
            </Typography>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">{translate('pages.admin.messages.recipients-by-state')}</FormLabel>
              <FormGroup row>
                {AUDIENCES.map((a) => (
                  <FormControlLabel
                    key={a}
                    control={<Checkbox checked={states.includes(a)} onChange={() => toggle(a)} />}
                    label={translate(`pages.admin.messages.audience.${a}`)}
                  />
                ))}
              </FormGroup>
            </Box>
            <TextField
              label={translate('pages.admin.messages.addresses')}
              helperText={translate('pages.admin.messages.addresses-help')}
              multiline
              minRows={2}
              value={addresses}
              onChange={(e) => setAddresses(e.target.value)}
            />
            <TextField
              label={translate('resources.messages.fields.subject')}
              required
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
            <TextField
              label={translate('pages.admin.messages.body')}
              helperText={`${translate('pages.admin.messages.body-help')} ${CUSTOM_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`}
              required
              multiline
              minRows={6}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <MuiButton
                variant="outlined"
                startIcon={<Visibility />}
                disabled={!ready || preview.isPending}
                onClick={() => preview.mutate()}
              >
                {translate('pages.admin.messages.preview')}
              </MuiButton>
              <MuiButton
                variant="contained"
                startIcon={<Send />}
                disabled={!ready || counted === undefined || counted === 0 || send.isPending}
                onClick={() => setConfirming(true)}
              >
                {translate('pages.admin.messages.send')}
              </MuiButton>
            </Stack>
            {counted !== undefined && (
              <Alert severity={counted > 0 ? 'info' : 'warning'} role="status">
                {translate('pages.admin.messages.recipient-count', { smart_count: counted, count: counted.toLocaleString(locale) })}
              </Alert>
            )}
            {sentBatch && (
              <Alert severity="success" role="status">
                {translate('pages.admin.messages.queued', { count: sentBatch.queued.toLocaleString(locale) })}{' '}
                <Link to={`/admin/messages?filter=${encodeURIComponent(JSON.stringify({ batchId: sentBatch.batchId }))}`}>
                  {translate('pages.admin.messages.open-mailbox')}
                </Link>
              </Alert>
            )}
            {preview.data && (
              <Box
                component="iframe"
                sandbox=""
                srcDoc={preview.data.html}
                title={translate('pages.admin.messages.preview')}
                sx={{ width: '100%', height: 460, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
              />
            )}
            <Typography component="h2" variant="h6">
              {translate('pages.admin.messages.reminders')}
            </Typography>
            <ReminderSetting callId={callId} />
          </Stack>
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirming}
        loading={send.isPending}
        title="pages.admin.messages.send-confirm-title"
        content={translate('pages.admin.messages.send-confirm', {
          smart_count: counted ?? 0,
          count: (counted ?? 0).toLocaleString(locale),
        })}
        onConfirm={() => send.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
