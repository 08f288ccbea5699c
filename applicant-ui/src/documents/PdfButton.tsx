import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** "Download PDF", showing "Preparing the PDF…" with a spinner while the server renders it. */
export function PdfButton({ busy, label, ...props }: ButtonProps & { busy: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Button
      {...props}
      disabled={props.disabled || busy}
      aria-busy={busy || undefined}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PictureAsPdfOutlined />}
      data-testid="pdf-button"
    >
      {busy ? t('fill.pdf.preparing') : label}
    </Button>
  );
}
