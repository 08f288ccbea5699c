import type { FillPosition } from '@impact-calls/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { FillStep } from '@impact-calls/step-views';

/** Whether a step that takes answers has all it needs to be submitted. */
export type StepStatus = 'complete' | 'incomplete';

export interface SidebarProps {
  steps: FillStep[];
  positions: FillPosition[];
  current: FillPosition;
  subStepLabel?: (stepIndex: number, sub: number) => string;
  /** Marks each step complete or to complete (steps with nothing to fill have no mark). */
  status?: (stepIndex: number) => StepStatus | undefined;
  onSelect(position: FillPosition): void;
}

/** The steps (and sub-steps) of the call, each marked complete or not; any of them can be opened directly. */
export function StepSidebar({ steps, positions, current, subStepLabel, status, onSelect }: SidebarProps) {
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
            const mark = row.sub ? undefined : status?.(p.step);
            return (
              <ListItem key={row.key} disablePadding>
                <ListItemButton
                  selected={selected}
                  aria-current={selected ? 'step' : undefined}
                  onClick={() => onSelect(p)}
                  sx={{ pl: row.sub ? 4 : 2, borderRadius: 1, gap: 1 }}
                  data-status={mark}
                >
                  <ListItemText
                    primary={row.label}
                    slotProps={{ primary: { sx: { fontWeight: bold ? 700 : 400, overflowWrap: 'anywhere' } } }}
                  />
                  {mark === 'complete' && <CheckCircle fontSize="small" color="success" titleAccess={t('fill.status.complete')} />}
                  {mark === 'incomplete' && (
                    <RadioButtonUnchecked fontSize="small" sx={{ color: 'text.secondary' }} titleAccess={t('fill.status.incomplete')} />
                  )}
                </ListItemButton>
              </ListItem>
            );
          });
        })}
      </List>
    </nav>
  );
}
