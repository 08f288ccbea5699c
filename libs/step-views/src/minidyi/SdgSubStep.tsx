import { canSelectSdg, SDG_CODES, sdgName, toggleSdg } from '@impact-calls/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useFillText } from '../FillText';
import { VISUALLY_HIDDEN } from '../visuallyHidden';
import { SdgTile } from './SdgTile';
import { SubStepHeader } from './SubStepHeader';
import type { SubStepProps } from './types';

/** Sub-step 3 (SDG filter on): the 17 goal tiles, toggled up to maxSdgSelect. */
export function SdgSubStep({ state, readOnly, language, update }: SubStepProps) {
  const t = useFillText();
  const [refused, setRefused] = useState(false);
  const atLimit = state.sdg.length >= state.maxSdg;
  return (
    <Stack spacing={2}>
      <SubStepHeader title={t('components.mini-dyi.sdg.title')}>{t('components.mini-dyi.sdg.text', { max: state.maxSdg })}</SubStepHeader>
      <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }} data-testid="sdg-count">
        {t('components.mini-dyi.sdg.selected', { count: state.sdg.length, max: state.maxSdg })}
        {(atLimit || refused) && ` · ${t('components.mini-dyi.sdg.limit-reached', { max: state.maxSdg })}`}
      </Typography>
      <Box
        role="group"
        aria-label={t('components.mini-dyi.sdg.title')}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(5, 1fr)', md: 'repeat(6, 1fr)' },
          gap: { xs: 1, sm: 1.5 },
        }}
      >
        {SDG_CODES.map((code) => {
          const selected = state.sdg.includes(code);
          const blocked = !canSelectSdg(state, code);
          return (
            <ButtonBase
              key={code}
              aria-pressed={selected}
              disabled={readOnly}
              data-testid={`sdg-toggle-${code}`}
              onClick={() => {
                if (readOnly) return;
                const next = toggleSdg(state, code);
                setRefused(next === state);
                update(next);
              }}
              sx={{
                position: 'relative',
                display: 'block',
                borderRadius: 1.5,
                outline: selected ? '4px solid' : 'none',
                outlineColor: 'primary.main',
                outlineOffset: 2,
                opacity: blocked && !selected ? 0.45 : 1,
                transition: 'opacity 120ms',
                '&.Mui-focusVisible': { outline: '3px solid #f2a541', outlineOffset: 3 },
              }}
            >
              <SdgTile code={code} language={language} size="100%" decorative />
              {/* The name as text (not aria-label): the tile's visible words stay part of it. */}
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('components.mini-dyi.sdg.tile', { code, name: sdgName(code, language) })}
              </Box>
              {selected && (
                <CheckCircle
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    right: 4,
                    bottom: 4,
                    color: '#fff',
                    bgcolor: 'primary.main',
                    borderRadius: '50%',
                    fontSize: 26,
                  }}
                />
              )}
            </ButtonBase>
          );
        })}
      </Box>
    </Stack>
  );
}
