import { bytesToMegabytes, formatDecimal, megabytesToBytes, UPLOAD_FILE_TYPES, UPLOAD_SLOT_MAX_BYTES } from '@impact-calls/domain';
import InputAdornment from '@mui/material/InputAdornment';
import {
  ArrayInput,
  BooleanInput,
  maxLength,
  NumberInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useLocaleState,
  useTranslate,
} from 'react-admin';

/** The slot's largest size, stored in bytes (spec), typed in megabytes. */
const sizeInRange = (bytes: unknown) =>
  typeof bytes === 'number' && Number.isFinite(bytes) && bytes >= 1 && bytes <= UPLOAD_SLOT_MAX_BYTES
    ? undefined
    : { message: 'pages.admin.steps.upload.dimensions-range', args: { max: bytesToMegabytes(UPLOAD_SLOT_MAX_BYTES) } };

/** upload: the file slots (name, description, kind, max size typed in MB and stored in bytes, mandatory). */
export function UploadContent({ base }: { base: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const choices = UPLOAD_FILE_TYPES.map((k) => ({ id: k, name: translate(`pages.admin.steps.upload.types.${k}`) }));
  return (
    <ArrayInput source={`${base}.content`} label="pages.admin.steps.upload.slots" validate={required()}>
      <SimpleFormIterator
        disableReordering
        sx={{ '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', pb: 1, mb: 1 } }}
        addButton={undefined}
      >
        <TextInput source="file_name" label="pages.admin.steps.upload.file-name" validate={[required(), maxLength(200)]} fullWidth />
        <TextInput
          source="file_description"
          label="pages.admin.steps.upload.file-description"
          validate={maxLength(1024)}
          multiline
          fullWidth
        />
        <SelectInput source="file_type" label="pages.admin.steps.upload.file-type" choices={choices} validate={required()} />
        <NumberInput
          source="dimensions"
          label="pages.admin.steps.upload.dimensions-mb"
          helperText={translate('pages.admin.steps.upload.dimensions-mb-help', {
            max: formatDecimal(bytesToMegabytes(UPLOAD_SLOT_MAX_BYTES), locale),
          })}
          format={(bytes: unknown) => (typeof bytes === 'number' && Number.isFinite(bytes) ? bytesToMegabytes(bytes) : '')}
          parse={(mb: unknown) => {
            if (mb === null || mb === undefined || mb === '') return null;
            const n = typeof mb === 'number' ? mb : Number(String(mb).replace(',', '.'));
            return Number.isFinite(n) ? megabytesToBytes(n) : null;
          }}
          validate={[required(), sizeInRange]}
          step={0.5}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">MB</InputAdornment> } }}
        />
        <BooleanInput source="mandatory" label="pages.admin.steps.upload.mandatory" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
