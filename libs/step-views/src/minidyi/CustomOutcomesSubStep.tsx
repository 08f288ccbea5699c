import {
  addCustomIndicator,
  addCustomOutcome,
  canAddCustomOutcome,
  customOutcomes,
  generateCustomKey,
  indicatorKey,
  isValidTarget,
  MINIDYI_ERROR_KEYS,
  MINIDYI_MAX_CUSTOM_INDICATORS,
  MINIDYI_MAX_CUSTOM_OUTCOMES,
  outcomeKey,
  removeIndicator,
  removeOutcome,
  SDG_CODES,
  sdgName,
  setStakeholder,
  subStepIssues,
  updateCustomIndicator,
  updateCustomOutcome,
  type Language,
  type MiniDyiState,
  type SelectedOutcome,
  type StakeholderChoice,
} from '@impact-calls/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFillText } from '../FillText';
import { MAX_AMOUNT } from './BudgetSubStep';
import { useStakeholders } from './data';
import { StakeholderError } from './IndicatorsSubStep';
import { LoadState } from './LoadState';
import { NumberField } from './NumberField';
import { SroiPanel } from './SroiPanel';
import { StakeholderSelect } from './StakeholderSelect';
import { SubStepHeader } from './SubStepHeader';
import type { SubStepProps } from './types';
import { RemoveOutcomeButton } from './RemoveOutcomeButton';

const NAME_MAX = 500;

/** Adds a custom outcome with one empty indicator, ready to fill. */
export function addCustomOutcomeWithIndicator(state: MiniDyiState): MiniDyiState {
  const key = generateCustomKey();
  const added = addCustomOutcome(state, {}, key);
  return added === state ? state : addCustomIndicator(added, key);
}

/** Sub-step 6: up to 3 outcomes of the applicant's own, each with a name, a stakeholder and indicators with targets. */
export function CustomOutcomesSubStep({ state, settings, frameworkId, readOnly, language, update }: SubStepProps) {
  const t = useFillText();
  const custom = customOutcomes(state);
  const stakeholders = useStakeholders(frameworkId);
  const canAdd = canAddCustomOutcome(state);
  const outcomesMissing = subStepIssues(state, 'custom').some((i) => i.key === MINIDYI_ERROR_KEYS.outcomesRequired);
  return (
    <Stack spacing={2}>
      <SubStepHeader title={t('components.mini-dyi.custom.title')}>
        {t('components.mini-dyi.custom.text', { max: MINIDYI_MAX_CUSTOM_OUTCOMES })}
      </SubStepHeader>
      <LoadState isLoading={stakeholders.isLoading} error={stakeholders.error} retry={() => void stakeholders.refetch()} />
      {custom.length === 0 && <Typography color="text.secondary">{t('components.mini-dyi.custom.empty')}</Typography>}
      {custom.map((o, n) => (
        <CustomOutcomeCard
          key={outcomeKey(o)}
          n={n + 1}
          state={state}
          outcome={o}
          stakeholders={stakeholders.data ?? []}
          readOnly={readOnly}
          language={language}
          update={update}
        />
      ))}
      <StakeholderError outcomes={custom} />
      {!readOnly && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<Add />}
            disabled={!canAdd}
            onClick={() => update(addCustomOutcomeWithIndicator(state))}
            data-testid="add-custom-outcome"
          >
            {t('components.mini-dyi.custom.add')}
          </Button>
          {!canAdd && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('components.mini-dyi.custom.limit', { max: MINIDYI_MAX_CUSTOM_OUTCOMES })}
            </Typography>
          )}
        </Box>
      )}
      {outcomesMissing && (
        <Alert severity="info" tabIndex={-1} data-issue={MINIDYI_ERROR_KEYS.outcomesRequired}>
          {t(MINIDYI_ERROR_KEYS.outcomesRequired)}
        </Alert>
      )}
      <SroiPanel state={state} options={settings.sroi} language={language} />
    </Stack>
  );
}

function CustomOutcomeCard({
  n,
  state,
  outcome,
  stakeholders,
  readOnly,
  language,
  update,
}: {
  n: number;
  state: MiniDyiState;
  outcome: SelectedOutcome;
  stakeholders: StakeholderChoice[];
  readOnly: boolean;
  language: Language;
  update(next: MiniDyiState): void;
}) {
  const t = useFillText();
  const key = outcomeKey(outcome);
  const headingId = `minidyi-custom-${key}`;
  const nameMissing = outcome.outcomeName.trim() === '';
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid="custom-outcome-card">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
              {t('components.mini-dyi.custom.number', { n })}
            </Typography>
            {!readOnly && (
              <RemoveOutcomeButton
                label={t('components.mini-dyi.custom.remove', { n })}
                name={outcome.outcomeName.trim() || t('components.mini-dyi.custom.number', { n })}
                onRemove={() => update(removeOutcome(state, key))}
              />
            )}
          </Stack>
          <TextField
            label={t('components.mini-dyi.custom.name')}
            value={outcome.outcomeName}
            required
            error={nameMissing}
            helperText={nameMissing ? t('components.mini-dyi.error-custom-name') : undefined}
            disabled={readOnly}
            onChange={(e) => update(updateCustomOutcome(state, key, { outcomeName: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'custom-outcome-name' } }}
            fullWidth
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <StakeholderSelect
              value={outcome.stakeholderId}
              options={stakeholders}
              disabled={readOnly}
              onChange={(s) => update(setStakeholder(state, key, s))}
              testId="custom-stakeholder-select"
            />
            <TextField
              select
              label={t('components.mini-dyi.custom.sdg')}
              value={outcome.sdg ?? ''}
              disabled={readOnly}
              onChange={(e) => update(updateCustomOutcome(state, key, { sdg: e.target.value === '' ? null : Number(e.target.value) }))}
              fullWidth
            >
              <MenuItem value="">{t('components.mini-dyi.custom.no-sdg')}</MenuItem>
              {SDG_CODES.map((code) => (
                <MenuItem key={code} value={code}>
                  {t('components.mini-dyi.sdg.tile', { code, name: sdgName(code, language) })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle2" component="h5">
            {t('components.mini-dyi.custom.indicators')}
          </Typography>
          {outcome.indicators.map((i, index) => {
            const ik = indicatorKey(i);
            const indicatorMissing = i.indicatorName.trim() === '';
            return (
              <Paper
                key={ik}
                variant="outlined"
                sx={{ p: 1.5 }}
                role="group"
                aria-label={t('components.mini-dyi.custom.indicator-n', { n: index + 1 })}
                data-testid="custom-indicator"
              >
                <Stack spacing={1.5}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                      size="small"
                      label={t('components.mini-dyi.custom.indicator-name')}
                      value={i.indicatorName}
                      required
                      error={indicatorMissing}
                      helperText={indicatorMissing ? t('components.mini-dyi.error-custom-indicator-name') : undefined}
                      disabled={readOnly}
                      onChange={(e) => update(updateCustomIndicator(state, key, ik, { indicatorName: e.target.value }))}
                      slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'custom-indicator-name' } }}
                      fullWidth
                    />
                    {!readOnly && outcome.indicators.length > 1 && (
                      <IconButton
                        aria-label={t('components.mini-dyi.custom.remove-indicator', { n: index + 1 })}
                        onClick={() => update(removeIndicator(state, key, ik))}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    )}
                  </Stack>
                  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 1.5 }}>
                    <NumberField
                      size="small"
                      label={t('components.mini-dyi.indicators.target', { years: 3 })}
                      value={i.indicatorTargetValue}
                      onChange={(v) => update(updateCustomIndicator(state, key, ik, { indicatorTargetValue: v }))}
                      required
                      max={MAX_AMOUNT}
                      errorKey={isValidTarget(i.indicatorTargetValue) ? undefined : 'components.mini-dyi.indicators.target-error'}
                      showError={i.indicatorTargetValue === 0}
                      disabled={readOnly}
                      testId="custom-indicator-target"
                    />
                    <TextField
                      size="small"
                      label={t('components.mini-dyi.custom.proxy-name')}
                      value={i.proxyName}
                      disabled={readOnly}
                      onChange={(e) => update(updateCustomIndicator(state, key, ik, { proxyName: e.target.value }))}
                      slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
                      fullWidth
                    />
                    <NumberField
                      size="small"
                      label={t('components.mini-dyi.custom.proxy-value')}
                      value={i.proxyValue}
                      onChange={(v) => update(updateCustomIndicator(state, key, ik, { proxyValue: v }))}
                      prefix="€"
                      max={MAX_AMOUNT}
                      disabled={readOnly}
                      testId="custom-indicator-proxy-value"
                    />
                  </Box>
                </Stack>
              </Paper>
            );
          })}
          {!readOnly && (
            <Box>
              <Button
                size="small"
                startIcon={<Add />}
                disabled={outcome.indicators.length >= MINIDYI_MAX_CUSTOM_INDICATORS}
                onClick={() => update(addCustomIndicator(state, key))}
              >
                {t('components.mini-dyi.custom.add-indicator')}
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
