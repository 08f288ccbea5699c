import { formatFileSize } from '@impact-calls/domain';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Title, useGetOne, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { downloadStoredFile } from '@impact-calls/api-client';
import { api } from '../../providers/client';
import { getAttachments } from '../file-upload/files';

/** /admin/attachments/:subId/ — a submission's attachments: name, type, description, download. */
export function AttachmentsPage() {
  const { subId = '' } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { data: submission } = useGetOne<{ id: string; code: string }>('submissions', { id: subId });
  const { data, isPending, error } = useQuery({ queryKey: ['attachments', subId], queryFn: () => getAttachments(subId) });
  const title = translate('pages.admin.attachments.title', { code: submission?.code ?? '' });

  return (
    <Box sx={{ p: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {isPending && <CircularProgress aria-label={title} />}
      {error && <Alert severity="error">{translate('errors.submission-not-found')}</Alert>}
      {data && data.length === 0 && <Alert severity="info">{translate('pages.admin.attachments.empty')}</Alert>}
      {data && data.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.files.fields.fileName')}</TableCell>
                <TableCell>{translate('resources.files.fields.attachedType')}</TableCell>
                <TableCell>{translate('resources.files.fields.description')}</TableCell>
                <TableCell>{translate('resources.files.fields.dimensions')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((a) => (
                <TableRow key={a.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.fileName}</TableCell>
                  <TableCell>{translate(`fill.upload.kinds.${a.attachedType}`)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.description}</TableCell>
                  <TableCell>{formatFileSize(a.dimensions, locale)}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      startIcon={<Download />}
                      onClick={() =>
                        void downloadStoredFile(api, a.fileDownloadId, a.fileName).catch(() =>
                          notify('errors.file-not-found', { type: 'error' }),
                        )
                      }
                    >
                      {translate('pages.admin.attachments.download')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
