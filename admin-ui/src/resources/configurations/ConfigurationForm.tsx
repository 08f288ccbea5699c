import { LANGUAGES, type Language } from '@impact-calls/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { RichText } from '../../inputs/LazyRichText';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
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

/**
 * The texts applicants read (welcome message, list name, landing HTML, data-consent text), one
 * tab per language; an empty text shows the default language's.
 */
function LanguageTexts() {
  const translate = useTranslate();
  const defaultLanguage = (useWatch({ name: 'defaultLanguage' }) as Language | undefined) ?? 'it';
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const panelId = `texts-${language}`;
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('pages.admin.customize.texts-help', { language: translate(`app.languages.${defaultLanguage}`) })}
      </Typography>
      <Tabs
        value={language}
        onChange={(_, l: Language) => setLanguage(l)}
        aria-label={translate('pages.admin.customize.texts-languages')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {LANGUAGES.map((l) => (
          <Tab
            key={l}
            value={l}
            id={`texts-tab-${l}`}
            aria-controls={`texts-${l}`}
            label={
              l === defaultLanguage
                ? translate('pages.admin.customize.language-default', { language: translate(`app.languages.${l}`) })
                : translate(`app.languages.${l}`)
            }
          />
        ))}
      </Tabs>
      {/* One language at a time; the others keep their values in the form. */}
      <Box key={language} role="tabpanel" id={panelId} aria-labelledby={`texts-tab-${language}`} sx={{ pt: 2 }}>
        <TextInput
          source={`texts.${language}.listName`}
          label="resources.configurations.fields.listName"
          validate={maxLength(200)}
          fullWidth
        />
        <RichText source={`texts.${language}.message`} label="resources.configurations.fields.message" fullWidth />
        <RichText source={`texts.${language}.landingHtml`} label="resources.configurations.fields.landingHtml" fullWidth />
        <RichText source={`texts.${language}.dataConsentText`} label="resources.configurations.fields.dataConsentText" fullWidth />
      </Box>
    </Box>
  );
}

/** Every Configuration field of spec section 3, grouped in sections. */
export function ConfigurationForm({ toolbar }: { toolbar?: ReactNode }) {
  return (
    <SimpleForm toolbar={toolbar === undefined ? undefined : (toolbar as never)} sx={{ maxWidth: 960 }}>
      <Section title="pages.admin.customize.section-identity" first />
      <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="description" validate={maxLength(2000)} multiline minRows={2} fullWidth />
      <TextInput source="domain" validate={maxLength(255)} fullWidth />
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
      <LanguageTexts />

      <Section title="pages.admin.customize.section-analytics" />
      <TextInput source="workspacePowerBiId" validate={maxLength(100)} fullWidth />
      <TextInput source="reportPowerBiId" validate={maxLength(100)} fullWidth />
    </SimpleForm>
  );
}
