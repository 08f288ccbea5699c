import { IMPACT_YEARS, MINIDYI_MAX_CUSTOM_OUTCOMES } from '@impact-calls/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFillText } from '../FillText';
import { HelpButton } from './Help';
import { SubStepHeader } from './SubStepHeader';
import type { SubStepProps } from './types';

/** Sub-step 1: what miniDyi asks, in the order of the sub-steps, with the step's limits. */
export function IntroductionSubStep({ settings }: SubStepProps) {
  const t = useFillText();
  const years = settings.sroi.years ?? IMPACT_YEARS;
  const limit = t(settings.showSdgFilter ? 'components.mini-dyi.intro.limit-per-sdg' : 'components.mini-dyi.intro.limit-total', {
    max: settings.maxOutcomeSelect,
  });
  const items = [
    t('components.mini-dyi.intro.step-budget'),
    ...(settings.showSdgFilter ? [t('components.mini-dyi.intro.step-sdg', { max: settings.maxSdgSelect })] : []),
    t('components.mini-dyi.intro.step-outcomes', { limit }),
    t('components.mini-dyi.intro.step-indicators'),
    t('components.mini-dyi.intro.step-custom', { max: MINIDYI_MAX_CUSTOM_OUTCOMES }),
  ];
  return (
    <Stack spacing={2}>
      <SubStepHeader title={t('components.mini-dyi.intro.title')}>{t('components.mini-dyi.intro.text')}</SubStepHeader>
      <Box component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 0.75 } }}>
        {items.map((item) => (
          <li key={item}>
            <Typography>{item}</Typography>
          </li>
        ))}
      </Box>
      {/* The same words as the SROI help: one explanation of the target and the years, the formula's. */}
      <Typography>{t('components.mini-dyi.help.sroi.years', { years })}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <HelpButton topic="method" testId="help-method" years={years} />
        <HelpButton topic="sroi" years={years} />
      </Stack>
    </Stack>
  );
}
