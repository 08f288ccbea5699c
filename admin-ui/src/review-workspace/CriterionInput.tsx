import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDecimal, scoreProblems } from '@impact-calls/domain';
import { useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Criterion } from './reviewApi';
import { VISUALLY_HIDDEN } from './parts';
import { guidanceText } from './paths';

/** The number as typed ("3,5" too), or undefined when it is no number. */
export function parseScore(text: string): number | undefined {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? undefined : n;
}

/**
 * One criterion of the rubric: its guidance, a slider and a number field (both keyboard usable,
 * both labelled with the criterion), kept within its scale and step. A value the scale refuses
 * stays in the field with the reason, and is not saved.
 */
export function CriterionInput({
  criterion,
  value,
  onChange,
  disabled,
  problem,
}: {
  criterion: Criterion;
  value: number | null;
  onChange: (value: number | null) => void;
  disabled: boolean;
  /** The API's reason for this criterion (missing, out-of-scale, off-step), if any. */
  problem?: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [local, setLocal] = useState<string>();
  const fmt = (n: number) => formatDecimal(n, locale, 3);
  const scale = translate('pages.review-workspace.form.scale', {
    min: fmt(criterion.min),
    max: fmt(criterion.max),
    step: fmt(criterion.step),
  });
  const guidance = guidanceText(criterion.guidance, locale);
  const steps = (criterion.max - criterion.min) / criterion.step;
  const reason = local ?? problem;
  const typed = (next: string) => {
    setText(next);
    const n = parseScore(next);
    if (next.trim() === '') {
      setLocal(undefined);
      onChange(null);
    } else if (n === undefined) {
      setLocal('not-a-number');
    } else {
      const [p] = scoreProblems([criterion], { [criterion.id]: n });
      setLocal(p?.reason);
      if (!p) onChange(n);
    }
  };
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, mb: 2.5, minWidth: 0 }}
      data-testid={`criterion-${criterion.id}`}
      aria-invalid={!!reason || undefined}
    >
      <Typography component="legend" id={`${id}-name`} sx={{ fontWeight: 600, overflowWrap: 'anywhere', p: 0 }}>
        {criterion.name}
        {criterion.required && (
          <Typography component="span" color="error" sx={{ ml: 0.5 }}>
            <span aria-hidden>*</span>
            <span style={VISUALLY_HIDDEN}>{translate('pages.review-workspace.form.required')}</span>
          </Typography>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" id={`${id}-scale`}>
        {scale} · {translate('pages.review-workspace.form.weight', { weight: fmt(criterion.weight) })}
      </Typography>
      {guidance && (
        <Typography variant="body2" id={`${id}-guidance`} sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
          {guidance}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        <Slider
          value={value ?? criterion.min}
          min={criterion.min}
          max={criterion.max}
          step={criterion.step}
          marks={steps <= 10}
          disabled={disabled}
          onChange={(_, v) => {
            // The field follows the slider.
            setText(String(v));
            setLocal(undefined);
            onChange(v as number);
          }}
          valueLabelDisplay="auto"
          getAriaValueText={(v) => (value === null ? translate('pages.review-workspace.form.not-scored') : fmt(v))}
          aria-labelledby={`${id}-name`}
          slotProps={{ input: { 'aria-describedby': `${id}-scale` } }}
          sx={{ flex: 1, minWidth: 0, opacity: value === null ? 0.5 : 1 }}
        />
        {/* In a box of its own: react-admin's theme makes text fields full width on phones, which left the slider no room. */}
        <Box sx={{ width: 120, flexShrink: 0 }}>
          <TextField
            label={translate('pages.review-workspace.form.score-of')}
            type="number"
            value={text}
            onChange={(e) => typed(e.target.value)}
            disabled={disabled}
            size="small"
            error={!!reason}
            fullWidth
            slotProps={{
              htmlInput: { min: criterion.min, max: criterion.max, step: criterion.step, 'aria-describedby': `${id}-scale ${id}-state` },
              inputLabel: { shrink: true },
            }}
          />
        </Box>
      </Stack>
      <Typography id={`${id}-state`} variant="body2" color={reason ? 'error' : 'text.secondary'} role={reason ? 'alert' : undefined}>
        {reason
          ? translate(`pages.review-workspace.form.problem.${reason}`, { _: translate('pages.review-workspace.form.problem.invalid') })
          : value === null
            ? translate('pages.review-workspace.form.not-scored')
            : ''}
      </Typography>
    </Box>
  );
}
