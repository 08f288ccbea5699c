import type { StakeholderChoice } from '@impact-calls/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFillText } from '../FillText';

/** The stakeholder dropdown of an outcome (required: an outcome without one blocks "next"). */
export function StakeholderSelect({
  value,
  options,
  onChange,
  disabled,
  testId,
}: {
  value: string | null;
  options: StakeholderChoice[];
  onChange(choice: StakeholderChoice | null): void;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useFillText();
  const known = value !== null && options.some((s) => s.stakeholderId === value);
  return (
    <TextField
      select
      label={t('components.mini-dyi.indicators.stakeholder')}
      value={known ? value : ''}
      required
      error={value === null}
      helperText={value === null ? t('components.mini-dyi.indicators.stakeholder-required') : undefined}
      disabled={disabled}
      onChange={(e) => onChange(options.find((s) => s.stakeholderId === e.target.value) ?? null)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
      sx={{ minWidth: { sm: 280 } }}
      fullWidth
    >
      {options.map((s) => (
        <MenuItem key={s.stakeholderId} value={s.stakeholderId}>
          {s.stakeholderName}
        </MenuItem>
      ))}
    </TextField>
  );
}
