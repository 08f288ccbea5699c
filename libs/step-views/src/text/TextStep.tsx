import { readTextContent } from '@impact-calls/domain';
import type { StepRendererProps } from '../types';
import { StepHtml } from '../StepHtml';

/** A text step: the administrator's sanitized HTML. */
export function TextStep({ step }: StepRendererProps) {
  return <StepHtml html={readTextContent(step.content)} />;
}
