import type { StepRendererProps } from '../types';
import { SurveyStep } from '../survey/SurveyStep';

/**
 * A quiz step: a SurveyJS form like a survey. Its answer key stays on the server (the API
 * sends the questions without correctAnswer) and the score is computed when submitting.
 */
export function QuizStep(props: StepRendererProps) {
  return <SurveyStep {...props} />;
}
