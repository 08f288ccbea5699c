import { SDG_COUNT } from '@impact-calls/domain';
import { BooleanInput, maxValue, minValue, NumberInput, required, SelectInput } from 'react-admin';
import { useFrameworks } from '../useStepTypes';

/** miniDyi: the impact framework and the selection options (defaults: SDG filter on, 4 outcomes, 4 SDGs). */
export function MiniDyiContent({ base }: { base: string }) {
  const frameworks = useFrameworks();
  return (
    <>
      <SelectInput
        source={`${base}.content.frameworkId`}
        label="pages.admin.steps.minidyi.framework"
        choices={(frameworks.data ?? []).map((f) => ({ id: f.id, name: f.name }))}
        isPending={frameworks.isPending}
        parse={(v: string) => (v === '' ? null : v)}
        validate={required()}
        fullWidth
      />
      <BooleanInput source={`${base}.content.showSdgFilter`} label="pages.admin.steps.minidyi.show-sdg-filter" />
      <NumberInput
        source={`${base}.content.maxOutcomeSelect`}
        label="pages.admin.steps.minidyi.max-outcomes"
        validate={[required(), minValue(1), maxValue(100)]}
        step={1}
      />
      <NumberInput
        source={`${base}.content.maxSdgSelect`}
        label="pages.admin.steps.minidyi.max-sdgs"
        validate={[required(), minValue(1), maxValue(SDG_COUNT)]}
        step={1}
      />
    </>
  );
}
