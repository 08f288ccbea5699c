import { describe, expect, it } from 'vitest';
import {
  callPhase,
  callStatus,
  invalidFilterEmails,
  isCallLocked,
  isCallOpen,
  isEmailAllowed,
  mergeQuizAnswers,
  moveStep,
  newCallDates,
  normalizeEmailFilter,
  orderCallsForUser,
  orderSteps,
  parseEmailFilter,
  readResultsBounds,
  stepPublishIssue,
  readSurveyJson,
  readTextContent,
  renumberSteps,
  splitQuizAnswers,
  surveyQuestions,
  toUtcDate,
} from './calls.js';

const call = (openingAt: string, closingAt: string) => ({ openingAt, closingAt });

describe('toUtcDate', () => {
  it('reads a date without zone as UTC', () => {
    expect(toUtcDate('2030-05-01T10:00:00').toISOString()).toBe('2030-05-01T10:00:00.000Z');
    expect(toUtcDate('2030-05-01').toISOString()).toBe('2030-05-01T00:00:00.000Z');
  });
  it('keeps an explicit zone', () => {
    expect(toUtcDate('2030-05-01T10:00:00+02:00').toISOString()).toBe('2030-05-01T08:00:00.000Z');
    expect(toUtcDate('2030-05-01T10:00:00.123Z').toISOString()).toBe('2030-05-01T10:00:00.123Z');
  });
  it('answers an invalid date for garbage', () => {
    expect(Number.isNaN(toUtcDate('tomorrow').getTime())).toBe(true);
  });
});

describe('call status', () => {
  const c = call('2030-01-01T00:00:00Z', '2030-02-01T00:00:00Z');
  it('is open at both boundaries, closed one millisecond outside', () => {
    expect(isCallOpen(c, new Date('2030-01-01T00:00:00.000Z'))).toBe(true);
    expect(isCallOpen(c, new Date('2030-02-01T00:00:00.000Z'))).toBe(true);
    expect(isCallOpen(c, new Date('2029-12-31T23:59:59.999Z'))).toBe(false);
    expect(isCallOpen(c, new Date('2030-02-01T00:00:00.001Z'))).toBe(false);
  });
  it('reads dates without Z as UTC', () => {
    const local = call('2030-01-01T00:00:00', '2030-02-01T00:00:00');
    expect(isCallOpen(local, new Date('2030-01-01T00:00:00.000Z'))).toBe(true);
    expect(isCallOpen(local, new Date('2029-12-31T23:59:59.999Z'))).toBe(false);
  });
  it('names the phase and the applicant status', () => {
    expect(callPhase(c, new Date('2029-06-01Z'))).toBe('upcoming');
    expect(callPhase(c, new Date('2030-01-15Z'))).toBe('open');
    expect(callPhase(c, new Date('2030-06-01Z'))).toBe('closed');
    expect(callStatus(c, new Date('2029-06-01Z'))).toBe('close');
    expect(callStatus(c, new Date('2030-01-15Z'))).toBe('open');
  });
  it('sets a new call one month and three months ahead', () => {
    const d = newCallDates(new Date('2030-01-31T09:00:00Z'));
    expect(d.openingAt.toISOString()).toBe('2030-02-28T09:00:00.000Z');
    expect(d.closingAt.toISOString()).toBe('2030-04-30T09:00:00.000Z');
    const e = newCallDates(new Date('2030-11-15T00:00:00Z'));
    expect(e.openingAt.toISOString()).toBe('2030-12-15T00:00:00.000Z');
    expect(e.closingAt.toISOString()).toBe('2031-02-15T00:00:00.000Z');
  });
  it('is locked before callLockEnd only', () => {
    expect(isCallLocked({ callLockEnd: null })).toBe(false);
    expect(isCallLocked({ callLockEnd: '2030-01-01T00:00:00Z' }, new Date('2029-12-31Z'))).toBe(true);
    expect(isCallLocked({ callLockEnd: '2030-01-01T00:00:00Z' }, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('orderCallsForUser', () => {
  const now = new Date('2030-01-15T00:00:00Z');
  const open = call('2030-01-01Z', '2030-02-01Z');
  const closed = call('2029-01-01Z', '2029-02-01Z');
  const upcoming = call('2031-01-01Z', '2031-02-01Z');
  it('puts open calls first, then closed, each by name, and hides empty names', () => {
    const list = [
      { id: '1', name: 'zeta', ...open },
      { id: '2', name: 'Alpha', ...closed },
      { id: '3', name: '  ', ...open },
      { id: '4', name: 'beta', ...open },
      { id: '5', name: 'Gamma', ...upcoming },
      { id: '6', name: '', ...closed },
      { id: '7', name: 'Éclair', ...open },
    ];
    expect(orderCallsForUser(list, now).map((c) => c.name)).toEqual(['beta', 'Éclair', 'zeta', 'Alpha', 'Gamma']);
  });
  it('is stable for equal names', () => {
    const list = [
      { id: 'b', name: 'Same', ...open },
      { id: 'a', name: 'same', ...open },
    ];
    expect(orderCallsForUser(list, now).map((c) => c.id)).toEqual(['a', 'b']);
  });
});

describe('e-mail filter', () => {
  it('parses a comma-separated list, trimmed and lower-cased, without duplicates', () => {
    expect(parseEmailFilter(' A@x.org, b@Y.org ,,a@X.ORG ')).toEqual(['a@x.org', 'b@y.org']);
    expect(parseEmailFilter('')).toEqual([]);
    expect(parseEmailFilter(null)).toEqual([]);
    expect(normalizeEmailFilter(' A@x.org,b@y.org')).toBe('a@x.org, b@y.org');
  });
  it('names entries that are not addresses', () => {
    expect(invalidFilterEmails('a@x.org, not-an-email, b@y.org; c@z.org,')).toEqual(['not-an-email', 'b@y.org; c@z.org']);
    expect(invalidFilterEmails('a@x.org')).toEqual([]);
  });
  it('lets everyone in when off and only listed addresses when on, case-insensitively', () => {
    expect(isEmailAllowed({ isUserFilterEnable: false, userFilterEmail: 'a@x.org' }, 'z@z.org')).toBe(true);
    const on = { isUserFilterEnable: true, userFilterEmail: 'A@x.org, b@y.org' };
    expect(isEmailAllowed(on, 'a@X.org')).toBe(true);
    expect(isEmailAllowed(on, ' b@y.org ')).toBe(true);
    expect(isEmailAllowed(on, 'c@y.org')).toBe(false);
    expect(isEmailAllowed(on, 'a@x.or')).toBe(false);
    expect(isEmailAllowed({ isUserFilterEnable: true, userFilterEmail: '' }, 'a@x.org')).toBe(false);
    expect(isEmailAllowed(on, undefined)).toBe(false);
  });
});

describe('steps', () => {
  it('orders by sort, then name', () => {
    expect(
      orderSteps([
        { sort: 3, name: 'c' },
        { sort: 1, name: 'b' },
        { sort: 1, name: 'a' },
      ]).map((s) => s.name),
    ).toEqual(['a', 'b', 'c']);
  });
  it('renumbers 1..n in the given order', () => {
    expect(renumberSteps([{ id: 'x', sort: 10 }, { id: 'y', sort: 3 }, { id: 'z' }])).toEqual([
      { id: 'x', sort: 1 },
      { id: 'y', sort: 2 },
      { id: 'z', sort: 3 },
    ]);
  });
  it('moves up and down, ignoring moves past the ends', () => {
    expect(moveStep(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveStep(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveStep(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveStep(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('step contents', () => {
  it('reads text content as HTML', () => {
    expect(readTextContent({ html: '<p>x</p>' })).toBe('<p>x</p>');
    expect(readTextContent('<p>y</p>')).toBe('<p>y</p>');
    expect(readTextContent(42)).toBe('');
  });
  it('reads survey JSON from text or object', () => {
    expect(readSurveyJson('{"pages":[]}')).toEqual({ pages: [] });
    expect(readSurveyJson('nope')).toBeUndefined();
    expect(readSurveyJson([1])).toBeUndefined();
  });
  it('splits a quiz answer key out and merges it back', () => {
    const quiz = {
      pages: [
        {
          name: 'p1',
          elements: [
            { type: 'radiogroup', name: 'q1', choices: ['a', 'b'], correctAnswer: 'b' },
            { type: 'panel', name: 'panel', elements: [{ type: 'checkbox', name: 'q2', choices: ['x', 'y'], correctAnswer: ['x'] }] },
            { type: 'text', name: 'q3' },
          ],
        },
      ],
    };
    const { survey, answers } = splitQuizAnswers(quiz);
    expect(answers).toEqual({ q1: 'b', q2: ['x'] });
    expect(JSON.stringify(survey)).not.toContain('correctAnswer');
    expect(surveyQuestions(survey).map((q) => q.name)).toEqual(['q1', 'q2', 'q3']);
    expect(mergeQuizAnswers(survey, answers)).toEqual(quiz);
  });
});

describe('steps applicants can fill (issue 14)', () => {
  it('needs a framework for miniDyi, its own or the call one', () => {
    expect(stepPublishIssue('miniDyi', { showSdgFilter: true })).toBe('pages.admin.steps.error-minidyi-no-framework');
    expect(stepPublishIssue('miniDyi', { frameworkId: null }, null)).toBe('pages.admin.steps.error-minidyi-no-framework');
    expect(stepPublishIssue('miniDyi', { frameworkId: null }, 'f1')).toBeUndefined();
    const id = '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b';
    expect(stepPublishIssue('miniDyi', id)).toBeUndefined();
    expect(stepPublishIssue('miniDyi', { frameworkId: id })).toBeUndefined();
  });
  it('reads the framework as the fill screen does: the all-zeros id or a non-id names none', () => {
    for (const content of ['00000000-0000-0000-0000-000000000000', { frameworkId: '00000000-0000-0000-0000-000000000000' }, 'f2'])
      expect(stepPublishIssue('miniDyi', content)).toBe('pages.admin.steps.error-minidyi-no-framework');
  });

  it('needs a question a survey or quiz could answer', () => {
    expect(stepPublishIssue('survey', { pages: [{ name: 'p', elements: [] }] })).toBe('pages.admin.steps.error-survey-no-questions');
    expect(stepPublishIssue('quiz', { elements: [{ type: 'html', name: 'h', html: 'x' }] })).toBe(
      'pages.admin.steps.error-survey-no-questions',
    );
    expect(stepPublishIssue('survey', { elements: [{ type: 'rating', name: 'r' }] })).toBeUndefined();
    expect(stepPublishIssue('text', null)).toBeUndefined();
  });

  it('reads which score the bounds of a results step apply to (the SROI index when unnamed)', () => {
    expect(readResultsBounds({ lowerScore: 0, upperScore: 10 })).toEqual({ lower: 0, upper: 10, appliesTo: 'sroi' });
    expect(readResultsBounds({ lowerScore: 50, upperScore: 100, appliesTo: 'quiz' })).toEqual({ lower: 50, upper: 100, appliesTo: 'quiz' });
    expect(readResultsBounds({ lowerScore: 'x' })).toBeUndefined();
  });
});
