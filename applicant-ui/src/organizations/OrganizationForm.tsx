import {
  ORGANIZATION_FLAGS,
  ORGANIZATION_MAX_LENGTHS,
  ORGANIZATION_TEXT_FIELDS,
  isOrganizationFormComplete,
  organizationProblems,
  type OrganizationFlag,
  type OrganizationForm as FormValues,
  type OrganizationTextField,
} from '@impact-calls/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/useConfig';
import { RichHtml } from '../shell/RichHtml';
import type { Organization, OrganizationInput } from './useOrganizations';

export type { FormValues as OrganizationFormValues };

const ORGANIZATION_SECTION: OrganizationTextField[] = ['name', 'reg_number', 'street_name', 'city_name', 'country'];
const CONTACT_SECTION: OrganizationTextField[] = ['contact_name', 'contact_surname', 'contact_role', 'contact_email'];
/** Fields that take the whole row of the two-column layout. */
const WIDE = new Set<OrganizationTextField>(['name', 'contact_email']);
const AUTOCOMPLETE: Partial<Record<OrganizationTextField, string>> = {
  name: 'organization',
  street_name: 'street-address',
  city_name: 'address-level2',
  country: 'country-name',
  contact_name: 'given-name',
  contact_surname: 'family-name',
  contact_role: 'organization-title',
  contact_email: 'email',
};

/** An empty form, or one filled from an organization; the contact prefilled from the user. */
export function organizationFormValues(
  from?: Organization,
  contact?: { firstName?: string; lastName?: string; email?: string },
): FormValues {
  const values = {} as FormValues;
  for (const f of ORGANIZATION_TEXT_FIELDS) values[f] = from?.[f] ?? '';
  for (const f of ORGANIZATION_FLAGS) values[f] = from?.[f] ?? false;
  values.date_of_foundation = from?.date_of_foundation ?? '';
  if (!from && contact) {
    values.contact_name = contact.firstName ?? '';
    values.contact_surname = contact.lastName ?? '';
    values.contact_email = contact.email ?? '';
  }
  return values;
}

/** The body of CreateOrganization / UpdateOrganization: trimmed text, no empty date. */
export function toOrganizationInput(values: FormValues): OrganizationInput {
  const body = {} as OrganizationInput;
  for (const f of ORGANIZATION_TEXT_FIELDS) body[f] = values[f].trim();
  for (const f of ORGANIZATION_FLAGS) body[f] = values[f];
  body.date_of_foundation = values.date_of_foundation ? values.date_of_foundation : null;
  return body;
}

export interface OrganizationFormProps {
  initial: FormValues;
  submitLabel: string;
  onSubmit: (values: FormValues) => Promise<unknown>;
  /** Extra buttons beside Submit (Cancel, Delete...). */
  actions?: ReactNode;
  /** Heading level of the section titles (2 on a page, 3 in a dialog under its title). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * The organization form of /register-org, the registration modal and /org/edit: the
 * required fields and the data-processing consent (spec section 5). Submit stays disabled
 * until the rules of libs/domain are met; the API checks them again.
 */
export function OrganizationForm({ initial, submitLabel, onSubmit, actions, headingLevel = 'h2' }: OrganizationFormProps) {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const [values, setValues] = useState<FormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof FormValues, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const consentTextId = useId();
  const problems = organizationProblems(values);
  const complete = isOrganizationFormComplete(values);

  const setText = (field: OrganizationTextField | 'date_of_foundation', value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setFlag = (field: OrganizationFlag, value: boolean) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: keyof FormValues) => setTouched((s) => (s[field] ? s : { ...s, [field]: true }));
  const problemText = (field: keyof FormValues) => {
    const problem = touched[field] ? problems[field] : undefined;
    return problem ? t(`pages.organizations.problems.${problem}`) : undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
  };

  const textField = (field: OrganizationTextField) => {
    const help = problemText(field);
    return (
      <TextField
        key={field}
        className={WIDE.has(field) ? 'wide' : undefined}
        name={field}
        label={t(`pages.organizations.fields.${field}`)}
        value={values[field]}
        onChange={(e) => setText(field, e.target.value)}
        onBlur={() => touch(field)}
        required
        fullWidth
        type={field === 'contact_email' ? 'email' : 'text'}
        autoComplete={AUTOCOMPLETE[field] ?? 'off'}
        error={!!help}
        helperText={help}
        slotProps={{ htmlInput: { maxLength: ORGANIZATION_MAX_LENGTHS[field] } }}
      />
    );
  };

  const section = (title: string, children: ReactNode) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography
        component="legend"
        variant="h6"
        sx={{ fontSize: headingLevel === 'h2' ? '1.2rem' : '1.05rem', fontWeight: 600, mb: 1.5, p: 0 }}
      >
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, '& > .wide': { gridColumn: '1 / -1' } }}>
        {children}
      </Box>
    </Box>
  );

  const consentHelp = problemText('personalData');
  const dateHelp = problemText('date_of_foundation');
  return (
    <Box component="form" noValidate onSubmit={submit} aria-busy={busy}>
      <Stack spacing={3}>
        <Typography variant="body2" color="text.secondary">
          {t('pages.organizations.required-note')}
        </Typography>
        {section(
          t('pages.organizations.section-organization'),
          <>
            {ORGANIZATION_SECTION.map(textField)}
            <TextField
              name="date_of_foundation"
              label={t('pages.organizations.fields.date_of_foundation')}
              type="date"
              value={values.date_of_foundation ?? ''}
              onChange={(e) => setText('date_of_foundation', e.target.value)}
              onBlur={() => touch('date_of_foundation')}
              fullWidth
              error={!!dateHelp}
              helperText={dateHelp}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: new Date().toISOString().slice(0, 10) } }}
            />
          </>,
        )}
        {section(t('pages.organizations.section-contact'), CONTACT_SECTION.map(textField))}
        {section(
          t('pages.organizations.section-declarations'),
          <>
            {config?.dataConsentText ? (
              <Box
                id={consentTextId}
                className="wide"
                sx={{ p: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 220, overflow: 'auto' }}
                tabIndex={0}
              >
                <RichHtml html={config.dataConsentText} sx={{ fontSize: '0.95rem', '& p:first-of-type': { mt: 0 } }} />
              </Box>
            ) : null}
            <Box className="wide">
              {ORGANIZATION_FLAGS.map((flag) => (
                <Box key={flag}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        name={flag}
                        checked={values[flag]}
                        onChange={(e) => {
                          setFlag(flag, e.target.checked);
                          touch(flag);
                        }}
                        required={flag === 'personalData'}
                        slotProps={{
                          input: {
                            'aria-describedby': flag === 'personalData' && config?.dataConsentText ? consentTextId : undefined,
                            'aria-invalid': flag === 'personalData' && !!consentHelp,
                          } as object,
                        }}
                      />
                    }
                    label={t(`pages.organizations.fields.${flag}`)}
                  />
                  {flag === 'personalData' && consentHelp ? <FormHelperText error>{consentHelp}</FormHelperText> : null}
                </Box>
              ))}
            </Box>
          </>,
        )}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          {actions}
          <Button type="submit" variant="contained" size="large" disabled={!complete || busy}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
