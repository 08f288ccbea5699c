import {
  frameworkOutcomes,
  indicatorKey,
  isValidTarget,
  outcomeKey,
  removeOutcome,
  setIndicatorTarget,
  setStakeholder,
  toggleIndicator,
  type Language,
  type MiniDyiState,
  type SelectedOutcome,
  type StakeholderChoice,
} from '@impact-calls/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useFillText } from '../FillText';
import { MAX_AMOUNT } from './BudgetSubStep';
import { useIndicators, useStakeholders, type IndicatorInfo } from './data';
import { formatMoney } from './format';
import { HelperPopup } from './Help';
import { LoadState } from './LoadState';
import { NumberField } from './NumberField';
import { RemoveOutcomeButton } from './RemoveOutcomeButton';
import { SdgTile } from './SdgTile';
import { SroiPanel } from './SroiPanel';
import { StakeholderSelect } from './StakeholderSelect';
import { SubStepHeader } from './SubStepHeader';
import type { SubStepProps } from './types';

/** The red message of the spec when an outcome has no stakeholder. */
export function StakeholderError({ outcomes }: { outcomes: readonly SelectedOutcome[] }) {
  const t = useFillText();
  if (!outcomes.some((o) => !o.stakeholderId)) return null;
  return (
    <Typography color="error" sx={{ fontWeight: 600 }} data-testid="error-stakeholders">
      {t('components.mini-dyi.error-stakeholders')}
    </Typography>
  );
}

/** Sub-step 5: a card per selected framework outcome: remove, stakeholder, indicator cards with a target. */
export function IndicatorsSubStep({ state, settings, frameworkId, readOnly, language, update }: SubStepProps) {
  const t = useFillText();
  const selected = frameworkOutcomes(state);
  const indicators = useIndicators(selected.map((o) => o.outcomeId!));
  const stakeholders = useStakeholders(frameworkId);
  const byOutcome = useMemo(() => {
    const map = new Map<string, IndicatorInfo[]>();
    for (const i of indicators.data ?? []) map.set(i.outcomeId, [...(map.get(i.outcomeId) ?? []), i]);
    return map;
  }, [indicators.data]);
  return (
    <Stack spacing={2}>
      <SubStepHeader
        title={t('components.mini-dyi.indicators.title')}
        action={
          <HelperPopup
            labelKey="components.mini-dyi.indicators.target-helper-label"
            textKey="components.mini-dyi.indicators.target-helper"
            vars={{ years: settings.sroi.years }}
          />
        }
      >
        {t('components.mini-dyi.indicators.text', { years: settings.sroi.years })} {t('components.mini-dyi.indicators.recommended')}
      </SubStepHeader>
      {selected.length === 0 && <Alert severity="info">{t('components.mini-dyi.indicators.none')}</Alert>}
      <LoadState
        isLoading={indicators.isLoading || stakeholders.isLoading}
        error={indicators.error ?? stakeholders.error}
        retry={() => void Promise.all([indicators.refetch(), stakeholders.refetch()])}
      />
      {selected.map((o) => (
        <OutcomeCard
          key={outcomeKey(o)}
          state={state}
          outcome={o}
          chains={byOutcome.get(o.outcomeId!) ?? []}
          stakeholders={stakeholders.data ?? []}
          readOnly={readOnly}
          language={language}
          update={update}
        />
      ))}
      <StakeholderError outcomes={selected} />
      {selected.length > 0 && <SroiPanel state={state} options={settings.sroi} language={language} />}
    </Stack>
  );
}

function OutcomeCard({
  state,
  outcome,
  chains,
  stakeholders,
  readOnly,
  language,
  update,
}: {
  state: MiniDyiState;
  outcome: SelectedOutcome;
  chains: IndicatorInfo[];
  stakeholders: StakeholderChoice[];
  readOnly: boolean;
  language: Language;
  update(next: MiniDyiState): void;
}) {
  const t = useFillText();
  const key = outcomeKey(outcome);
  const headingId = `minidyi-outcome-${key}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid="indicator-outcome-card">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {outcome.sdg !== null && <SdgTile code={outcome.sdg} language={language} size={44} />}
            <Typography
              id={headingId}
              variant="subtitle1"
              component="h4"
              sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {outcome.outcomeName}
            </Typography>
            {!readOnly && (
              <RemoveOutcomeButton
                label={t('components.mini-dyi.indicators.remove', { name: outcome.outcomeName })}
                name={outcome.outcomeName}
                onRemove={() => update(removeOutcome(state, key))}
              />
            )}
          </Stack>
          <StakeholderSelect
            value={outcome.stakeholderId}
            options={stakeholders}
            disabled={readOnly}
            onChange={(s) => update(setStakeholder(state, key, s))}
            testId="stakeholder-select"
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
            {chains.map((c) => {
              const ik = indicatorKey(c);
              const ticked = outcome.indicators.find((i) => indicatorKey(i) === ik);
              const nameId = `minidyi-ind-${key}-${ik}`;
              return (
                <Paper
                  key={ik}
                  variant="outlined"
                  role="group"
                  aria-labelledby={nameId}
                  sx={{ p: 1.5, borderColor: ticked ? 'primary.main' : 'divider', borderWidth: ticked ? 2 : 1 }}
                  data-testid="indicator-card"
                >
                  <FormControlLabel
                    sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: 1, overflowWrap: 'anywhere' } }}
                    control={<Checkbox checked={!!ticked} disabled={readOnly} onChange={() => update(toggleIndicator(state, key, c))} />}
                    label={<span id={nameId}>{c.indicatorName}</span>}
                  />
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 4, mb: 1 }}>
                    {t('components.mini-dyi.indicators.proxy', {
                      name: c.proxyName,
                      value: c.proxyValue === null ? '—' : formatMoney(c.proxyValue, language),
                    })}
                  </Typography>
                  <NumberField
                    size="small"
                    label={t('components.mini-dyi.indicators.target', { years: 3 })}
                    value={ticked?.indicatorTargetValue ?? null}
                    onChange={(v) => update(setIndicatorTarget(state, key, ik, v))}
                    required={!!ticked}
                    max={MAX_AMOUNT}
                    errorKey={
                      !ticked || isValidTarget(ticked.indicatorTargetValue) ? undefined : 'components.mini-dyi.indicators.target-error'
                    }
                    showError={ticked?.indicatorTargetValue === 0}
                    disabled={readOnly || !ticked}
                    testId="indicator-target"
                  />
                </Paper>
              );
            })}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
