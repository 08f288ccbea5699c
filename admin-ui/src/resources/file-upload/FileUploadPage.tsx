import { ADMIN_DROP_ZONE_MAX_BYTES, DROP_ZONE_ACCEPT, fileExtension, DROP_ZONE_TYPES, formatFileSize } from '@impact-calls/domain';
import { ApiError, downloadStoredFile } from '@impact-calls/api-client';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type DragEvent } from 'react';
import {
  Datagrid,
  DeleteButton,
  FunctionField,
  List,
  ResourceContextProvider,
  TextField,
  Title,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../../fields/DateTimeField';
import { api } from '../../providers/client';
import { CustomFilePanel } from './CustomFileUpload';
import { uploadConsoleFile, type Attachment } from './files';

const reasonOf = (e: unknown) => (e instanceof ApiError ? e.key : 'errors.http');

/** /admin/file-upload: the drop zone (3 MB; png, jpeg, docx, mp4, xlsx) and the list of files. */
export function FileUploadPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const inputId = useId();
  const [busy, setBusy] = useState(0);
  const [dragging, setDragging] = useState(false);
  // Every refused file stays listed until the next files are chosen (a notification shows one at a time and goes).
  const [rejected, setRejected] = useState<{ name: string; reason: string }[]>([]);

  const send = async (files: File[]) => {
    setRejected([]);
    const refuse = (name: string, reasonKey: string) => setRejected((list) => [...list, { name, reason: translate(reasonKey) }]);
    for (const file of files) {
      const allowed = DROP_ZONE_TYPES.some((t) => t.extensions.includes(fileExtension(file.name)));
      if (file.size > ADMIN_DROP_ZONE_MAX_BYTES || !allowed) {
        refuse(file.name, file.size > ADMIN_DROP_ZONE_MAX_BYTES ? 'errors.file-too-large' : 'errors.file-type-not-allowed');
        continue;
      }
      setBusy((n) => n + 1);
      try {
        await uploadConsoleFile(file, 'library');
        notify('pages.admin.file-upload.uploaded', { type: 'success', messageArgs: { name: file.name } });
      } catch (e) {
        refuse(file.name, reasonOf(e));
      } finally {
        setBusy((n) => n - 1);
      }
    }
    refresh();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void send(Array.from(e.dataTransfer.files));
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('pages.admin.file-upload.title')} />
      <Card variant="outlined">
        <CardContent>
          <Box
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="admin-drop-zone"
            sx={{
              p: 4,
              border: '2px dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              borderRadius: 2,
              textAlign: 'center',
              bgcolor: dragging ? 'action.selected' : undefined,
            }}
          >
            <CloudUploadOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <Typography>{translate('pages.admin.file-upload.drop')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('pages.admin.file-upload.help')}
            </Typography>
            <Button component="label" htmlFor={inputId} variant="contained" disabled={busy > 0}>
              {translate('pages.admin.file-upload.choose')}
            </Button>
            <input
              id={inputId}
              type="file"
              multiple
              hidden
              accept={DROP_ZONE_ACCEPT}
              onChange={(e) => {
                void send(Array.from(e.target.files ?? []));
                e.target.value = '';
              }}
            />
            {busy > 0 && <LinearProgress sx={{ mt: 2 }} aria-label={translate('pages.admin.file-upload.title')} />}
          </Box>
          {rejected.length > 0 && (
            <Alert
              severity="error"
              sx={{ mt: 2 }}
              data-testid="upload-rejected"
              onClose={() => setRejected([])}
              closeText={translate('ra.action.close')}
            >
              {translate('pages.admin.file-upload.rejected-title', { smart_count: rejected.length, count: rejected.length })}
              <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {rejected.map((r, i) => (
                  <li key={i}>{translate('pages.admin.file-upload.rejected', { name: r.name, reason: r.reason })}</li>
                ))}
              </ul>
            </Alert>
          )}
        </CardContent>
      </Card>

      <ResourceContextProvider value="files">
        <List
          resource="files"
          filter={{ purpose: 'library' }}
          sort={{ field: 'createdAt', order: 'DESC' }}
          actions={false}
          disableSyncWithLocation
          title={<span />}
          empty={
            <Typography sx={{ p: 2 }} color="text.secondary">
              {translate('pages.admin.file-upload.empty')}
            </Typography>
          }
        >
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="fileName" />
            <FunctionField
              source="attachedType"
              render={(r: Attachment) => translate(`fill.upload.kinds.${r.attachedType}`, { _: r.attachedType })}
            />
            <FunctionField source="dimensions" render={(r: Attachment) => formatFileSize(r.dimensions, locale)} />
            <DateTimeField source="createdAt" />
            <FunctionField
              label=""
              render={(r: Attachment) => (
                <Stack direction="row" spacing={1}>
                  <Button size="small" startIcon={<Download />} onClick={() => void downloadStoredFile(api, r.fileDownloadId, r.fileName)}>
                    {translate('pages.admin.attachments.download')}
                  </Button>
                  <DeleteButton record={r} resource="files" mutationMode="pessimistic" redirect={false} />
                </Stack>
              )}
            />
          </Datagrid>
        </List>
      </ResourceContextProvider>

      <CustomFilePanel />
    </Box>
  );
}
