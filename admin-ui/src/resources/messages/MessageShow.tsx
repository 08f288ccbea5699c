import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Labeled,
  Show,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Schemas } from '@impact-calls/api-client';
import { DateTimeField } from '../../fields/DateTimeField';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { MessageKind, MessageStateChip } from './MessageState';

type Message = Schemas['MessageDetailDto'];

function ResendButton() {
  const record = useRecordContext<Message>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.action('messages', { id: record!.id, action: 'resend' }),
    onSuccess: () => {
      notify('pages.admin.messages.resent', { type: 'success' });
      refresh();
    },
    onError: (e: Error) => notify(e.message || 'pages.admin.messages.email-send-error', { type: 'error' }),
  });
  if (record?.state !== 'failed') return null;
  return (
    <Button label="pages.admin.messages.resend" onClick={() => mutate()} disabled={isPending}>
      <Replay />
    </Button>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <ResendButton />
    </TopToolbar>
  );
}

/** The message as sent: its HTML in a sandboxed frame (no scripts, no same-origin), and its text part. */
function Parts() {
  const record = useRecordContext<Message>();
  const translate = useTranslate();
  if (!record) return null;
  // While the full message loads, the list's row (without its parts) stands in for it.
  const attachments = record.attachments ?? [];
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Typography component="h2" variant="h6">
        {translate('pages.admin.messages.html-part')}
      </Typography>
      {record.html ? (
        <Box
          component="iframe"
          sandbox=""
          srcDoc={record.html}
          title={translate('pages.admin.messages.html-part')}
          sx={{ width: '100%', maxWidth: 700, height: 520, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
        />
      ) : (
        <Typography color="text.secondary">{translate('pages.admin.messages.not-rendered')}</Typography>
      )}
      <Typography component="h2" variant="h6">
        {translate('pages.admin.messages.text-part')}
      </Typography>
      <Box
        component="pre"
        sx={{
          whiteSpace: 'pre-wrap',
          fontFamily: 'monospace',
          fontSize: 13,
          p: 2,
          bgcolor: 'action.hover',
          borderRadius: 1,
          maxWidth: 700,
          m: 0,
        }}
      >
        {record.text ?? ''}
      </Box>
      {attachments.length > 0 && (
        <Labeled label="pages.admin.messages.attachments">
          <ul>
            {attachments.map((a) => (
              <li key={a.filename}>
                {a.filename} ({a.contentType}, {Math.ceil(a.size / 1024)} KB)
              </li>
            ))}
          </ul>
        </Labeled>
      )}
    </Stack>
  );
}

export default function MessageShow() {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />} title={translate('resources.messages.name', { smart_count: 1 })}>
      <Card elevation={0}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Labeled label="resources.messages.fields.state">
              <MessageStateChip />
            </Labeled>
            <Labeled label="resources.messages.fields.kind">
              <MessageKind />
            </Labeled>
            <Labeled label="resources.messages.fields.toAddress">
              <TextField source="toAddress" emptyText="-" />
            </Labeled>
            <Labeled label="resources.messages.fields.ccAddress">
              <TextField source="ccAddress" emptyText="-" />
            </Labeled>
            <Labeled label="resources.messages.fields.language">
              <TextField source="language" emptyText="-" />
            </Labeled>
            <Labeled label="resources.messages.fields.attempts">
              <TextField source="attempts" />
            </Labeled>
            <Labeled label="resources.messages.fields.transport">
              <TextField source="transport" emptyText="-" />
            </Labeled>
            <Labeled label="resources.messages.fields.createdAt">
              <DateTimeField source="createdAt" />
            </Labeled>
            <Labeled label="resources.messages.fields.sentAt">
              <DateTimeField source="sentAt" emptyText="-" />
            </Labeled>
          </Stack>
          <Labeled label="resources.messages.fields.subject" sx={{ mt: 2 }}>
            <TextField source="subject" emptyText="-" />
          </Labeled>
          <Labeled label="resources.messages.fields.lastError" sx={{ mt: 2, display: 'block' }}>
            <TextField source="lastError" emptyText="-" />
          </Labeled>
          <Parts />
        </CardContent>
      </Card>
    </Show>
  );
}
