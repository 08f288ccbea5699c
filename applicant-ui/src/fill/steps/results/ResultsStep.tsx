import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { StepHtml } from '../StepHtml';
import { useFillText } from '../FillText';
import type { StepRendererProps } from '../types';

interface Bounds {
  lowerScore: number;
  upperScore: number;
  html?: string;
}

function readBounds(content: unknown): Bounds | undefined {
  const c = content as Partial<Bounds> | null;
  return c && typeof c.lowerScore === 'number' && typeof c.upperScore === 'number' ? (c as Bounds) : undefined;
}

function ScoreCard({
  label,
  value,
  text,
  bounds,
  testId,
}: {
  label: string;
  value: number | null;
  text: string;
  bounds?: Bounds;
  testId: string;
}) {
  const t = useFillText();
  const position =
    value === null || !bounds ? undefined : value < bounds.lowerScore ? 'below' : value > bounds.upperScore ? 'above' : 'within';
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
            {t('fill.results.bounds', { lower: bounds.lowerScore, upper: bounds.upperScore })}
          </Typography>
        )}
        {position && (
          <Chip sx={{ mt: 1 }} size="small" color={position === 'within' ? 'success' : 'warning'} label={t(`fill.results.${position}`)} />
        )}
      </CardContent>
    </Card>
  );
}

/** Results: the quiz score and the SROI index, placed against the step's score bounds. */
export function ResultsStep({ step, scores }: StepRendererProps) {
  const t = useFillText();
  const bounds = readBounds(step.content);
  const quiz = scores.quizScore;
  const sroi = scores.sroiScore;
  return (
    <Stack spacing={2}>
      {bounds?.html && <StepHtml html={bounds.html} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ScoreCard
          testId="result-quiz"
          label={t('fill.results.quiz-score')}
          value={quiz}
          bounds={bounds}
          text={quiz === null ? t(scores.closed ? 'fill.results.none' : 'fill.results.after-submit') : `${Math.round(quiz * 100)}%`}
        />
        <ScoreCard
          testId="result-sroi"
          label={t('fill.results.sroi')}
          value={sroi}
          bounds={bounds}
          text={sroi === null ? t('fill.results.none') : `1 : ${sroi.toFixed(2)}`}
        />
      </Stack>
    </Stack>
  );
}
