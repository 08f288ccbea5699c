import {
  canSelectOutcome,
  frameworkOutcomes,
  isOutcomeSelected,
  outcomesCountingAgainstLimit,
  sdgName,
  toggleOutcome,
} from '@impact-calls/domain';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useFillText } from '../FillText';
import { useOutcomes, type OutcomeInfo } from './data';
import { LoadState } from './LoadState';
import { OutcomeDrawer } from './OutcomeDrawer';
import { SdgTile } from './SdgTile';
import { SubStepHeader } from './SubStepHeader';
import type { SubStepProps } from './types';

/** Outcomes grouped by SDG, in the order of the selected SDGs (filter on) or by code (filter off). */
export function groupBySdg(outcomes: readonly OutcomeInfo[], order: readonly number[]): { sdg: number; outcomes: OutcomeInfo[] }[] {
  const groups = new Map<number, OutcomeInfo[]>();
  for (const o of outcomes) groups.set(o.sdg, [...(groups.get(o.sdg) ?? []), o]);
  const rank = (sdg: number) => (order.includes(sdg) ? order.indexOf(sdg) : 100 + sdg);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([sdg, list]) => ({ sdg, outcomes: list }));
}

/** Sub-step 4: the framework's outcomes (of the selected SDGs with the filter on), a checkbox per row, an info drawer. */
export function OutcomesSubStep({ state, frameworkId, readOnly, language, update }: SubStepProps) {
  const t = useFillText();
  const noSdg = state.isSdgEnabled && state.sdg.length === 0;
  const outcomes = useOutcomes(noSdg ? null : frameworkId, state.isSdgEnabled ? state.sdg : []);
  const [info, setInfo] = useState<OutcomeInfo | null>(null);
  const groups = useMemo(() => groupBySdg(outcomes.data ?? [], state.sdg), [outcomes.data, state.sdg]);
  const total = frameworkOutcomes(state).length;
  return (
    <Stack spacing={2}>
      <SubStepHeader title={t('components.mini-dyi.outcomes.title')}>
        {t(state.isSdgEnabled ? 'components.mini-dyi.outcomes.text-per-sdg' : 'components.mini-dyi.outcomes.text-total', {
          max: state.maxOutcome,
        })}
      </SubStepHeader>
      {!state.isSdgEnabled && (
        <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }} data-testid="outcome-count">
          {t('components.mini-dyi.outcomes.count-total', { count: total, max: state.maxOutcome })}
        </Typography>
      )}
      {noSdg && <Alert severity="info">{t('components.mini-dyi.outcomes.no-sdg')}</Alert>}
      {!noSdg && <LoadState isLoading={outcomes.isLoading} error={outcomes.error} retry={() => void outcomes.refetch()} />}
      {outcomes.isSuccess && groups.length === 0 && <Alert severity="info">{t('components.mini-dyi.outcomes.none')}</Alert>}
      {groups.map(({ sdg, outcomes: list }) => {
        const count = outcomesCountingAgainstLimit(state, sdg);
        const headingId = `minidyi-sdg-group-${sdg}`;
        return (
          <Paper
            key={sdg}
            variant="outlined"
            component="section"
            aria-labelledby={headingId}
            sx={{ p: { xs: 1.5, sm: 2 } }}
            data-testid={`outcome-group-${sdg}`}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
              <SdgTile code={sdg} language={language} size={56} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
                  {t('components.mini-dyi.sdg.tile', { code: sdg, name: sdgName(sdg, language) })}
                </Typography>
                {state.isSdgEnabled && (
                  <Typography variant="body2" color="text.secondary" data-testid={`outcome-count-${sdg}`}>
                    {t('components.mini-dyi.outcomes.count-sdg', { count, max: state.maxOutcome })}
                  </Typography>
                )}
              </Box>
            </Stack>
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {list.map((o) => {
                const checked = isOutcomeSelected(state, o.outcomeId);
                const disabled = readOnly || (!checked && !canSelectOutcome(state, o));
                return (
                  <Stack
                    component="li"
                    key={o.outcomeId}
                    direction="row"
                    sx={{ alignItems: 'center', borderTop: 1, borderColor: 'divider', py: 0.25 }}
                  >
                    <FormControlLabel
                      sx={{ flex: 1, mr: 0, minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                      control={<Checkbox checked={checked} disabled={disabled} onChange={() => update(toggleOutcome(state, o))} />}
                      label={o.outcomeName}
                    />
                    <IconButton
                      aria-label={t('components.mini-dyi.outcomes.info', { name: o.outcomeName })}
                      onClick={() => setInfo(o)}
                      data-testid="outcome-info"
                    >
                      <InfoOutlined />
                    </IconButton>
                  </Stack>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
      <OutcomeDrawer outcome={info} language={language} onClose={() => setInfo(null)} />
    </Stack>
  );
}
