import Alert from '@mui/material/Alert';
import { useFillText } from './FillText';

/** A step type the fill screen does not render (spec: components.not-implemented plus the type name). */
export function NotImplementedStep({ typeName }: { typeName: string }) {
  const t = useFillText();
  return (
    <Alert severity="info" data-testid="step-not-implemented">
      {t('components.not-implemented')} {typeName || '?'}
    </Alert>
  );
}
