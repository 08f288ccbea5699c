import {
  chooseProxy,
  frameworkOutcomes,
  indicatorKey,
  isValidTarget,
  MINIDYI_ERROR_KEYS,
  outcomeKey,
  removeIndicator,
  removeOutcome,
  setIndicatorTarget,
  setStakeholder,
  toggleIndicator,
  type Language,
  type MiniDyiState,
  type SelectedIndicator,
  type SelectedOutcome,
  type StakeholderChoice,
} from '@impact-calls/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
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

/** The red message of the spec when an outcome has no stakeholder (the only place it shows: the fill screen focuses it on "next"). */
export function StakeholderError({ outcomes }: { outcomes: readonly SelectedOutcome[] }) {
  const t = useFillText();
  if (!outcomes.some((o) => !o.stakeholderId)) return null;
  return (
    <Typography
      color="error"
      sx={{ fontWeight: 600 }}
      tabIndex={-1}
      data-issue={MINIDYI_ERROR_KEYS.stakeholders}
      data-testid="error-stakeholders"
    >
      {t(MINIDYI_ERROR_KEYS.stakeholders)}
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
          years={settings.sroi.years}
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
  years,
  readOnly,
  language,
  update,
}: {
  state: MiniDyiState;
  outcome: SelectedOutcome;
  chains: IndicatorInfo[];
  stakeholders: StakeholderChoice[];
  years: number;
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
            {byIndicator(chains).map((proxies) => (
              <IndicatorCard
                key={proxies[0].indicatorId}
                state={state}
                outcome={outcome}
                proxies={proxies}
                years={years}
                readOnly={readOnly}
                language={language}
                update={update}
              />
            ))}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The framework's chains of an outcome, one group per indicator (its proxies in the framework's order). */
function byIndicator(chains: readonly IndicatorInfo[]): IndicatorInfo[][] {
  const groups = new Map<string, IndicatorInfo[]>();
  for (const c of chains) groups.set(c.indicatorId, [...(groups.get(c.indicatorId) ?? []), c]);
  return [...groups.values()];
}

/**
 * One indicator of an outcome: ticked once, with one of its proxies (the framework's first unless
 * the applicant picks another), so the same people never count twice in the SROI. A state saved
 * with the indicator under two proxies shows both and asks to keep one.
 */
function IndicatorCard({
  state,
  outcome,
  proxies,
  years,
  readOnly,
  language,
  update,
}: {
  state: MiniDyiState;
  outcome: SelectedOutcome;
  proxies: IndicatorInfo[];
  years: number;
  readOnly: boolean;
  language: Language;
  update(next: MiniDyiState): void;
}) {
  const t = useFillText();
  const key = outcomeKey(outcome);
  const indicator = proxies[0];
  const chosen = outcome.indicators.filter((i) => i.customKey === undefined && i.indicatorId === indicator.indicatorId);
  const ticked = chosen[0];
  const [pending, setPending] = useState(indicator.proxyId);
  const proxy = proxies.find((p) => p.proxyId === (ticked?.proxyId ?? pending)) ?? indicator;
  const nameId = `minidyi-ind-${key}-${indicator.indicatorId}`;
  const proxyText = (p: Pick<IndicatorInfo, 'proxyName' | 'proxyValue'>, key = 'proxy') =>
    t(`components.mini-dyi.indicators.${key}`, {
      name: p.proxyName,
      value: p.proxyValue === null ? '—' : formatMoney(p.proxyValue, language),
    });
  const keepOnly = (keep: SelectedIndicator) =>
    update(chosen.filter((i) => i !== keep).reduce((s, i) => removeIndicator(s, key, indicatorKey(i)), state));
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={nameId}
      sx={{ p: 1.5, borderColor: ticked ? 'primary.main' : 'divider', borderWidth: ticked ? 2 : 1 }}
      data-testid="indicator-card"
    >
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: 1, overflowWrap: 'anywhere' } }}
        control={
          <Checkbox
            checked={!!ticked}
            disabled={readOnly}
            onChange={() => update(ticked ? removeIndicator(state, key, indicatorKey(ticked)) : toggleIndicator(state, key, proxy))}
          />
        }
        label={<span id={nameId}>{indicator.indicatorName}</span>}
      />
      {proxies.length > 1 && chosen.length < 2 ? (
        <TextField
          select
          size="small"
          fullWidth
          sx={{ mb: 1.5 }}
          label={t('components.mini-dyi.indicators.proxy-choice')}
          value={proxy.proxyId}
          disabled={readOnly}
          onChange={(e) => {
            const next = proxies.find((p) => p.proxyId === e.target.value);
            if (!next) return;
            if (ticked) update(chooseProxy(state, key, indicatorKey(ticked), next));
            else setPending(next.proxyId);
          }}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'indicator-proxy' } }}
        >
          {proxies.map((p) => (
            <option key={p.proxyId} value={p.proxyId}>
              {proxyText(p, 'proxy-option')}
            </option>
          ))}
        </TextField>
      ) : (
        chosen.length < 2 && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: 4, mb: 1 }}>
            {proxyText(proxy)}
          </Typography>
        )
      )}
      {chosen.length > 1 && (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="indicator-twice">
          {t(MINIDYI_ERROR_KEYS.indicatorTwice, { name: indicator.indicatorName })}
          {!readOnly && (
            <Stack spacing={0.5} sx={{ mt: 1, alignItems: 'flex-start' }}>
              {chosen.map((i) => (
                <Button key={indicatorKey(i)} size="small" variant="outlined" onClick={() => keepOnly(i)}>
                  {t('components.mini-dyi.indicators.keep-proxy', { name: i.proxyName })}
                </Button>
              ))}
            </Stack>
          )}
        </Alert>
      )}
      <NumberField
        size="small"
        label={t('components.mini-dyi.indicators.target', { years })}
        value={ticked?.indicatorTargetValue ?? null}
        onChange={(v) => ticked && update(setIndicatorTarget(state, key, indicatorKey(ticked), v))}
        required={!!ticked}
        max={MAX_AMOUNT}
        errorKey={!ticked || isValidTarget(ticked.indicatorTargetValue) ? undefined : 'components.mini-dyi.indicators.target-error'}
        showError={ticked?.indicatorTargetValue === 0}
        disabled={readOnly || !ticked}
        testId="indicator-target"
      />
    </Paper>
  );
}
