import {
  isCustomOutcome,
  outcomeKey,
  indicatorKey,
  sdgName,
  type Language,
  type MiniDyiState,
  type MiniDyiStepContent,
} from '@impact-calls/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFillText } from '../FillText';
import { formatMoney, formatNumber } from './format';
import { SdgTile } from './SdgTile';
import { SroiPanel } from './SroiPanel';

/**
 * The whole miniDyi answer at a glance, from the saved state alone (names, targets and
 * proxies are stored with it): the console's review, which loads nothing else.
 */
export function MiniDyiSummary({ state, settings, language }: { state: MiniDyiState; settings: MiniDyiStepContent; language: Language }) {
  const t = useFillText();
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, language));
  return (
    <Stack spacing={2} data-testid="minidyi-summary">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
        <Typography>
          <strong>{t('components.mini-dyi.budget.budget')}:</strong> {money(state.budget)}
        </Typography>
        <Typography>
          <strong>{t('components.mini-dyi.budget.budget-spent')}:</strong> {money(state.budgetSpent)}
        </Typography>
      </Stack>
      {state.isSdgEnabled && (
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {t('components.mini-dyi.steps.sdg')}
          </Typography>
          {state.sdg.length === 0 ? (
            <Typography color="text.secondary">—</Typography>
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {state.sdg.map((code) => (
                <SdgTile key={code} code={code} language={language} size={64} />
              ))}
            </Stack>
          )}
        </Box>
      )}
      <Typography variant="subtitle2" component="h3">
        {t('components.mini-dyi.steps.outcomes')}
      </Typography>
      {state.selectedOutcomes.length === 0 && <Typography color="text.secondary">{t('components.mini-dyi.summary.none')}</Typography>}
      {state.selectedOutcomes.map((o) => (
        <Paper key={outcomeKey(o)} variant="outlined" sx={{ p: 1.5 }} data-testid="summary-outcome">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            {o.sdg !== null && <SdgTile code={o.sdg} language={language} size={36} />}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {o.outcomeName || t('components.mini-dyi.custom.unnamed')}{' '}
                {isCustomOutcome(o) && <Chip size="small" label={t('components.mini-dyi.summary.custom')} />}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('components.mini-dyi.indicators.stakeholder')}: {o.stakeholderName || '—'}
                {o.sdg !== null && ` · ${t('components.mini-dyi.sdg.tile', { code: o.sdg, name: sdgName(o.sdg, language) })}`}
              </Typography>
            </Box>
          </Stack>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {o.indicators.map((i) => (
              <li key={indicatorKey(i)}>
                <Typography variant="body2">
                  {i.indicatorName} —{' '}
                  {t('components.mini-dyi.summary.target', {
                    value: i.indicatorTargetValue === null ? '—' : formatNumber(i.indicatorTargetValue, language),
                  })}
                  {(i.proxyName || i.proxyValue !== null) &&
                    ` · ${t('components.mini-dyi.indicators.proxy', { name: i.proxyName || '—', value: i.proxyValue === null ? '—' : formatMoney(i.proxyValue, language) })}`}
                </Typography>
              </li>
            ))}
          </Box>
        </Paper>
      ))}
      <SroiPanel state={state} options={settings.sroi} language={language} />
    </Stack>
  );
}
