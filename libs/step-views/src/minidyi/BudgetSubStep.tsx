import { setBudget, setBudgetSpent, subStepIssues } from '@impact-calls/domain';
import Stack from '@mui/material/Stack';
import { useFillText } from '../FillText';
import { HelperPopup } from './Help';
import { NumberField } from './NumberField';
import { SroiPanel } from './SroiPanel';
import { SubStepHeader } from './SubStepHeader';
import type { SubStepProps } from './types';

/** Largest amount the API accepts for a budget or a target (keeps the SROI finite). */
export const MAX_AMOUNT = 1e12;

/** Sub-step 2: the budget (the SROI's denominator) and what was already spent; empty is allowed. */
export function BudgetSubStep(props: SubStepProps) {
  const { state, settings, readOnly, language, update } = props;
  const t = useFillText();
  const issues = subStepIssues(state, 'budget');
  const issueOf = (field: string) => issues.find((i) => i.field === field)?.key;
  return (
    <Stack spacing={3}>
      <SubStepHeader
        title={t('components.mini-dyi.budget.title')}
        action={<HelperPopup labelKey="components.mini-dyi.budget.helper-label" textKey="components.mini-dyi.budget.helper-text" />}
      >
        {t('components.mini-dyi.budget.text')}
      </SubStepHeader>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <NumberField
          id="minidyi-budget"
          testId="minidyi-budget"
          label={t('components.mini-dyi.budget.budget')}
          value={state.budget}
          onChange={(v) => update(setBudget(state, v))}
          errorKey={issueOf('budget')}
          helperText={t('components.mini-dyi.budget.helper')}
          prefix="€"
          max={MAX_AMOUNT}
          disabled={readOnly}
        />
        <NumberField
          id="minidyi-budget-spent"
          testId="minidyi-budget-spent"
          label={t('components.mini-dyi.budget.budget-spent')}
          value={state.budgetSpent}
          onChange={(v) => update(setBudgetSpent(state, v))}
          errorKey={issueOf('budgetSpent')}
          prefix="€"
          max={MAX_AMOUNT}
          disabled={readOnly}
        />
      </Stack>
      <SroiPanel state={state} options={settings.sroi} language={language} />
    </Stack>
  );
}
