import {
  acceptAttribute,
  fileExtension,
  FILE_KIND_EXTENSIONS,
  formatFileSize,
  maxUploadBytes,
  readUploadSlots,
  UPLOAD_DESCRIPTION_MAX,
  type UploadSlot,
} from '@impact-calls/domain';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useFillText } from '../FillText';
import type { FillAttachment, StepRendererProps, UploadActions } from '../types';

/** The error key of a failed upload (the API's, or a generic one). */
const errorKey = (e: unknown) =>
  e && typeof e === 'object' && typeof (e as { key?: unknown }).key === 'string' ? (e as { key: string }).key : 'fill.upload.failed';

/** An upload step: one card per slot, drag-and-drop or choose, progress, replace and remove while open. */
export function UploadStep({ step, attachments, readOnly, language, uploads }: StepRendererProps) {
  const t = useFillText();
  const slots = readUploadSlots(step.content);
  if (slots.length === 0) return <Alert severity="info">{t('fill.upload.no-slots')}</Alert>;
  return (
    <Stack spacing={2}>
      {!readOnly && <Typography color="text.secondary">{t('fill.upload.intro')}</Typography>}
      {slots.map((slot, i) => (
        <UploadSlotCard
          key={i}
          index={i}
          slot={slot}
          attachment={attachments.find((a) => a.stepId === step.id && a.slotIndex === i)}
          readOnly={readOnly || !uploads}
          language={language}
          uploads={uploads}
        />
      ))}
    </Stack>
  );
}

interface SlotProps {
  index: number;
  slot: UploadSlot;
  attachment: FillAttachment | undefined;
  readOnly: boolean;
  language: string;
  uploads?: UploadActions;
}

function UploadSlotCard({ index, slot, attachment, readOnly, language, uploads }: SlotProps) {
  const t = useFillText();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState<{ name: string; percent: number } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const max = maxUploadBytes('submission', slot);
  const kindName = t(`fill.upload.kinds.${slot.file_type}`);

  const send = async (file: File) => {
    setError(undefined);
    // The API decides; these checks only spare a useless upload.
    if (file.size > max) return setError(t('errors.file-too-large'));
    if (!FILE_KIND_EXTENSIONS[slot.file_type].includes(fileExtension(file.name))) return setError(t('fill.upload.wrong-kind'));
    setProgress({ name: file.name, percent: 0 });
    try {
      await uploads!.upload(index, file, description, (percent) => setProgress({ name: file.name, percent }));
      setDescription('');
    } catch (e) {
      setError(t(errorKey(e)));
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file && !readOnly && !progress) void send(file);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} data-testid={`upload-slot-${index}`}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
        >
          <Typography id={titleId} component="h3" variant="h6">
            {slot.file_name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={slot.mandatory ? 'secondary' : 'default'}
              label={t(slot.mandatory ? 'fill.upload.mandatory' : 'fill.upload.optional')}
            />
            <Chip size="small" variant="outlined" label={t('fill.upload.kind', { kinds: kindName })} />
            <Chip size="small" variant="outlined" label={t('fill.upload.max-size', { size: formatFileSize(max, language) })} />
          </Stack>
        </Stack>
        {slot.file_description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {slot.file_description}
          </Typography>
        )}

        {attachment ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
          >
            <InsertDriveFileOutlined color="primary" aria-hidden />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="slot-file-name">
                {attachment.fileName}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {formatFileSize(attachment.dimensions, language)}
                {attachment.description ? ` · ${attachment.description}` : ''}
              </Typography>
            </Box>
            {uploads && (
              <Button size="small" startIcon={<Download />} onClick={() => void uploads.download(attachment)}>
                {t('fill.upload.download')}
              </Button>
            )}
            {!readOnly &&
              (confirmRemove ? (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2">{t('fill.upload.remove-confirm', { name: attachment.fileName })}</Typography>
                  <Button
                    size="small"
                    color="error"
                    variant="contained"
                    onClick={() =>
                      void uploads!
                        .remove(attachment)
                        .catch((e: unknown) => setError(t(errorKey(e))))
                        .finally(() => setConfirmRemove(false))
                    }
                  >
                    {t('fill.upload.remove')}
                  </Button>
                  <Button size="small" onClick={() => setConfirmRemove(false)}>
                    {t('app.cancel')}
                  </Button>
                </Stack>
              ) : (
                <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={() => setConfirmRemove(true)}>
                  {t('fill.upload.remove')}
                </Button>
              ))}
          </Stack>
        ) : (
          readOnly && <Typography color="text.secondary">{t('fill.upload.no-file')}</Typography>
        )}

        {!readOnly && (
          <Box sx={{ mt: 2 }}>
            <TextField
              label={t('fill.upload.description')}
              helperText={`${t('fill.upload.description-help', { max: UPLOAD_DESCRIPTION_MAX })} (${description.length}/${UPLOAD_DESCRIPTION_MAX})`}
              value={description}
              onChange={(e) => setDescription(e.target.value.slice(0, UPLOAD_DESCRIPTION_MAX))}
              fullWidth
              size="small"
              multiline
              maxRows={4}
              disabled={!!progress}
            />
            <Box
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid={`drop-zone-${index}`}
              sx={{
                mt: 1.5,
                p: 2.5,
                border: '2px dashed',
                borderColor: dragging ? 'primary.main' : 'divider',
                bgcolor: dragging ? 'action.selected' : 'transparent',
                borderRadius: 2,
                textAlign: 'center',
              }}
            >
              <CloudUploadOutlined color="primary" aria-hidden />
              <Typography>
                {t('fill.upload.drop')}{' '}
                {/* A button that opens the file picker: a label styled as a button took role="button", which a label may not have. */}
                <Button
                  size="small"
                  variant="outlined"
                  disabled={!!progress}
                  aria-describedby={titleId}
                  onClick={() => input.current?.click()}
                >
                  {attachment ? t('fill.upload.replace') : t('fill.upload.choose')}
                </Button>
              </Typography>
              <input
                ref={input}
                type="file"
                hidden
                accept={acceptAttribute([slot.file_type])}
                aria-label={`${slot.file_name}: ${attachment ? t('fill.upload.replace') : t('fill.upload.choose')}`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void send(file);
                }}
              />
            </Box>
            {progress && (
              <Box sx={{ mt: 1.5 }} role="status">
                <Typography variant="body2">{t('fill.upload.uploading', { name: progress.name, percent: progress.percent })}</Typography>
                <LinearProgress variant="determinate" value={progress.percent} aria-label={progress.name} />
              </Box>
            )}
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
