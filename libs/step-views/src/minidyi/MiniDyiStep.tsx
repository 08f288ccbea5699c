import { readMiniDyiState, type MiniDyiState } from '@impact-calls/domain';
import Alert from '@mui/material/Alert';
import { useCallback, useMemo } from 'react';
import { useFillText } from '../FillText';
import type { StepRendererProps } from '../types';
import { BudgetSubStep } from './BudgetSubStep';
import { CustomOutcomesSubStep } from './CustomOutcomesSubStep';
import { useFramework, useMiniDyiData } from './data';
import { toLanguage } from './format';
import { IndicatorsSubStep } from './IndicatorsSubStep';
import { IntroductionSubStep } from './IntroductionSubStep';
import { LoadState } from './LoadState';
import { MiniDyiSummary } from './MiniDyiSummary';
import { OutcomesSubStep } from './OutcomesSubStep';
import { SdgSubStep } from './SdgSubStep';
import { miniDyiSettings, miniDyiSubStepAt } from './subSteps';
import type { SubStepProps } from './types';

/**
 * The miniDyi step (impact design): one screen per sub-step of the fill screen
 * (introduction, budget, SDG, outcomes, indicators, custom outcomes), each a view of the
 * saved state changed only through the domain's reducers; every change goes to the fill
 * screen's autosave. Without a sub-step (the console's review) it shows the summary.
 */
export default function MiniDyiStep({ step, result, readOnly, language, onChange, subStep }: StepRendererProps) {
  const t = useFillText();
  const settings = useMemo(() => miniDyiSettings(step), [step]);
  const state = useMemo(() => readMiniDyiState(result, step.id, settings), [result, step.id, settings]);
  const lang = toLanguage(language);
  const data = useMiniDyiData();
  const framework = useFramework(step.id, settings.frameworkId);
  const frameworkId = settings.frameworkId ?? framework.data ?? null;
  const locked = readOnly || !onChange;
  const update = useCallback(
    (next: MiniDyiState) => {
      if (next !== state && !locked) onChange?.(next as unknown as Record<string, unknown>);
    },
    [state, locked, onChange],
  );

  if (subStep === undefined || !data) return <MiniDyiSummary state={state} settings={settings} language={lang} />;
  if (!settings.frameworkId && framework.isLoading) return <LoadState isLoading error={null} retry={() => undefined} />;
  if (!frameworkId) return <Alert severity="error">{t('components.mini-dyi.error-no-framework')}</Alert>;

  const props: SubStepProps = { state, settings, frameworkId, readOnly: locked, language: lang, update };
  switch (miniDyiSubStepAt(step, subStep)) {
    case 'introduction':
      return <IntroductionSubStep {...props} />;
    case 'budget':
      return <BudgetSubStep {...props} />;
    case 'sdg':
      return <SdgSubStep {...props} />;
    case 'outcomes':
      return <OutcomesSubStep {...props} />;
    case 'indicators':
      return <IndicatorsSubStep {...props} />;
    case 'custom':
      return <CustomOutcomesSubStep {...props} />;
  }
}
