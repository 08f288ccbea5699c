import { describe, expect, it } from 'vitest';
import { stepIssues } from './stepModel';
import { defaultContent, type StepType } from './stepModel';

const TYPES: StepType[] = [
  { id: 'm', name: 'miniDyi', hiddenInPicker: false },
  { id: 's', name: 'survey', hiddenInPicker: false },
  { id: 't', name: 'text', hiddenInPicker: false },
];

describe('steps nobody could fill (issue 14)', () => {
  it('names a new miniDyi step without a framework and a new survey without questions, as the API would refuse them', () => {
    const steps = [
      { name: 'Impact', stepTypeId: 'm', content: defaultContent('miniDyi') },
      { name: 'Survey', stepTypeId: 's', content: defaultContent('survey') },
      { name: 'Intro', stepTypeId: 't', content: defaultContent('text') },
    ];
    expect(stepIssues(steps, TYPES, null)).toEqual([
      { index: 0, name: 'Impact', key: 'pages.admin.steps.error-minidyi-no-framework' },
      { index: 1, name: 'Survey', key: 'pages.admin.steps.error-survey-no-questions' },
    ]);
  });

  it('accepts a miniDyi step without its own framework when the call names one, and a survey with a question', () => {
    const steps = [
      { name: 'Impact', stepTypeId: 'm', content: defaultContent('miniDyi') },
      { name: 'Survey', stepTypeId: 's', content: { elements: [{ type: 'text', name: 'q' }] } },
    ];
    expect(stepIssues(steps, TYPES, 'framework-1')).toEqual([]);
  });
});
