import RestartAlt from '@mui/icons-material/RestartAlt';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  Button,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Schemas } from '@impact-calls/api-client';
import { api } from '../../providers/client';
import { toHttpError } from '../../providers/dataProvider';

type Template = Schemas['MessageTemplateDto'];

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
      <SimpleForm toolbar={<FormToolbar />}>
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
      </SimpleForm>
    </Edit>
  );
}
