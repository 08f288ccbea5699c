import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LOGO_MAX_BYTES, LOGO_TYPES } from './configuration';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * The logo: a file becomes a base64 data URL in `logoBase64`, shown at the configured size;
 * remove sets it to null. The API checks size and type from the bytes; this checks first.
 */
export function LogoInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'logoBase64' });
  const width = Number(useWatch({ name: 'logoWidth' })) || 50;
  const height = Number(useWatch({ name: 'logoHeight' })) || 50;
  const [localError, setLocalError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const helpId = useId();
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  const error =
    localError ?? (fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : undefined);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setLocalError(translate('errors.logo-type'));
    if (file.size > LOGO_MAX_BYTES) return setLocalError(translate('errors.logo-too-large'));
    setLocalError(undefined);
    field.onChange(await readAsDataUrl(file));
  };

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ my: 1 }}>
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {translate('pages.admin.customize.logo')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            minWidth: 80,
            minHeight: 64,
            p: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'primary.main',
          }}
        >
          {value ? (
            <img src={value} alt={translate('shell.admin.logo-preview')} width={width} height={height} style={{ objectFit: 'contain' }} />
          ) : (
            <Typography variant="caption" sx={{ color: 'primary.contrastText' }}>
              {translate('shell.admin.no-logo')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()} aria-describedby={helpId}>
            {translate('shell.admin.upload-logo')}
          </Button>
          {value && (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => {
                setLocalError(undefined);
                field.onChange(null);
              }}
            >
              {translate('pages.admin.customize.remove-logo')}
            </Button>
          )}
        </Stack>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={LOGO_TYPES.join(',')}
          aria-label={translate('shell.admin.upload-logo')}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Stack>
      <FormHelperText id={helpId} error={!!error} role={error ? 'alert' : undefined}>
        {error ?? translate('pages.admin.customize.logo-help')}
      </FormHelperText>
    </Box>
  );
}
