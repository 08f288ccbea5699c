import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { miniDyiSubSteps, nextSubStep, previousSubStep, subStepAt, subStepIndex } from './navigation.js';
import { MINIDYI_SUB_STEPS } from './types.js';

describe('miniDyi sub-step navigation', () => {
  it('runs the six sub-steps in order with the SDG filter on', () => {
    expect(miniDyiSubSteps(true)).toEqual(['introduction', 'budget', 'sdg', 'outcomes', 'indicators', 'custom']);
    expect(nextSubStep('budget', true)).toBe('sdg');
    expect(previousSubStep('outcomes', true)).toBe('sdg');
    expect(nextSubStep('custom', true)).toBeUndefined();
    expect(previousSubStep('introduction', true)).toBeUndefined();
  });

  it('skips the SDG sub-step both ways with the filter off', () => {
    expect(miniDyiSubSteps(false)).toEqual(['introduction', 'budget', 'outcomes', 'indicators', 'custom']);
    expect(nextSubStep('budget', false)).toBe('outcomes');
    expect(previousSubStep('outcomes', false)).toBe('budget');
    // Even when standing on it (a stale link): forward to outcomes, back to budget.
    expect(nextSubStep('sdg', false)).toBe('outcomes');
    expect(previousSubStep('sdg', false)).toBe('budget');
    expect(subStepIndex('sdg', false)).toBe(2);
    expect(subStepAt(2, false)).toBe('outcomes');
  });

  it('property: next then previous comes back, and the SDG sub-step is never reached with the filter off', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MINIDYI_SUB_STEPS), fc.boolean(), (s, filter) => {
        const next = nextSubStep(s, filter);
        if (next && miniDyiSubSteps(filter).includes(s)) expect(previousSubStep(next, filter)).toBe(s);
        if (!filter) {
          expect(next).not.toBe('sdg');
          expect(previousSubStep(s, filter)).not.toBe('sdg');
        }
        const visible = miniDyiSubSteps(filter);
        if (visible.includes(s)) expect(subStepAt(subStepIndex(s, filter), filter)).toBe(s);
      }),
    );
  });
});
