import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { contrastRatio, sdgInfo, sdgName, type Language } from '@impact-calls/domain';
import { useLocaleState, useTranslate } from 'react-admin';

/** An SDG as a small tile: the goal's official colour, its number and (on hover) its name; `compact` shows the number only. */
export function SdgChip({ code, compact = false }: { code: number; compact?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const info = sdgInfo(code);
  const name = sdgName(code, locale as Language);
  // Small bold text needs 4.5:1 (the tiles' large numbers only need 3:1): the better of white and near-black.
  const background = info?.colour ?? '#FFFFFF';
  const text = contrastRatio(background, '#FFFFFF') >= contrastRatio(background, '#1A1A1A') ? '#FFFFFF' : '#1A1A1A';
  return (
    <Tooltip title={name}>
      <Chip
        size="small"
        label={compact ? code : translate('pages.admin.impact-framework.sdg', { code })}
        aria-label={`${translate('pages.admin.impact-framework.sdg', { code })}: ${name}`}
        sx={{
          bgcolor: info?.colour,
          color: text,
          fontWeight: 600,
          mr: 0.5,
          mb: 0.5,
          ...(compact ? { minWidth: 30, '& .MuiChip-label': { px: 0.75 } } : {}),
        }}
      />
    </Tooltip>
  );
}
