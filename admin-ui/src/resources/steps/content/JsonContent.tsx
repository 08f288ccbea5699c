import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

/** A step type added by name: its content as JSON (the applicant app shows "not implemented"). */
export function JsonContent({ base }: { base: string }) {
  const translate = useTranslate();
  const source = `${base}.content`;
  const { setValue } = useFormContext();
  const value = useWatch({ name: source }) as unknown;
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [error, setError] = useState(false);
  return (
    <TextField
      label={translate('pages.admin.steps.survey.json')}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value.trim() === '') {
          setError(false);
          setValue(source, null, { shouldDirty: true });
          return;
        }
        try {
          setValue(source, JSON.parse(e.target.value), { shouldDirty: true });
          setError(false);
        } catch {
          setError(true);
        }
      }}
      error={error}
      helperText={error ? translate('pages.admin.steps.survey.json-invalid') : ' '}
      multiline
      minRows={6}
      fullWidth
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
    />
  );
}
