import { NumberInput, required } from 'react-admin';

const notAboveUpper = (base: string) => (value: unknown, all: Record<string, unknown>) => {
  const parts = `${base}.content.upperScore`.split('.');
  let upper: unknown = all;
  for (const p of parts) upper = (upper as Record<string, unknown> | undefined)?.[p];
  return typeof value === 'number' && typeof upper === 'number' && value > upper ? 'pages.admin.steps.results.bounds-order' : undefined;
};

/** results: the score bounds (lowerScore <= upperScore). */
export function ResultsContent({ base }: { base: string }) {
  return (
    <>
      <NumberInput
        source={`${base}.content.lowerScore`}
        label="pages.admin.steps.results.lower"
        validate={[required(), notAboveUpper(base)]}
      />
      <NumberInput source={`${base}.content.upperScore`} label="pages.admin.steps.results.upper" validate={required()} />
    </>
  );
}
