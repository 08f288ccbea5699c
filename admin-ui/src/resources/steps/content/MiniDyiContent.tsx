import {
  MINIDYI_MAX_OUTCOME_SELECT,
  readMiniDyiStepContent,
  SDG_COUNT,
  SROI_MAX_YEARS,
  SROI_RAMP_UPS,
  SROI_RATE_FIELDS,
  sroiOptionsIssues,
  type SroiOptions,
} from '@impact-calls/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { BooleanInput, NumberInput, required, SelectInput, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useFrameworks } from '../useStepTypes';
import { fractionToPercent, percentToFraction } from '../stepModel';

const K = 'pages.admin.steps.minidyi';

/** Refuses what the API's reader of the step content refuses (libs/domain), with the console's message. */
const accepted =
  (isRefused: (value: unknown) => boolean, message: string | { message: string; args: Record<string, number> }): Validator =>
  (value: unknown) =>
    value === null || value === undefined || value === '' || !isRefused(value) ? undefined : message;

const limit = (field: 'maxOutcomeSelect' | 'maxSdgSelect', max: number) =>
  accepted((v) => field in readMiniDyiStepContent({ [field]: v }).issues, { message: `${K}.whole-number`, args: { min: 1, max } });

const sroiOption = (field: keyof SroiOptions, message: string | { message: string; args: Record<string, number> }) =>
  accepted((v) => field in sroiOptionsIssues({ [field]: v }), message);

const RATE_KEYS: Record<(typeof SROI_RATE_FIELDS)[number], string> = {
  discountRate: 'discount-rate',
  deadweight: 'deadweight',
  displacement: 'displacement',
  attribution: 'attribution',
  dropOff: 'drop-off',
};

/**
 * miniDyi: the impact framework (in a call's editor, `callFrameworkId` is the call's, which the
 * step uses unless it names its own; a call type edited on its own must name one), the
 * selection options (defaults: SDG filter on, 4 outcomes, 4 SDGs) and the SROI options of
 * docs/design/impact.md (defaults: 3 years, no discounting, no deadweight, displacement,
 * attribution or drop-off, flat). Rates are shown in percent and stored as fractions; every
 * field is checked as the API checks it. The number inputs carry no min/max/step attributes:
 * the browser's own validation would stop the save with its untranslated bubble before these
 * messages show.
 */
export function MiniDyiContent({ base, callFrameworkId }: { base: string; callFrameworkId?: string | null }) {
  const frameworks = useFrameworks();
  const translate = useTranslate();
  const sroi = `${base}.content.sroi`;
  const stepFramework = useWatch({ name: `${base}.content.frameworkId` }) as string | null | undefined;
  const nameOf = (id: string) => frameworks.data?.find((f) => f.id.toLowerCase() === id.toLowerCase())?.name ?? id;
  // In a call's editor the step may leave the framework to the call's (General Info tab): the empty choice says which.
  const inCall = callFrameworkId !== undefined;
  const differs = inCall && !!callFrameworkId && !!stepFramework && stepFramework.toLowerCase() !== callFrameworkId.toLowerCase();
  return (
    <>
      <SelectInput
        source={`${base}.content.frameworkId`}
        label={`${K}.framework`}
        choices={(frameworks.data ?? []).map((f) => ({ id: f.id, name: f.name }))}
        isPending={frameworks.isPending}
        parse={(v: string) => (v === '' ? null : v)}
        validate={inCall ? undefined : required()}
        emptyText={
          inCall
            ? callFrameworkId
              ? translate(`${K}.framework-same-as-call`, { name: nameOf(callFrameworkId) })
              : translate(`${K}.framework-same-as-call-none`)
            : undefined
        }
        helperText={inCall ? `${K}.framework-call-help` : `${K}.framework-type-help`}
        // The empty choice names the call's framework: shown, not left blank.
        slotProps={inCall ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
        fullWidth
      />
      {differs && (
        <Alert severity="info" role="status" sx={{ mb: 1 }}>
          {translate(`${K}.framework-differs`, { step: nameOf(stepFramework), call: nameOf(callFrameworkId) })}
        </Alert>
      )}
      <BooleanInput source={`${base}.content.showSdgFilter`} label={`${K}.show-sdg-filter`} />
      <NumberInput
        source={`${base}.content.maxOutcomeSelect`}
        label={`${K}.max-outcomes`}
        validate={[required(), limit('maxOutcomeSelect', MINIDYI_MAX_OUTCOME_SELECT)]}
      />
      <NumberInput
        source={`${base}.content.maxSdgSelect`}
        label={`${K}.max-sdgs`}
        validate={[required(), limit('maxSdgSelect', SDG_COUNT)]}
      />
      <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, pb: 0, mt: 2, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ px: 0.5 }}>
          {translate(`${K}.sroi.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(`${K}.sroi.intro`)}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <NumberInput
            source={`${sroi}.years`}
            label={`${K}.sroi.years`}
            helperText={`${K}.sroi.years-help`}
            validate={[required(), sroiOption('years', { message: `${K}.whole-number`, args: { min: 1, max: SROI_MAX_YEARS } })]}
            fullWidth
          />
          <SelectInput
            source={`${sroi}.rampUp`}
            label={`${K}.sroi.ramp-up`}
            helperText={`${K}.sroi.ramp-up-help`}
            choices={SROI_RAMP_UPS.map((id) => ({ id, name: `${K}.sroi.ramp-ups.${id}` }))}
            validate={[required(), sroiOption('rampUp', 'ra.validation.required')]}
            fullWidth
          />
          {SROI_RATE_FIELDS.map((field) => (
            <NumberInput
              key={field}
              source={`${sroi}.${field}`}
              label={`${K}.sroi.${RATE_KEYS[field]}`}
              helperText={`${K}.sroi.${RATE_KEYS[field]}-help`}
              format={fractionToPercent}
              parse={percentToFraction}
              validate={[required(), sroiOption(field, `${K}.sroi.percent-range`)]}
              slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
              fullWidth
            />
          ))}
        </Box>
      </Box>
    </>
  );
}
