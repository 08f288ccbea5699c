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
import { applyStepContent, emptyMiniDyiState, readMiniDyiState } from './state.js';
import { parseNumberInput } from './numbers.js';

describe('miniDyi saved state', () => {
  it('round-trips every choice through JSON (leaving and coming back restores it)', () => {
    let s = emptyMiniDyiState('step-1', { showSdgFilter: true, maxOutcomeSelect: 3, maxSdgSelect: 2 });
    s = toggleSdg(s, 4);
    s = toggleOutcome(s, { outcomeId: 'o-1', outcomeName: 'Skills', sdg: 4 });
    s = setStakeholder(s, 'o-1', { stakeholderId: 'st', stakeholderName: 'Students' });
    s = toggleIndicator(s, 'o-1', {
      indicatorId: 'i',
      indicatorName: 'Certificates',
      proxyId: 'p',
      proxyName: 'Wage premium',
      proxyValue: 1200.5,
    });
    s = setIndicatorTarget(s, 'o-1', 'i:p', 40);
    s = addCustomOutcome(s, { outcomeName: 'Community' }, 'Abc123Def456');
    s = addCustomIndicator(s, 'Abc123Def456', { indicatorName: 'Events', indicatorTargetValue: 5 }, 'Ind123Ind456');
    s = { ...setBudget(s, 25000), budgetSpent: 1000 };
    expect(readMiniDyiState(JSON.parse(JSON.stringify(s)), 'step-1')).toEqual(s);
  });

  it('reads older or sloppy shapes: numbers as text, missing fields, junk', () => {
    const s = readMiniDyiState(
      JSON.stringify({
        budget: '1500,50',
        sdg: ['3', 3, 99],
        selectedOutcomes: [
          { outcomeId: 'o', sdg: '3', indicators: [{ indicatorId: 'i', proxyId: 'p', indicatorTargetValue: '' }] },
          { junk: true },
        ],
      }),
      'st',
    );
    expect(s).toMatchObject({ budget: 1500.5, budgetSpent: null, sdg: [3], maxOutcome: 4, maxSdg: 4, isSdgEnabled: true });
    expect(s.selectedOutcomes).toHaveLength(1);
    expect(s.selectedOutcomes[0]).toMatchObject({
      sdg: 3,
      stakeholderId: null,
      indicators: [{ indicatorTargetValue: null, proxyValue: null }],
    });
    expect(readMiniDyiState('garbage', 'st').selectedOutcomes).toEqual([]);
  });

  it('takes the limits and the filter from the step, never from the saved state', () => {
    const s = readMiniDyiState({ maxOutcome: 99, maxSdg: 17, isSdgEnabled: false }, 'st', {
      maxOutcomeSelect: 2,
      maxSdgSelect: 1,
      showSdgFilter: true,
    });
    expect(s).toMatchObject({ maxOutcome: 2, maxSdg: 1, isSdgEnabled: true });
    expect(applyStepContent(s, { maxOutcomeSelect: 5, maxSdgSelect: 5, showSdgFilter: false })).toMatchObject({
      maxOutcome: 5,
      maxSdg: 5,
      isSdgEnabled: false,
    });
  });

  it('property: reading is total (never throws) on any JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (raw) => void readMiniDyiState(raw, 's')));
  });
});

describe('number inputs', () => {
  it('ignore empty values instead of reading them as zero', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('   ')).toBeNull();
    expect(parseNumberInput(undefined)).toBeNull();
    expect(parseNumberInput('0')).toBe(0);
    expect(parseNumberInput('12,5')).toBe(12.5);
    expect(parseNumberInput('1.5')).toBe(1.5);
    expect(parseNumberInput('1e3')).toBeNull();
    expect(parseNumberInput('abc')).toBeNull();
    expect(parseNumberInput(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
