import { IMPACT_YEARS } from '@impact-calls/domain';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useFillText } from '../FillText';

export type HelpTopic = 'sroi' | 'method';

const PARAGRAPHS: Record<HelpTopic, string[]> = {
  sroi: ['what', 'formula', 'years', 'reductions', 'over'],
  method: ['outcome', 'stakeholder', 'indicator', 'proxy', 'chain', 'custom'],
};

/**
 * The two help modals: what the SROI estimate is, and how outcomes, stakeholders, indicators
 * and proxies fit together. `years`: the step's SROI years, which the texts name.
 */
export function HelpDialog({
  topic,
  open,
  onClose,
  years = IMPACT_YEARS,
}: {
  topic: HelpTopic;
  open: boolean;
  onClose(): void;
  years?: number;
}) {
  const t = useFillText();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(`components.mini-dyi.help.${topic}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {PARAGRAPHS[topic].map((p) => (
            <Typography key={p}>{t(`components.mini-dyi.help.${topic}.${p}`, { years })}</Typography>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('components.mini-dyi.help.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A text button opening one of the help modals. */
export function HelpButton({ topic, testId, years }: { topic: HelpTopic; testId?: string; years?: number }) {
  const t = useFillText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<HelpOutline />} onClick={() => setOpen(true)} data-testid={testId} sx={{ alignSelf: 'flex-start' }}>
        {t(`components.mini-dyi.help.${topic}.open`)}
      </Button>
      <HelpDialog topic={topic} open={open} onClose={() => setOpen(false)} years={years} />
    </>
  );
}

/** The helper popup: a small "i" button beside a field opening a short explanation. */
export function HelperPopup({ labelKey, textKey, vars }: { labelKey: string; textKey: string; vars?: Record<string, string | number> }) {
  const t = useFillText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <IconButton
        size="small"
        aria-label={t(labelKey)}
        aria-describedby={anchor ? id : undefined}
        aria-expanded={!!anchor}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="minidyi-helper"
      >
        <InfoOutlined fontSize="small" />
      </IconButton>
      <Popover
        id={id}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 2, maxWidth: 340 }, role: 'dialog', 'aria-label': t(labelKey) } }}
      >
        <Typography variant="body2">{t(textKey, vars)}</Typography>
      </Popover>
    </>
  );
}
