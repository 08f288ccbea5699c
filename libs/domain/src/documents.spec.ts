import { describe, expect, it } from 'vitest';
import { archiveEntryName, localizedText, surveyAnswers, surveyAnswerText, uniqueNamer } from './documents.js';

const survey = {
  pages: [
    {
      elements: [
        { type: 'text', name: 'mission', title: { default: 'Your mission', it: 'La vostra missione' } },
        {
          type: 'radiogroup',
          name: 'size',
          title: 'Size',
          choices: [{ value: 's', text: { default: 'Small', it: 'Piccola' } }, 'large'],
          hasOther: true,
        },
        {
          type: 'checkbox',
          name: 'areas',
          title: 'Areas',
          choices: [
            { value: 1, text: 'Health' },
            { value: 2, text: 'Education' },
          ],
        },
        { type: 'boolean', name: 'ngo', title: 'An NGO?' },
        {
          type: 'matrix',
          name: 'm',
          title: 'Matrix',
          rows: [{ value: 'r1', text: 'Row one' }],
          columns: [{ value: 'c1', text: 'Col one' }],
        },
        { type: 'html', name: 'info', html: '<p>x</p>' },
        { type: 'comment', name: 'notes', title: '<b>Notes</b> &amp; more' },
      ],
    },
  ],
};

describe('surveyAnswers', () => {
  it('gives titles and labels in the language, never raw JSON', () => {
    const data = { mission: 'Help', size: 's', areas: [1, 2], ngo: true, m: { r1: 'c1' }, old: 'kept' };
    expect(surveyAnswers(survey, data, 'it')).toEqual([
      { name: 'mission', title: 'La vostra missione', answer: 'Help', answered: true },
      { name: 'size', title: 'Size', answer: 'Piccola', answered: true },
      { name: 'areas', title: 'Areas', answer: 'Health, Education', answered: true },
      { name: 'ngo', title: 'An NGO?', answer: 'Sì', answered: true },
      { name: 'm', title: 'Matrix', answer: 'Row one: Col one', answered: true },
      { name: 'notes', title: 'Notes & more', answer: '', answered: false },
      { name: 'old', title: 'old', answer: 'kept', answered: true },
    ]);
    expect(surveyAnswers(survey, { ngo: false }, 'en').find((a) => a.name === 'ngo')?.answer).toBe('No');
  });

  it('names the "other" choice with its comment', () => {
    const q = survey.pages[0].elements[1];
    expect(surveyAnswerText(q, 'other', 'fr', { 'size-Comment': 'Medium' })).toBe('Autre (Medium)');
  });

  it('reads localized strings with fallbacks', () => {
    expect(localizedText({ default: 'A', fr: 'B' }, 'fr')).toBe('B');
    expect(localizedText({ default: 'A' }, 'it')).toBe('A');
    expect(localizedText(undefined, 'it')).toBe('');
  });
});

describe('archive names', () => {
  it('are safe on every operating system', () => {
    expect(archiveEntryName('../..\\etc/passwd')).toBe('_.._etc_passwd');
    expect(archiveEntryName('CON.txt')).toBe('_CON.txt');
    expect(archiveEntryName('a:b*c?.pdf ')).toBe('a_b_c_.pdf');
    expect(archiveEntryName('x'.repeat(300) + '.pdf').length).toBe(120);
    expect(archiveEntryName('   ')).toBe('file');
  });

  it('are unique in a folder, ignoring case', () => {
    const name = uniqueNamer();
    expect([name('a.pdf'), name('A.pdf'), name('a.pdf'), name('b')]).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b']);
  });
});
