import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useFillText } from '../FillText';
import type { StepRendererProps } from '../types';

const SurveyForm = lazy(() => import('./SurveyForm'));

function SurveyLoading() {
  const t = useFillText();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('fill.survey.loading')} />
    </Box>
  );
}

/** A survey step: the step's SurveyJS JSON, answers saved as they change. */
export function SurveyStep({ step, result, readOnly, language, onChange, registerNavigator }: StepRendererProps) {
  return (
    <Suspense fallback={<SurveyLoading />}>
      {/* A new step, mode or language makes a new model (from the latest answers). */}
      <SurveyForm
        key={`${step.id}:${readOnly}:${language}`}
        json={step.content}
        result={result}
        readOnly={readOnly}
        language={language}
        onChange={onChange}
        registerNavigator={registerNavigator}
      />
    </Suspense>
  );
}
