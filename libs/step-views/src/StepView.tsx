import type { ComponentType } from 'react';
import { LazyMiniDyiStep } from './minidyi/LazyMiniDyiStep';
import { NotImplementedStep } from './NotImplementedStep';
import { QuizStep } from './quiz/QuizStep';
import { ResultsStep } from './results/ResultsStep';
import { SurveyStep } from './survey/SurveyStep';
import { TextStep } from './text/TextStep';
import type { StepRendererProps } from './types';
import { UploadStep } from './upload/UploadStep';

/**
 * The renderer of each step kind; any other kind shows "not implemented". miniDyi's screens
 * (minidyi/) are loaded lazily when such a step is opened.
 */
export const STEP_RENDERERS: Record<string, ComponentType<StepRendererProps>> = {
  text: TextStep,
  upload: UploadStep,
  survey: SurveyStep,
  quiz: QuizStep,
  results: ResultsStep,
  miniDyi: LazyMiniDyiStep,
};

/** One step, rendered by its kind (the same in the fill screen and the console's review). */
export function StepView(props: StepRendererProps & { renderers?: Record<string, ComponentType<StepRendererProps>> }) {
  const { renderers = STEP_RENDERERS, ...rest } = props;
  const Renderer = renderers[props.step.stepTypeName];
  if (!Renderer) return <NotImplementedStep typeName={props.step.stepTypeName} />;
  return <Renderer {...rest} />;
}
