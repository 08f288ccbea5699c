import { describe, expect, it } from 'vitest';
import { isNpsScale, npsSplit, ratingScale, reportQuestions } from './reports.js';

describe('reportQuestions', () => {
  const survey = {
    pages: [
      {
        elements: [
          { type: 'html', name: 'intro', html: '<p>Hi</p>' },
          {
            type: 'radiogroup',
            name: 'c',
            title: { default: 'Colour', it: 'Colore' },
            choices: ['red', { value: 'b', text: 'Blue' }],
            showOtherItem: true,
          },
          { type: 'panel', name: 'p', elements: [{ type: 'tagbox', name: 't', choices: ['x'] }] },
          { type: 'boolean', name: 'ok', labelTrue: 'Sure', valueTrue: 'y', valueFalse: 'n' },
          { type: 'rating', name: 'r' },
          { type: 'rating', name: 'nps', rateMin: 0, rateMax: 10 },
          { type: 'text', name: 'n', inputType: 'number' },
          { type: 'text', name: 'words' },
          { type: 'matrix', name: 'm', rows: ['r1'], columns: [{ value: 'c1', text: 'One' }] },
          { type: 'file', name: 'f' },
        ],
      },
    ],
  };

  it('gives each answerable question its kind, labels and scale', () => {
    const qs = reportQuestions(survey, 'it');
    expect(qs.map((q) => [q.name, q.kind])).toEqual([
      ['c', 'choice'],
      ['t', 'multi'],
      ['ok', 'boolean'],
      ['r', 'rating'],
      ['nps', 'rating'],
      ['n', 'number'],
      ['words', 'text'],
      ['m', 'matrix'],
      ['f', 'other'],
    ]);
    expect(qs[0].title).toBe('Colore');
    expect(qs[0].options.map((o) => o.label)).toEqual(['red', 'Blue', 'Altro']);
    expect(qs[2].options).toEqual([
      { value: 'y', label: 'Sure' },
      { value: 'n', label: 'No' },
    ]);
    expect(qs[3].options.map((o) => o.value)).toEqual(['1', '2', '3', '4', '5']);
    expect([qs[3].nps, qs[4].nps]).toEqual([false, true]);
    expect(qs[7].rows).toEqual([{ value: 'r1', label: 'r1' }]);
  });

  it('reads rating scales as SurveyJS does', () => {
    expect(ratingScale({ rateValues: [{ value: 1, text: 'Bad' }, 2] }, 'en')).toEqual([
      { value: '1', label: 'Bad' },
      { value: '2', label: '2' },
    ]);
    expect(ratingScale({ rateMin: 0, rateMax: 1, rateStep: 0.5 }, 'en').map((o) => o.value)).toEqual(['0', '0.5', '1']);
    expect(ratingScale({ rateCount: 3 }, 'en').map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(isNpsScale(ratingScale({ rateMin: 1, rateMax: 11 }, 'en'))).toBe(false);
  });
});

describe('npsSplit', () => {
  it('splits 0-10 answers: promoters 9-10, passives 7-8, detractors 0-6', () => {
    const dist = Array.from({ length: 11 }, (_, v) => ({ value: v, count: 1 }));
    expect(npsSplit(dist)).toEqual({ promoters: 2, passives: 2, detractors: 7, total: 11, score: ((2 - 7) / 11) * 100 });
    expect(npsSplit([])).toEqual({ promoters: 0, passives: 0, detractors: 0, total: 0, score: null });
  });
});
