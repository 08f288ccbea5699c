import { formatPercentValue, formatQuizScore, formatSroiRatio, readResultsBounds } from '@impact-calls/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { StepHtml } from '../StepHtml';
import { useFillText } from '../FillText';
import type { StepRendererProps } from '../types';

interface ShownBounds {
  lower: number;
  upper: number;
  /** The bounds in the unit the score is shown in ("50 %" – "100 %", "1 : 1.00" – "1 : 8.00"). */
  text: { lower: string; upper: string };
}

function ScoreCard({
  label,
  value,
  text,
  bounds,
  testId,
}: {
  label: string;
  /** The score in the unit of its bounds (quiz: percent; SROI: x of 1 : x). */
  value: number | null;
  text: string;
  bounds?: ShownBounds;
  testId: string;
}) {
  const t = useFillText();
  const position = value === null || !bounds ? undefined : value < bounds.lower ? 'below' : value > bounds.upper ? 'above' : 'within';
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 220 }} data-testid={testId}>
      <CardContent>
        <Typography color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography variant={value === null ? 'body1' : 'h4'} component="p" sx={{ fontWeight: 700 }}>
          {text}
        </Typography>
        {bounds && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('fill.results.bounds', { lower: bounds.text.lower, upper: bounds.text.upper })}
          </Typography>
        )}
        {position && (
          <Chip sx={{ mt: 1 }} size="small" color={position === 'within' ? 'success' : 'warning'} label={t(`fill.results.${position}`)} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Results: the quiz score and the SROI index, each in one unit everywhere: the quiz
 * score as a percentage, the SROI index as "1 : x", numbers in the interface language. The
 * step's bounds apply to one of them (`appliesTo`) and are shown in that score's unit.
 */
export function ResultsStep({ step, scores, language }: StepRendererProps) {
  const t = useFillText();
  const bounds = readResultsBounds(step.content);
  const html = (step.content as { html?: unknown } | null)?.html;
  const quiz = scores.quizScore;
  const sroi = scores.sroiScore;
  const shown = (format: (n: number) => string): ShownBounds | undefined =>
    bounds && { lower: bounds.lower, upper: bounds.upper, text: { lower: format(bounds.lower), upper: format(bounds.upper) } };
  return (
    <Stack spacing={2}>
      {typeof html === 'string' && html && <StepHtml html={html} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ScoreCard
          testId="result-quiz"
          label={t('fill.results.quiz-score')}
          value={quiz === null ? null : quiz * 100}
          bounds={bounds?.appliesTo === 'quiz' ? shown((n) => formatPercentValue(n, language)) : undefined}
          text={quiz === null ? t(scores.closed ? 'fill.results.none' : 'fill.results.after-submit') : formatQuizScore(quiz, language)}
        />
        <ScoreCard
          testId="result-sroi"
          label={t('fill.results.sroi')}
          value={sroi}
          bounds={bounds?.appliesTo === 'sroi' ? shown((n) => formatSroiRatio(n, language)) : undefined}
          text={sroi === null ? t('fill.results.none') : formatSroiRatio(sroi, language)}
        />
      </Stack>
    </Stack>
  );
}
