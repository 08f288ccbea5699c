import RestartAlt from '@mui/icons-material/RestartAlt';
import Visibility from '@mui/icons-material/Visibility';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch, type FieldValues } from 'react-hook-form';
import {
  Button,
  Edit,
  Loading,
  RecordContextProvider,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useDataProvider,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Schemas } from '@impact-calls/api-client';
import { api } from '../../providers/client';
import { toHttpError } from '../../providers/dataProvider';

/** A template as the API answers it; `callId` and `source` say whose version it is (a call's decision text, or every call's). */
type Template = Schemas['MessageTemplateDto'] & { callId?: string | null; source?: 'call' | 'global' | 'built-in' };

/** Kinds whose text a call may have of its own (the API refuses the others with a call). */
const PER_CALL_KINDS = ['decision-shortlisted', 'decision-approved', 'decision-rejected', 'decision-waiting-list'];

interface CallOption {
  id: string;
  name: string;
}

type Method = 'GET' | 'PUT' | 'DELETE';
/** The template routes with a call (`callId` in the query or body), through the client untyped as the data provider uses it. */
async function callTemplate(method: Method, id: string, callId: string, body?: { subject: string; html: string }): Promise<Template> {
  const request = api.request as unknown as (
    method: Method,
    url: string,
    init?: { params?: { query?: Record<string, string> }; body?: unknown },
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const url = `/api/admin/message-templates/${encodeURIComponent(id)}`;
  const { data, error, response } = await request(method, url, body ? { body: { ...body, callId } } : { params: { query: { callId } } });
  if (!response.ok) throw toHttpError(response.status, error, response.statusText);
  return data as Template;
}

function Placeholders() {
  const record = useRecordContext<Template>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="p">
        {translate('pages.admin.messages.placeholders')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap component="ul" sx={{ listStyle: 'none', p: 0, m: '4px 0 0', flexWrap: 'wrap' }}>
        {record.placeholders.map((p) => (
          <li key={p}>
            <Chip size="small" label={`{{${p}}}`} sx={{ fontFamily: 'monospace' }} />
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** The form's current text rendered with sample values by the API (the same checks as saving). */
function Preview() {
  const record = useRecordContext<Template>();
  const translate = useTranslate();
  const notify = useNotify();
  const subject = useWatch<{ subject: string }>({ name: 'subject' }) as string;
  const html = useWatch<{ html: string }>({ name: 'html' }) as string;
  const preview = useMutation({
    mutationFn: async () => {
      const { data, error, response } = await api.POST('/api/admin/message-templates/preview', {
        body: {
          kind: record!.kind as Schemas['PreviewMessageTemplateDto']['kind'],
          language: record!.language as 'it' | 'en' | 'fr',
          subject,
          html,
        },
      });
      if (!response.ok) throw toHttpError(response.status, error, response.statusText);
      return data!;
    },
    onError: (e: Error) => notify(e.message || 'pages.admin.error-saving', { type: 'error' }),
  });
  if (!record) return null;
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      <Box>
        <Button label="pages.admin.messages.preview" onClick={() => preview.mutate()} disabled={preview.isPending}>
          <Visibility />
        </Button>
      </Box>
      {preview.data && (
        <>
          <Typography>
            <strong>{translate('resources.message-templates.fields.subject')}:</strong> {preview.data.subject}
          </Typography>
          <Box
            component="iframe"
            sandbox=""
            srcDoc={preview.data.html}
            title={translate('pages.admin.messages.preview')}
            sx={{ width: '100%', maxWidth: 700, height: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
        </>
      )}
    </Stack>
  );
}

function ResetButton() {
  const record = useRecordContext<Template>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const reset = useMutation({
    mutationFn: () => dataProvider.delete('message-templates', { id: record!.id, previousData: record }),
    onSuccess: () => {
      notify('pages.admin.messages.template-reset', { type: 'success' });
      refresh();
    },
  });
  if (!record?.customized) return null;
  return (
    <Button label="pages.admin.messages.reset" onClick={() => reset.mutate()} disabled={reset.isPending}>
      <RestartAlt />
    </Button>
  );
}

function FormToolbar() {
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton />
      <ResetButton />
    </Toolbar>
  );
}

/** The text's inputs, the placeholders it may use and its preview. */
function TemplateFields() {
  return (
    <>
      <Source />
      <Placeholders />
      <TextInput source="subject" label="resources.message-templates.fields.subject" validate={required()} fullWidth />
      <TextInput
        source="html"
        label="resources.message-templates.fields.html"
        validate={required()}
        multiline
        minRows={8}
        fullWidth
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
      />
      <Preview />
    </>
  );
}

/** Where the text shown comes from (a call's own, every call's, built-in). */
function Source() {
  const record = useRecordContext<Template>();
  const translate = useTranslate();
  if (!record?.source) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={record.source === 'call' ? 'primary' : 'default'}
      label={`${translate('resources.message-templates.fields.source')}: ${translate(`pages.admin.messages.template-source.${record.source}`)}`}
    />
  );
}

/** The call whose decision text is edited; none edits the text every call uses. Searchable: there may be many calls. */
function CallPicker({ value, onChange }: { value: CallOption | null; onChange: (c: CallOption | null) => void }) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  // One search per pause in typing, not per key.
  useEffect(() => {
    const timer = setTimeout(() => setQ(input), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const { data, isPending } = useGetList<CallOption>('calls', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'name', order: 'ASC' },
    filter: q && q !== value?.name ? { q } : {},
  });
  return (
    <Autocomplete
      options={data ?? []}
      value={value}
      onChange={(_, c) => onChange(c ? { id: String(c.id), name: String(c.name) } : null)}
      onInputChange={(_, v) => setInput(v)}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={isPending}
      sx={{ width: { xs: '100%', sm: 420 } }}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          size="small"
          label={translate('pages.admin.messages.template-call')}
          helperText={translate('pages.admin.messages.template-call-help')}
        />
      )}
    />
  );
}

/** A call's version of a decision text: its own when it has one, else the one every call uses, saved as the call's. */
function CallTemplateForm({ id, call }: { id: string; call: CallOption }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['message-templates', id, call.id];
  const { data: record, isPending } = useQuery({ queryKey: key, queryFn: () => callTemplate('GET', id, call.id) });
  const onError = (e: Error) => notify(e.message || 'pages.admin.error-saving', { type: 'error' });
  const save = useMutation({
    mutationFn: (t: Template) => callTemplate('PUT', id, call.id, { subject: t.subject, html: t.html }),
    onSuccess: (t) => {
      queryClient.setQueryData(key, t);
      notify('pages.admin.saved', { type: 'success' });
    },
    onError,
  });
  const reset = useMutation({
    mutationFn: () => callTemplate('DELETE', id, call.id),
    onSuccess: (t) => {
      queryClient.setQueryData(key, t);
      notify('pages.admin.messages.call-template-reset', { type: 'success' });
    },
    onError,
  });
  if (isPending || !record) return <Loading />;
  return (
    <RecordContextProvider value={record}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {translate('pages.admin.messages.template-call-title', { name: call.name })}
      </Typography>
      {/* A new form per version shown, so a reset or another call shows its own text. */}
      <SimpleForm
        key={`${call.id}:${record.updatedAt ?? ''}:${record.source ?? ''}`}
        record={record}
        onSubmit={(values: FieldValues) => save.mutate(values as Template)}
        toolbar={
          <Toolbar sx={{ gap: 1 }}>
            <SaveButton alwaysEnable={record.source !== 'call'} />
            {record.customized && (
              <Button label="pages.admin.messages.reset-call" onClick={() => reset.mutate()} disabled={reset.isPending}>
                <RestartAlt />
              </Button>
            )}
          </Toolbar>
        }
      >
        <TemplateFields />
      </SimpleForm>
    </RecordContextProvider>
  );
}

/** A decision kind's editor offers a call; the others edit the text every call uses. */
function TemplateForms() {
  const record = useRecordContext<Template>();
  const [call, setCall] = useState<CallOption | null>(null);
  if (!record) return null;
  const perCall = PER_CALL_KINDS.includes(record.kind);
  return (
    <>
      {perCall && (
        <Box sx={{ px: 2, pt: 2 }}>
          <CallPicker value={call} onChange={setCall} />
        </Box>
      )}
      {perCall && call ? (
        <CallTemplateForm id={String(record.id)} call={call} />
      ) : (
        <SimpleForm toolbar={<FormToolbar />}>
          <TemplateFields />
        </SimpleForm>
      )}
    </>
  );
}

export default function TemplateEdit() {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Edit
      mutationMode="pessimistic"
      title={translate('resources.message-templates.name', { smart_count: 1 })}
      mutationOptions={{
        onSuccess: () => notify('pages.admin.saved', { type: 'success' }),
        // The key's text (e.g. an unknown placeholder) in the console's language; the field shows which one.
        onError: (e) => notify((e as Error).message || 'pages.admin.error-saving', { type: 'error' }),
      }}
      transform={(data: Template) => ({ subject: data.subject, html: data.html })}
    >
      <TemplateForms />
    </Edit>
  );
}
