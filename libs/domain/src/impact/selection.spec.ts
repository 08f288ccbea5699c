import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINIDYI_MAX_CUSTOM_OUTCOMES } from '../constants.js';
import { isCustomKey, outcomeKey } from './keys.js';
import {
  addCustomIndicator,
  chooseProxy,
  addCustomOutcome,
  canAddCustomOutcome,
  canSelectOutcome,
  canSelectSdg,
  customOutcomes,
  frameworkOutcomes,
  removeIndicator,
  removeOutcome,
  setIndicatorTarget,
  setStakeholder,
  toggleIndicator,
  toggleOutcome,
  toggleSdg,
  updateCustomIndicator,
  updateCustomOutcome,
} from './selection.js';
import { emptyMiniDyiState } from './state.js';
import type { IndicatorChoice, MiniDyiState, OutcomeChoice } from './types.js';
import { MINIDYI_ERROR_KEYS, miniDyiLimitIssues } from './validation.js';

/** A pool of framework outcomes: 4 per SDG for SDGs 1..6. */
const POOL: OutcomeChoice[] = Array.from({ length: 24 }, (_, i) => ({
  outcomeId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  outcomeName: `Outcome ${i}`,
  sdg: (i % 6) + 1,
}));
const chain = (n: number): IndicatorChoice => ({
  indicatorId: `ind-${n}`,
  indicatorName: `Indicator ${n}`,
  proxyId: `proxy-${n}`,
  proxyName: `Proxy ${n}`,
  proxyValue: 10 * n,
});

type Action =
  | { t: 'sdg'; code: number }
  | { t: 'outcome'; pick: number }
  | { t: 'indicator'; pick: number; n: number }
  | { t: 'custom' }
  | { t: 'remove'; pick: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ t: fc.constant('sdg' as const), code: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ t: fc.constant('outcome' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('indicator' as const), pick: fc.nat(), n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ t: fc.constant('custom' as const) }),
  fc.record({ t: fc.constant('remove' as const), pick: fc.nat() }),
);

const startArb = fc.record({ filter: fc.boolean(), maxOutcome: fc.integer({ min: 1, max: 5 }), maxSdg: fc.integer({ min: 1, max: 5 }) });

/** What the screens offer: with the filter on, only outcomes of the selected SDGs. */
function offered(state: MiniDyiState): OutcomeChoice[] {
  return state.isSdgEnabled ? POOL.filter((o) => state.sdg.includes(o.sdg)) : POOL;
}

function apply(state: MiniDyiState, a: Action): MiniDyiState {
  switch (a.t) {
    case 'sdg':
      return toggleSdg(state, a.code);
    case 'outcome': {
      const list = offered(state);
      return list.length ? toggleOutcome(state, list[a.pick % list.length]) : state;
    }
    case 'indicator': {
      if (!state.selectedOutcomes.length) return state;
      const o = state.selectedOutcomes[a.pick % state.selectedOutcomes.length];
      return o.customKey
        ? addCustomIndicator(state, outcomeKey(o), { indicatorName: 'x' })
        : toggleIndicator(state, outcomeKey(o), chain(a.n));
    }
    case 'custom':
      return addCustomOutcome(state, { outcomeName: 'Mine' });
    case 'remove':
      return state.selectedOutcomes.length
        ? removeOutcome(state, outcomeKey(state.selectedOutcomes[a.pick % state.selectedOutcomes.length]))
        : state;
  }
}

function run(start: { filter: boolean; maxOutcome: number; maxSdg: number }, actions: Action[]): MiniDyiState {
  let s = emptyMiniDyiState('step', { showSdgFilter: start.filter, maxOutcomeSelect: start.maxOutcome, maxSdgSelect: start.maxSdg });
  for (const a of actions) s = apply(s, a);
  return s;
}

describe('miniDyi selection rules', () => {
  it('property: no sequence of clicks exceeds a limit (SDGs, outcomes per SDG or in total, custom outcomes)', () => {
    fc.assert(
      fc.property(startArb, fc.array(actionArb, { maxLength: 60 }), (start, actions) => {
        const s = run(start, actions);
        expect(s.sdg.length).toBeLessThanOrEqual(start.maxSdg);
        const framework = frameworkOutcomes(s);
        if (start.filter) {
          for (const code of new Set(framework.map((o) => o.sdg)))
            expect(framework.filter((o) => o.sdg === code).length).toBeLessThanOrEqual(start.maxOutcome);
        } else {
          expect(framework.length).toBeLessThanOrEqual(start.maxOutcome);
        }
        expect(customOutcomes(s).length).toBeLessThanOrEqual(MINIDYI_MAX_CUSTOM_OUTCOMES);
        expect(miniDyiLimitIssues(s)).toEqual([]);
      }),
    );
  });

  it('property: toggling an SDG, an outcome or an indicator twice changes nothing', () => {
    fc.assert(
      fc.property(
        startArb,
        fc.array(actionArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 17 }),
        fc.nat(),
        fc.integer({ min: 1, max: 6 }),
        (start, actions, code, pick, n) => {
          const s = run(start, actions);
          if (!s.sdg.includes(code)) expect(toggleSdg(toggleSdg(s, code), code)).toEqual(s);
          const choice = offered(s).length ? offered(s)[pick % offered(s).length] : POOL[pick % POOL.length];
          if (!s.selectedOutcomes.some((o) => o.outcomeId === choice.outcomeId))
            expect(toggleOutcome(toggleOutcome(s, choice), choice)).toEqual(s);
          const target = frameworkOutcomes(s)[pick % Math.max(1, frameworkOutcomes(s).length)];
          if (target && !target.indicators.some((i) => i.indicatorId === `ind-${n}`)) {
            expect(toggleIndicator(toggleIndicator(s, outcomeKey(target), chain(n)), outcomeKey(target), chain(n))).toEqual(s);
          }
        },
      ),
    );
  });

  it('property: at a limit, more is ignored and the very same state comes back', () => {
    fc.assert(
      fc.property(
        startArb,
        fc.array(actionArb, { maxLength: 60 }),
        fc.nat(),
        fc.integer({ min: 1, max: 17 }),
        (start, actions, pick, code) => {
          const s = run(start, actions);
          const choice = POOL[pick % POOL.length];
          if (!canSelectOutcome(s, choice)) expect(toggleOutcome(s, choice)).toBe(s);
          if (!canSelectSdg(s, code)) expect(toggleSdg(s, code)).toBe(s);
          if (!canAddCustomOutcome(s)) expect(addCustomOutcome(s)).toBe(s);
        },
      ),
    );
  });

  it('applies the outcome limit per SDG with the filter on, to the total with it off', () => {
    let on = emptyMiniDyiState('s', { showSdgFilter: true, maxOutcomeSelect: 1, maxSdgSelect: 4 });
    on = toggleSdg(toggleSdg(on, 1), 2);
    const [a, b] = POOL.filter((o) => o.sdg === 1);
    const c = POOL.find((o) => o.sdg === 2)!;
    on = toggleOutcome(toggleOutcome(toggleOutcome(on, a), b), c);
    expect(on.selectedOutcomes.map((o) => o.outcomeId)).toEqual([a.outcomeId, c.outcomeId]);

    let off = emptyMiniDyiState('s', { showSdgFilter: false, maxOutcomeSelect: 1, maxSdgSelect: 4 });
    off = toggleOutcome(toggleOutcome(off, a), c);
    expect(off.selectedOutcomes.map((o) => o.outcomeId)).toEqual([a.outcomeId]);
    // Selecting a selected outcome removes it.
    expect(toggleOutcome(off, a).selectedOutcomes).toEqual([]);
  });

  it('drops the outcomes of an SDG that is unselected (filter on)', () => {
    let s = emptyMiniDyiState('s');
    s = toggleSdg(s, 1);
    s = toggleOutcome(s, POOL[0]);
    s = addCustomOutcome(s, { outcomeName: 'x', sdg: 1 }, 'AbCdEf123456');
    s = toggleSdg(s, 1);
    expect(s.sdg).toEqual([]);
    expect(s.selectedOutcomes.map((o) => outcomeKey(o))).toEqual(['AbCdEf123456']);
  });

  it('allows up to 3 custom outcomes with 12-character alphanumeric keys, and edits only custom ones', () => {
    let s = emptyMiniDyiState('s', { showSdgFilter: false, maxOutcomeSelect: 4, maxSdgSelect: 4 });
    for (let i = 0; i < 5; i++) s = addCustomOutcome(s, { outcomeName: `c${i}` });
    expect(customOutcomes(s)).toHaveLength(3);
    expect(customOutcomes(s).every((o) => isCustomKey(o.customKey) && o.outcomeId === null)).toBe(true);
    const key = outcomeKey(customOutcomes(s)[0]);
    s = updateCustomOutcome(s, key, { outcomeName: 'Renamed' });
    s = addCustomIndicator(s, key, { indicatorName: 'People trained', proxyValue: 12 }, 'IndKey000001');
    s = updateCustomIndicator(s, key, 'IndKey000001', { indicatorTargetValue: 30 });
    expect(s.selectedOutcomes[0]).toMatchObject({
      outcomeName: 'Renamed',
      indicators: [{ customKey: 'IndKey000001', indicatorTargetValue: 30, proxyValue: 12, indicatorId: null }],
    });
    s = removeIndicator(s, key, 'IndKey000001');
    expect(s.selectedOutcomes[0].indicators).toEqual([]);

    s = toggleOutcome(s, POOL[0]);
    const before = s;
    expect(updateCustomOutcome(s, POOL[0].outcomeId, { outcomeName: 'hack' })).toEqual(before);
    expect(addCustomIndicator(s, POOL[0].outcomeId, { indicatorName: 'x' })).toBe(before);
  });

  it('sets stakeholders and targets on a selected outcome, and ignores unknown keys', () => {
    let s = toggleOutcome(emptyMiniDyiState('s', { showSdgFilter: false, maxOutcomeSelect: 4, maxSdgSelect: 4 }), POOL[0]);
    const key = POOL[0].outcomeId;
    s = setStakeholder(s, key, { stakeholderId: 'st', stakeholderName: 'Families' });
    s = toggleIndicator(s, key, chain(1));
    s = setIndicatorTarget(s, key, 'ind-1:proxy-1', 25);
    expect(s.selectedOutcomes[0]).toMatchObject({
      stakeholderId: 'st',
      stakeholderName: 'Families',
      indicators: [{ indicatorTargetValue: 25, proxyValue: 10 }],
    });
    expect(setStakeholder(s, 'nope', null)).toBe(s);
    expect(setIndicatorTarget(s, key, 'nope', 1)).toBe(s);
    expect(removeOutcome(s, 'nope')).toBe(s);
    expect(setStakeholder(s, key, null).selectedOutcomes[0]).toMatchObject({ stakeholderId: null, stakeholderName: '' });
  });
});

describe('one indicator, counted once', () => {
  /** Indicator `n` with its proxy `p`: the framework's chains of one indicator share its id. */
  const proxyOf = (n: number, p: number): IndicatorChoice => ({
    ...chain(n),
    proxyId: `proxy-${n}-${p}`,
    proxyName: `Proxy ${n}.${p}`,
    proxyValue: n * 10 + p,
  });
  const withOutcome = () =>
    toggleOutcome(emptyMiniDyiState('step', { showSdgFilter: false, maxOutcomeSelect: 3, maxSdgSelect: 17 }), POOL[0]);
  const key = outcomeKey(POOL[0]);
  const indicatorsOf = (s: MiniDyiState) => s.selectedOutcomes[0].indicators;

  it('ticking another proxy of a ticked indicator switches its proxy and keeps its target', () => {
    let s = toggleIndicator(withOutcome(), key, proxyOf(1, 1));
    s = setIndicatorTarget(s, key, 'ind-1:proxy-1-1', 40);
    s = toggleIndicator(s, key, proxyOf(1, 2));
    expect(indicatorsOf(s)).toEqual([
      expect.objectContaining({ indicatorId: 'ind-1', proxyId: 'proxy-1-2', proxyValue: 12, indicatorTargetValue: 40 }),
    ]);
  });

  it('chooseProxy switches the proxy of one indicator only, and never onto a proxy already ticked', () => {
    let s = toggleIndicator(toggleIndicator(withOutcome(), key, proxyOf(1, 1)), key, proxyOf(2, 1));
    s = chooseProxy(s, key, 'ind-1:proxy-1-1', proxyOf(1, 3));
    expect(indicatorsOf(s).map((i) => i.proxyId)).toEqual(['proxy-1-3', 'proxy-2-1']);
    expect(chooseProxy(s, key, 'ind-1:proxy-1-3', proxyOf(2, 2))).toBe(s);
  });

  it('a state holding one indicator with two proxies breaks a limit (the API refuses it), named on the second', () => {
    const s = withOutcome();
    const both: MiniDyiState = {
      ...s,
      selectedOutcomes: [
        {
          ...s.selectedOutcomes[0],
          indicators: [1, 2].map((p) => ({ ...proxyOf(1, p), indicatorTargetValue: 10 })),
        },
      ],
    };
    const issues = miniDyiLimitIssues(both).filter((i) => i.key === MINIDYI_ERROR_KEYS.indicatorTwice);
    expect(issues).toEqual([expect.objectContaining({ indicator: 'ind-1:proxy-1-2', params: { name: 'Indicator 1' } })]);
  });

  it('property: no sequence of ticks over shared indicators holds an indicator twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ n: fc.integer({ min: 1, max: 3 }), p: fc.integer({ min: 1, max: 3 }) }), { maxLength: 30 }),
        (ticks) => {
          let s = withOutcome();
          for (const { n, p } of ticks) s = toggleIndicator(s, key, proxyOf(n, p));
          expect(miniDyiLimitIssues(s).filter((i) => i.key === MINIDYI_ERROR_KEYS.indicatorTwice)).toEqual([]);
          expect(new Set(indicatorsOf(s).map((i) => i.indicatorId)).size).toBe(indicatorsOf(s).length);
        },
      ),
    );
  });
});
