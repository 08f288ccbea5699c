import { explainChoiceLimits } from '@impact-calls/step-views';
import type { SurveyCreatorModel } from 'survey-creator-core';

export { explainChoiceLimits };

/** The same in the creator's Preview tab, where an administrator tries the survey (the saved JSON is untouched). */
export function explainChoiceLimitsInPreview(creator: SurveyCreatorModel, hint: (max: number) => string): void {
  creator.onSurveyInstanceCreated.add((_, { area, survey }) => {
    if (area === 'preview-tab') explainChoiceLimits(survey, hint);
  });
}
