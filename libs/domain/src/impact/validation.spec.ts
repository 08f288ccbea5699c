import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCustomIndicator,
  addCustomOutcome,
  setBudget,
  setIndicatorTarget,
  setStakeholder,
  toggleIndicator,
  toggleOutcome,
  toggleSdg,
} from './selection.js';
import { emptyMiniDyiState } from './state.js';
import type { MiniDyiState } from './types.js';
import {
  canLeaveSubStep,
  type FrameworkCatalog,
  isMiniDyiComplete,
  MINIDYI_ERROR_KEYS as E,
  miniDyiCompletenessIssues,
  miniDyiLimitIssues,
  reconcileWithFramework,
  subStepIssues,
} from './validation.js';
import { computeSroi } from './sroi.js';

const O1 = { outcomeId: 'o1', outcomeName: 'Better health', sdg: 3 };
const CHAIN = { indicatorId: 'i1', indicatorName: 'Visits', proxyId: 'p1', proxyName: 'Cost of a visit', proxyValue: 40 };

function complete(): MiniDyiState {
  let s = emptyMiniDyiState('step');
  s = toggleSdg(s, 3);
  s = toggleOutcome(s, O1);
  s = setStakeholder(s, 'o1', { stakeholderId: 'st1', stakeholderName: 'Patients' });
  s = toggleIndicator(s, 'o1', CHAIN);
  s = setIndicatorTarget(s, 'o1', 'i1:p1', 10);
  return setBudget(s, 1000);
}

describe('miniDyi validation', () => {
  it('accepts a complete state', () => {
    expect(miniDyiLimitIssues(complete())).toEqual([]);
    expect(miniDyiCompletenessIssues(complete())).toEqual([]);
    expect(isMiniDyiComplete(complete())).toBe(true);
  });

  it('needs a stakeholder per selected outcome: components.mini-dyi.error-stakeholders blocks the indicators sub-step', () => {
    const s = setStakeholder(complete(), 'o1', null);
    expect(subStepIssues(s, 'indicators')).toEqual([
      { key: 'components.mini-dyi.error-stakeholders', subStep: 'indicators', outcome: 'o1', field: 'stakeholder' },
    ]);
    expect(canLeaveSubStep(s, 'indicators')).toBe(false);
    expect(canLeaveSubStep(s, 'budget')).toBe(true);
  });

  it('flags a ticked indicator whose target is empty or zero, and a negative one as a limit', () => {
    for (const value of [null, 0]) {
      const s = setIndicatorTarget(complete(), 'o1', 'i1:p1', value);
      expect(miniDyiLimitIssues(s)).toEqual([]);
      expect(miniDyiCompletenessIssues(s).map((i) => i.key)).toEqual([E.target]);
    }
    const negative = setIndicatorTarget(complete(), 'o1', 'i1:p1', -1);
    expect(miniDyiLimitIssues(negative).map((i) => i.key)).toEqual([E.target]);
  });

  it('ignores an empty budget but refuses a negative one', () => {
    expect(miniDyiLimitIssues(setBudget(complete(), null))).toEqual([]);
    expect(isMiniDyiComplete(setBudget(complete(), null))).toBe(true);
    expect(miniDyiLimitIssues(setBudget(complete(), -1))).toEqual([{ key: E.budget, subStep: 'budget', field: 'budget' }]);
    expect(miniDyiLimitIssues({ ...complete(), budgetSpent: Number.NaN })).toEqual([
      { key: E.budget, subStep: 'budget', field: 'budgetSpent' },
    ]);
  });

  it('catches a state that breaks the limits (as a client could send it)', () => {
    const s = complete();
    const tooMany: MiniDyiState = { ...s, sdg: [1, 2, 3, 4, 5] };
    expect(miniDyiLimitIssues(tooMany).map((i) => i.key)).toContain(E.sdgLimit);
    const outcomes = Array.from({ length: 5 }, (_, i) => ({ ...s.selectedOutcomes[0], outcomeId: `o${i}` }));
    expect(miniDyiLimitIssues({ ...s, selectedOutcomes: outcomes }).map((i) => i.key)).toContain(E.outcomeLimit);
    expect(miniDyiLimitIssues({ ...s, sdg: [4] }).map((i) => i.key)).toEqual([E.outcomeSdg]);
    expect(miniDyiLimitIssues({ ...s, selectedOutcomes: [s.selectedOutcomes[0], s.selectedOutcomes[0]] }).map((i) => i.key)).toEqual([
      E.outcomeDuplicate,
    ]);
    const customs = Array.from({ length: 4 }, (_, i) => ({
      ...s.selectedOutcomes[0],
      outcomeId: null,
      customKey: `Custom0000${i}a`,
      indicators: [],
    }));
    expect(miniDyiLimitIssues({ ...s, selectedOutcomes: customs }).map((i) => i.key)).toEqual([E.customLimit]);
    const badKey = { ...s.selectedOutcomes[0], outcomeId: null, customKey: 'short', indicators: [] };
    expect(miniDyiLimitIssues({ ...s, selectedOutcomes: [badKey] }).map((i) => i.key)).toEqual([E.customKey]);
  });

  it('checks custom outcomes: name, stakeholder and indicators with a numeric target', () => {
    let s = addCustomOutcome(complete(), {}, 'Custom000001');
    expect(subStepIssues(s, 'custom').map((i) => i.key)).toEqual([E.customName, E.stakeholders, E.indicatorsRequired]);
    s = addCustomIndicator(s, 'Custom000001', {}, 'Indic0000001');
    expect(subStepIssues(s, 'custom').map((i) => i.key)).toEqual([E.customName, E.stakeholders, E.customIndicatorName, E.target]);
    expect(canLeaveSubStep(s, 'indicators')).toBe(true);
  });

  it('needs an SDG when the filter is on, and an outcome somewhere', () => {
    const empty = emptyMiniDyiState('s');
    expect(miniDyiCompletenessIssues(empty).map((i) => [i.key, i.subStep])).toEqual([
      [E.sdgRequired, 'sdg'],
      [E.outcomesRequired, 'custom'],
    ]);
    const off = emptyMiniDyiState('s', { showSdgFilter: false, maxOutcomeSelect: 4, maxSdgSelect: 4 });
    expect(miniDyiCompletenessIssues(off).map((i) => i.key)).toEqual([E.outcomesRequired]);
  });

  it('property: every issue names a sub-step of miniDyi and a catalog key', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -3, max: 20 }), { maxLength: 8 }), fc.option(fc.double(), { nil: null }), (sdg, budget) => {
        const s: MiniDyiState = { ...complete(), sdg, budget };
        for (const issue of [...miniDyiLimitIssues(s), ...miniDyiCompletenessIssues(s)]) {
          expect(Object.values(E)).toContain(issue.key);
          expect(['introduction', 'budget', 'sdg', 'outcomes', 'indicators', 'custom']).toContain(issue.subStep);
        }
      }),
    );
  });
});

describe('reconcileWithFramework', () => {
  const catalog: FrameworkCatalog = {
    outcomes: new Map([['o1', O1]]),
    chains: new Map([['i1:p1', { ...CHAIN, proxyValue: 55, outcomeId: 'o1' }]]),
    stakeholders: new Map([['st1', { stakeholderId: 'st1', stakeholderName: 'Patients (official)' }]]),
  };

  it("uses the framework's names and proxy values, never the client's", () => {
    const sent = complete();
    sent.selectedOutcomes[0] = {
      ...sent.selectedOutcomes[0],
      outcomeName: 'Hacked',
      sdg: 1,
      indicators: [{ ...sent.selectedOutcomes[0].indicators[0], proxyValue: 1e9 }],
    };
    const { state, issues } = reconcileWithFramework(sent, catalog);
    expect(issues).toEqual([]);
    expect(state.selectedOutcomes[0]).toMatchObject({
      outcomeName: 'Better health',
      sdg: 3,
      stakeholderName: 'Patients (official)',
      indicators: [{ proxyValue: 55 }],
    });
    expect(computeSroi(state).sroi).toBeCloseTo((3 * 10 * 55) / 1000, 9);
  });

  it('reports ids that are not in the framework, or an indicator under another outcome', () => {
    const sent = complete();
    const foreign = { ...sent, selectedOutcomes: [{ ...sent.selectedOutcomes[0], outcomeId: 'zz', stakeholderId: 'nope' }] };
    expect(reconcileWithFramework(foreign, catalog).issues.map((i) => i.key)).toEqual([E.stakeholderUnknown, E.outcomeUnknown]);
    const wrongChain = {
      ...sent,
      selectedOutcomes: [{ ...sent.selectedOutcomes[0], indicators: [{ ...sent.selectedOutcomes[0].indicators[0], proxyId: 'p9' }] }],
    };
    expect(reconcileWithFramework(wrongChain, catalog).issues.map((i) => i.key)).toEqual([E.indicatorUnknown]);
  });
});
