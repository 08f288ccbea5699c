import { UPLOAD_FILE_TYPES, UPLOAD_SLOT_MAX_BYTES } from '@impact-calls/domain';
import {
  ArrayInput,
  BooleanInput,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';

/** upload: the file slots (name, description, kind, max size in bytes, mandatory). */
export function UploadContent({ base }: { base: string }) {
  const translate = useTranslate();
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
          label="pages.admin.steps.upload.dimensions"
          helperText={translate('pages.admin.steps.upload.dimensions-help', { max: UPLOAD_SLOT_MAX_BYTES })}
          validate={[required(), minValue(1), maxValue(UPLOAD_SLOT_MAX_BYTES)]}
          step={1024}
        />
        <BooleanInput source="mandatory" label="pages.admin.steps.upload.mandatory" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
