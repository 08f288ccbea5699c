import { formatDateTimeWithZone } from '@impact-calls/domain';
import Typography from '@mui/material/Typography';
import { useFieldValue, useLocaleState, useTranslate, type FieldProps } from 'react-admin';

/** A value of a record as an instant, or undefined when it is none (empty, not a date). */
function instantOf(value: unknown): Date | undefined {
  if (!(value instanceof Date) && typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A record's date and time in the console's language and the browser's time zone, the zone
 * named ("24 November 2026 at 13:17 CET"), as every other screen writes it: react-admin's
 * `<DateField showTime>` writes no zone.
 */
export function DateTimeField(props: FieldProps) {
  const { className, emptyText } = props;
  const value = useFieldValue(props);
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const date = instantOf(value);
  const text = date ? formatDateTimeWithZone(date, locale) : emptyText ? translate(emptyText, { _: emptyText }) : '';
  if (!text) return null;
  return (
    <Typography component="span" variant="body2" className={className}>
      {text}
    </Typography>
  );
}
