import { acceptAttribute, ATTACHMENT_MAX_BYTES, UPLOAD_FILE_TYPES } from '@impact-calls/domain';
import { ApiError } from '@impact-calls/api-client';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useGetList, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import { setCustomFile, uploadConsoleFile } from './files';

interface CallRecord {
  id: string;
  name: string;
  customFile?: { id: string; name: string } | null;
}

/**
 * A call's custom file (offered to applicants as "download file"): upload (PDF, Excel,
 * Word or image, 5 MB), replace, remove. Usable on its own (`callId`) in the call screens.
 */
export function CustomFileUpload({ callId }: { callId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const { data: call, refetch } = useGetOne<CallRecord>('calls', { id: callId });

  const run = async (work: () => Promise<{ key: string }>) => {
    setBusy(true);
    try {
      const res = await work();
      notify(res.key, { type: 'success' });
      await refetch();
      refresh();
    } catch (e) {
      notify(e instanceof ApiError ? e.key : 'pages.admin.error-saving', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File) =>
    run(async () => {
      if (file.size > ATTACHMENT_MAX_BYTES) throw new ApiError(413, 'errors.file-too-large', '');
      const uploaded = await uploadConsoleFile(file, 'custom-file');
      return setCustomFile(callId, uploaded.id);
    });

  return (
    <Stack spacing={1.5} data-testid="custom-file-upload">
      <Typography variant="body2" color="text.secondary">
        {translate('pages.admin.custom-file.help')}
      </Typography>
      <Typography>
        {call?.customFile
          ? translate('pages.admin.custom-file.current', { name: call.customFile.name })
          : translate('pages.admin.custom-file.none')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button component="label" htmlFor={inputId} variant="contained" disabled={busy}>
          {translate('pages.admin.custom-file.upload')}
        </Button>
        <input
          id={inputId}
          type="file"
          hidden
          accept={acceptAttribute([...UPLOAD_FILE_TYPES])}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
        {call?.customFile && (
          <Button color="error" disabled={busy} onClick={() => void run(() => setCustomFile(callId, null))}>
            {translate('pages.admin.custom-file.remove')}
          </Button>
        )}
        {busy && <CircularProgress size={24} aria-label={translate('pages.admin.custom-file.upload')} />}
      </Stack>
    </Stack>
  );
}

/** The file page's section: pick a call, then manage its custom file. */
export function CustomFilePanel() {
  const translate = useTranslate();
  const [callId, setCallId] = useState<string | null>(null);
  const { data: calls = [], isPending } = useGetList<CallRecord>('calls', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('pages.admin.custom-file.title')}
        </Typography>
        <Autocomplete
          options={calls}
          loading={isPending}
          getOptionLabel={(c) => c.name}
          value={calls.find((c) => c.id === callId) ?? null}
          onChange={(_, c) => setCallId(c?.id ?? null)}
          // MUI's own texts are English: the console's language instead (react-admin's keys, as its AutocompleteInput).
          openText={translate('ra.action.open')}
          closeText={translate('ra.action.close')}
          clearText={translate('ra.action.clear_input_value')}
          loadingText={translate('ra.page.loading')}
          noOptionsText={translate('pages.admin.custom-file.no-calls')}
          renderInput={(params) => <MuiTextField {...params} label={translate('resources.submissions.fields.callId')} />}
          sx={{ maxWidth: 480, mb: 2 }}
        />
        {callId && <CustomFileUpload key={callId} callId={callId} />}
      </CardContent>
    </Card>
  );
}
