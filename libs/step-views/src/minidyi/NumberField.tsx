import { parseNumberInput } from '@impact-calls/domain';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFillText } from '../FillText';
import { useInputValidity } from '../InputValidity';

export interface NumberFieldProps {
  label: ReactNode;
  value: number | null;
  /** The number typed, or null when the input is empty (empty inputs are ignored, not zero). */
  onChange(value: number | null): void;
  /** An error key shown once the field was left (or at once when `showError`). */
  errorKey?: string;
  showError?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Text before the number (e.g. €). */
  prefix?: string;
  max?: number;
  id?: string;
  testId?: string;
  size?: 'small' | 'medium';
}

const show = (v: number | null) => (v === null ? '' : String(v));

/**
 * A number input that accepts a decimal comma ("12,5"), keeps what is typed while it is
 * not yet a number, and reports `null` for an empty input. Text that is not a number of 0
 * or more (up to `max`) is flagged and counts as empty.
 */
export function NumberField({
  label,
  value,
  onChange,
  errorKey,
  showError,
  helperText,
  disabled,
  required,
  prefix,
  max,
  id,
  testId,
  size,
}: NumberFieldProps) {
  const t = useFillText();
  const [text, setText] = useState(show(value));
  const [touched, setTouched] = useState(false);
  const last = useRef<number | null>(value);
  useEffect(() => {
    // A change from outside (another tab, a reset): show it; our own typing is left as typed.
    if (value !== last.current) {
      last.current = value;
      setText(show(value));
    }
  }, [value]);
  const parsed = parseNumberInput(text);
  const notNumber = text.trim() !== '' && parsed === null;
  const negative = parsed !== null && parsed < 0;
  const tooLarge = parsed !== null && max !== undefined && parsed > max;
  const localError = notNumber
    ? 'components.mini-dyi.number.invalid'
    : negative
      ? 'components.mini-dyi.number.negative'
      : tooLarge
        ? 'components.mini-dyi.number.too-large'
        : undefined;
  const message = localError ?? (errorKey && (touched || showError) ? errorKey : undefined);
  // What is typed but not a usable number stops "next" (it counts as empty, so it would be lost).
  useInputValidity(!!localError && !disabled);
  return (
    <TextField
      id={id}
      label={label}
      value={text}
      size={size}
      disabled={disabled}
      required={required}
      error={!!message}
      helperText={message ? t(message, { max: max ?? 0 }) : helperText}
      onBlur={() => setTouched(true)}
      onChange={(e) => {
        const raw = e.target.value;
        setText(raw);
        // What is not a number of 0 or more counts as empty: the API refuses the rest.
        const v = parseNumberInput(raw);
        const usable = v !== null && v >= 0 && (max === undefined || v <= max) ? v : null;
        last.current = usable;
        if (usable !== value) onChange(usable);
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'data-testid': testId },
        input: prefix ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> } : undefined,
      }}
      fullWidth
    />
  );
}
