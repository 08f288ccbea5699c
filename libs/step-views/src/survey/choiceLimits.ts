import type { Question, SurveyModel } from 'survey-core';

/**
 * Under each question that takes at most N choices, says so: SurveyJS greys the other choices
 * out once N are ticked, without a word. The text goes after the question's own description.
 */
export function explainChoiceLimits(survey: SurveyModel, hint: (max: number) => string): void {
  for (const q of survey.getAllQuestions() as Question[]) {
    const max = Number((q as Question & { maxSelectedChoices?: unknown }).maxSelectedChoices);
    if (!(max > 0)) continue;
    q.description = q.description ? `${q.description} ${hint(max)}` : hint(max);
  }
}
