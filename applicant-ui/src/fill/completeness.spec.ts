import { describe, expect, it } from 'vitest';
import { missingSteps, stepReason, stepStatus } from './completeness';
import type { Submission } from './fillApi';
import { parsePosition } from './useFillNavigation';

const step = (id: string, stepTypeName: string, content: unknown, name = id) => ({
  id,
  name,
  description: '',
  sort: 0,
  stepTypeName,
  content,
});

/** A submission of a text step, an upload step with a mandatory slot 0 and a survey step. */
function submission(filledSlot0: boolean): Submission {
  return {
    id: 's1',
    steps: [
      step('t', 'text', { text: '<p>Hello</p>' }),
      step('u', 'upload', { slots: [{ file_name: 'Budget', mandatory: true }, { file_name: 'Other' }] }),
      step('q', 'survey', { pages: [{ elements: [{ type: 'text', name: 'a', isRequired: true }] }] }),
    ],
    stepResults: [],
    attachments: filledSlot0 ? [{ id: 'f', stepId: 'u', slotIndex: 0, fileName: 'b.pdf' }] : [],
  } as unknown as Submission;
}

describe('the fill screen', () => {
  it('reads the position from the URL, the first one otherwise', () => {
    expect(parsePosition('step/3')).toEqual({ step: 3, sub: 0 });
    expect(parsePosition('step/3/2/')).toEqual({ step: 3, sub: 2 });
    expect(parsePosition('')).toEqual({ step: 0, sub: 0 });
    expect(parsePosition('done')).toEqual({ step: 0, sub: 0 });
  });

  it('marks steps complete by the closing rule over the answers on screen', () => {
    const s = submission(false);
    expect(stepStatus(s, 0, undefined)).toBeUndefined(); // text: no mark
    expect(stepStatus(s, 1, undefined)).toBe('incomplete');
    expect(stepStatus(submission(true), 1, undefined)).toBe('complete');
    expect(stepReason(s, 2, undefined)).toBe('survey-incomplete');
    expect(stepStatus(s, 2, { completed: true, data: { a: 'yes' } })).toBe('complete');
  });

  it('lists what is missing before submitting, less a step just completed on screen', () => {
    const s = submission(false);
    const none = () => undefined;
    expect(missingSteps(s, none)).toEqual([
      { index: 1, name: 'u', key: 'fill.incomplete.upload-missing' },
      { index: 2, name: 'q', key: 'fill.incomplete.survey-incomplete' },
    ]);
    expect(missingSteps(s, none, 2).map((i) => i.index)).toEqual([1]);
    expect(missingSteps(submission(true), (i) => (i === 2 ? { completed: true, data: { a: 'x' } } : undefined))).toEqual([]);
  });
});
