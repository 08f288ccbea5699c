import { RESULTS_BOUND_SCORES } from '@impact-calls/domain';
import InputAdornment from '@mui/material/InputAdornment';
import { NumberInput, required, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';

const valueAt = (all: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, p) => (v as Record<string, unknown> | undefined)?.[p], all);

const notAboveUpper = (base: string) => (value: unknown, all: Record<string, unknown>) => {
  const upper = valueAt(all, `${base}.content.upperScore`);
  return typeof value === 'number' && typeof upper === 'number' && value > upper ? 'pages.admin.steps.results.bounds-order' : undefined;
};

/** Quiz bounds are percentages (the unit the quiz score is shown in). */
const percentRange = (base: string) => (value: unknown, all: Record<string, unknown>) =>
  valueAt(all, `${base}.content.appliesTo`) === 'quiz' && typeof value === 'number' && (value < 0 || value > 100)
    ? 'pages.admin.steps.results.percent-range'
    : undefined;

/**
 * results: the score bounds (lowerScore <= upperScore) and the score they apply to, in that
 * score's unit: the quiz score in percent, the SROI index as the x of "1 : x".
 */
export function ResultsContent({ base }: { base: string }) {
  const appliesTo = (useWatch({ name: `${base}.content.appliesTo` }) as string | undefined) ?? 'sroi';
  const adornment =
    appliesTo === 'quiz'
      ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
      : { startAdornment: <InputAdornment position="start">1 :</InputAdornment> };
  return (
    <>
      <SelectInput
        source={`${base}.content.appliesTo`}
        label="pages.admin.steps.results.applies-to"
        choices={RESULTS_BOUND_SCORES.map((id) => ({ id, name: `pages.admin.steps.results.scores.${id}` }))}
        defaultValue="sroi"
        validate={required()}
      />
      <NumberInput
        source={`${base}.content.lowerScore`}
        label="pages.admin.steps.results.lower"
        validate={[required(), notAboveUpper(base), percentRange(base)]}
        slotProps={{ input: adornment }}
      />
      <NumberInput
        source={`${base}.content.upperScore`}
        label="pages.admin.steps.results.upper"
        validate={[required(), percentRange(base)]}
        slotProps={{ input: adornment }}
      />
    </>
  );
}
