import { describe, expect, it } from 'vitest';
import { impactFacts, mergeImpactFacts } from './facts.js';

const outcome = (outcomeId: unknown, sdg: unknown, indicatorIds: unknown[] = []) => ({
  outcomeId,
  sdg,
  indicators: indicatorIds.map((indicatorId) => ({ indicatorId })),
});

describe('impactFacts', () => {
  it('reads the SDGs picked and those of the outcomes, the outcomes, indicators, custom outcomes and budget', () => {
    expect(
      impactFacts({
        sdg: [3, 1],
        selectedOutcomes: [outcome('o1', 1, ['i1', 'i2']), outcome('o2', 5, ['i1']), outcome(null, null, [null]), outcome('o1', 1)],
        budget: 1000,
      }),
    ).toEqual({ sdgs: [1, 3, 5], outcomeIds: ['o1', 'o2'], indicatorIds: ['i1', 'i2'], customOutcomes: 1, budget: 1000 });
  });

  it('leaves malformed values out', () => {
    expect(impactFacts({ sdg: [16, 16.5, 'x', 99, 0, 4], budget: 'lots', selectedOutcomes: [outcome(7, '2')] })).toEqual({
      sdgs: [4, 16],
      outcomeIds: [],
      indicatorIds: [],
      customOutcomes: 1,
      budget: null,
    });
    expect(impactFacts({ budget: -1 }).budget).toBeNull();
    expect(impactFacts({ budget: 1e15 }).budget).toBeNull();
    for (const content of [null, 'text', 12, [], {}]) {
      expect(impactFacts(content)).toEqual({ sdgs: [], outcomeIds: [], indicatorIds: [], customOutcomes: 0, budget: null });
    }
  });

  it('reads the paths as lax JSON paths: one array level unwrapped, a single value taken as a list', () => {
    expect(impactFacts({ sdg: 5 }).sdgs).toEqual([5]);
    expect(impactFacts({ sdg: [[5]] }).sdgs).toEqual([5]);
    expect(impactFacts({ sdg: [[[5]]] }).sdgs).toEqual([]);
    expect(impactFacts({ selectedOutcomes: { outcomeId: 'o1', sdg: 2 } })).toMatchObject({ sdgs: [2], outcomeIds: ['o1'] });
    expect(impactFacts({ selectedOutcomes: null }).customOutcomes).toBe(1);
    expect(impactFacts({ budget: [-1, 5] }).budget).toBe(5);
  });
});

describe('mergeImpactFacts', () => {
  it('takes each SDG, outcome and indicator once and sums the custom outcomes and the budgets given', () => {
    const a = impactFacts({ sdg: [2], selectedOutcomes: [outcome('o1', 1, ['i1']), outcome(null, null)], budget: 10 });
    const b = impactFacts({ sdg: [1], selectedOutcomes: [outcome('o1', 1, ['i2']), outcome(null, null)] });
    expect(mergeImpactFacts([a, b])).toEqual({
      sdgs: [1, 2],
      outcomeIds: ['o1'],
      indicatorIds: ['i1', 'i2'],
      customOutcomes: 2,
      budget: 10,
    });
    expect(mergeImpactFacts([b])?.budget).toBeNull();
    expect(mergeImpactFacts([])).toBeNull();
  });
});
