import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { RichTextInput } from 'ra-input-rich-text';
import type { ReactNode } from 'react';
import {
  BooleanInput,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { LogoInput } from './LogoInput';

function Section({ title, first }: { title: string; first?: boolean }) {
  const translate = useTranslate();
  return (
    <>
      {!first && <Divider flexItem sx={{ my: 2 }} />}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
    </>
  );
}

const size = [minValue(10), maxValue(1000)];
const LANGUAGE_CHOICES = [
  { id: 'it', name: 'app.languages.it' },
  { id: 'en', name: 'app.languages.en' },
  { id: 'fr', name: 'app.languages.fr' },
];

/** Every Configuration field of spec section 3, grouped in sections. */
export function ConfigurationForm({ toolbar }: { toolbar?: ReactNode }) {
  return (
    <SimpleForm toolbar={toolbar === undefined ? undefined : (toolbar as never)} sx={{ maxWidth: 960 }}>
      <Section title="pages.admin.customize.section-identity" first />
      <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="description" validate={maxLength(2000)} multiline minRows={2} fullWidth />
      <TextInput source="domain" validate={maxLength(255)} fullWidth />
      <TextInput source="listName" validate={maxLength(200)} fullWidth />
      <LogoInput />
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <NumberInput source="logoWidth" validate={size} step={1} />
        <NumberInput source="logoHeight" validate={size} step={1} />
      </div>

      <Section title="pages.admin.customize.section-languages" />
      <SelectInput source="defaultLanguage" choices={LANGUAGE_CHOICES} validate={required()} />
      <BooleanInput source="languageSelection" />
      <BooleanInput source="organizationSelection" />

      <Section title="pages.admin.customize.section-content" />
      <RichTextInput source="message" fullWidth />
      <RichTextInput source="landingHtml" fullWidth />
      <RichTextInput source="dataConsentText" fullWidth />

      <Section title="pages.admin.customize.section-analytics" />
      <TextInput source="workspacePowerBiId" validate={maxLength(100)} fullWidth />
      <TextInput source="reportPowerBiId" validate={maxLength(100)} fullWidth />
    </SimpleForm>
  );
}
