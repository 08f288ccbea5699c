import type { FillPosition } from '@impact-calls/domain';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { FillStep } from './steps';

export interface SidebarProps {
  steps: FillStep[];
  positions: FillPosition[];
  current: FillPosition;
  subStepLabel?: (stepIndex: number, sub: number) => string;
  onSelect(position: FillPosition): void;
}

/** The steps (and sub-steps) of the call; any of them can be opened directly. */
export function StepSidebar({ steps, positions, current, subStepLabel, onSelect }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('fill.steps')}>
      <List dense disablePadding>
        {positions.flatMap((p) => {
          // A step with named sub-steps (miniDyi): its own row, then every sub-step indented, the first one included.
          const named = !!subStepLabel && positions.some((q) => q.step === p.step && q.sub > 0);
          const rows: { key: string; label: string; sub: boolean; header: boolean }[] = [];
          if (p.sub === 0) rows.push({ key: `${p.step}`, label: `${p.step + 1}. ${steps[p.step].name}`, sub: false, header: named });
          if (p.sub > 0 || named) {
            rows.push({
              key: `${p.step}-${p.sub}`,
              label: subStepLabel?.(p.step, p.sub) ?? `${p.step + 1}.${p.sub + 1}`,
              sub: true,
              header: false,
            });
          }
          return rows.map((row) => {
            const selected = row.header ? false : p.step === current.step && p.sub === current.sub;
            const bold = selected || (row.header && p.step === current.step);
            return (
              <ListItem key={row.key} disablePadding>
                <ListItemButton
                  selected={selected}
                  aria-current={selected ? 'step' : undefined}
                  onClick={() => onSelect(p)}
                  sx={{ pl: row.sub ? 4 : 2, borderRadius: 1 }}
                >
                  <ListItemText
                    primary={row.label}
                    slotProps={{ primary: { sx: { fontWeight: bold ? 700 : 400, overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          });
        })}
      </List>
    </nav>
  );
}
