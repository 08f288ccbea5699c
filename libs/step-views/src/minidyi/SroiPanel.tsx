import { computeSroi, formatDecimal, formatSroi, type MiniDyiState, type SroiOptions } from '@impact-calls/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { useFillText } from '../FillText';
import { formatMoney, toLanguage } from './format';
import { HelpButton } from './Help';
import { SdgTile } from './SdgTile';

/**
 * The SROI estimate, live: the ratio "1 : x.xx" (docs/design/impact.md, computed by the
 * domain's computeSroi, as the API does on save), each outcome's contribution, and the
 * message when it is over 8.
 */
export function SroiPanel({ state, options, language }: { state: MiniDyiState; options: SroiOptions; language: string }) {
  const t = useFillText();
  const titleId = useId();
  const sroi = useMemo(() => computeSroi(state, options), [state, options]);
  const lang = toLanguage(language);
  const hasValue = sroi.sroi !== undefined;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, bgcolor: 'grey.50' }} data-testid="sroi-panel">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: '1.1rem' }}>
            {t('components.mini-dyi.sroi.title')}
          </Typography>
          <HelpButton topic="sroi" testId="help-sroi" years={sroi.options.years} />
        </Stack>
        <Box aria-live="polite" aria-atomic="true">
          {hasValue ? (
            <>
              <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }} data-testid="sroi-ratio">
                {formatSroi(sroi.sroi, lang)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('components.mini-dyi.sroi.explain', { ratio: formatDecimal(sroi.sroi!, lang, 2, 2) })}
              </Typography>
            </>
          ) : (
            <Typography color="text.secondary" data-testid="sroi-ratio">
              {t(state.budget === null || state.budget === 0 ? 'components.mini-dyi.sroi.no-budget' : 'components.mini-dyi.sroi.no-value')}
            </Typography>
          )}
        </Box>
        {sroi.overThreshold && (
          <Alert severity="warning" data-testid="sroi-over">
            {t('components.mini-dyi.sroi-over')}
          </Alert>
        )}
        {sroi.presentValue > 0 && (
          <Typography variant="body2">
            {t('components.mini-dyi.sroi.present-value', { years: sroi.options.years, value: formatMoney(sroi.presentValue, lang) })}
          </Typography>
        )}
        {sroi.ignoredIndicators > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('components.mini-dyi.sroi.ignored', { count: sroi.ignoredIndicators })}
          </Typography>
        )}
        {sroi.contributions.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              {t('components.mini-dyi.sroi.per-outcome')}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="sroi-contributions">
              {sroi.contributions.map((c) => (
                <Box component="li" key={c.outcome}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {c.sdg !== null && <SdgTile code={c.sdg} language={lang} size={22} decorative />}
                    <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {c.outcomeName || t('components.mini-dyi.custom.unnamed')}
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {c.sroi === undefined ? formatMoney(c.presentValue, lang) : formatSroi(c.sroi, lang)}
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(c.share * 100)}
                    aria-label={t('components.mini-dyi.sroi.share', { name: c.outcomeName, percent: Math.round(c.share * 100) })}
                    sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
                  />
                </Box>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
