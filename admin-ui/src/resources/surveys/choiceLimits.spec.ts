import { SurveyCreatorModel } from 'survey-creator-core';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { explainChoiceLimitsInPreview } from './choiceLimits';

const JSON_WITH_LIMIT = {
  pages: [
    {
      name: 'feedback',
      elements: [
        { type: 'checkbox', name: 'features', title: 'Which two?', maxSelectedChoices: 2, choices: ['Mentoring', 'Funding', 'Networking'] },
        { type: 'checkbox', name: 'tools', title: 'Tools', description: 'Tick what you use.', maxSelectedChoices: 1, choices: ['a', 'b'] },
        { type: 'checkbox', name: 'free', title: 'Any', choices: ['x', 'y'] },
      ],
    },
  ],
};

describe("the Survey Creator's preview", () => {
  it('says why choices grey out at a question’s limit, without touching the saved survey', () => {
    const i18n = createI18nProvider('it');
    const creator = new SurveyCreatorModel({ showTranslationTab: false, showThemeTab: false, isAutoSave: false });
    explainChoiceLimitsInPreview(creator, (max) => i18n.translate('fill.survey.max-choices', { max }));
    creator.JSON = JSON_WITH_LIMIT;
    creator.makeNewViewActive('preview');
    const survey = (
      creator.getPlugin('preview') as unknown as { model: { survey: { getQuestionByName(n: string): { description: string } } } }
    ).model.survey;
    expect(survey.getQuestionByName('features').description).toBe('Puoi sceglierne al massimo 2.');
    expect(survey.getQuestionByName('tools').description).toBe('Tick what you use. Puoi sceglierne al massimo 1.');
    expect(survey.getQuestionByName('free').description).toBe('');
    expect(creator.JSON).toEqual(JSON_WITH_LIMIT);
  });
});
