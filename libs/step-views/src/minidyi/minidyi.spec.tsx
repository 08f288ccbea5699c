import {
  catalogKeys,
  CATALOGS,
  computeSroi,
  formatSroi,
  readMiniDyiState,
  SDGS,
  sdgInfo,
  translate,
  type MiniDyiState,
} from '@impact-calls/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FillTextProvider } from '../FillText';
import type { FillStep } from '../types';
import { MiniDyiDataProvider, type IndicatorInfo, type MiniDyiData, type OutcomeInfo } from './data';
import MiniDyiStep from './MiniDyiStep';
import { NumberField } from './NumberField';
import { groupBySdg } from './OutcomesSubStep';
import { SdgTile, tileLines } from './SdgTile';
import { miniDyiIssueSub, miniDyiNextBlock, miniDyiShowsIssue, miniDyiSubStepCount, miniDyiSubStepLabelKey } from './subSteps';

const t = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);
const FW = '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// A small framework: outcomes 1, 2 on SDG 1, outcome 3 on SDG 4; two chains each (proxy 100 and 50).
const OUTCOMES: OutcomeInfo[] = [
  { outcomeId: uuid(1), outcomeName: 'Fewer families in poverty', sdg: 1, description: 'Income above the line' },
  { outcomeId: uuid(2), outcomeName: 'Access to basic services', sdg: 1, description: '' },
  { outcomeId: uuid(3), outcomeName: 'Better school results', sdg: 4, description: '' },
];
const INDICATORS: IndicatorInfo[] = OUTCOMES.flatMap((o, n) =>
  [1, 2].map((k) => ({
    indicatorId: uuid(100 + n * 10 + k),
    indicatorName: `${o.outcomeName}: indicator ${k}`,
    description: '',
    outcomeId: o.outcomeId,
    proxyId: uuid(200 + n * 10 + k),
    proxyName: `Proxy ${k}`,
    proxyValue: k === 1 ? 100 : 50,
    sourceName: 'ISTAT',
    sourceUrl: 'https://www.istat.it/',
  })),
);
const STAKEHOLDERS = [
  { stakeholderId: uuid(301), stakeholderName: 'Families' },
  { stakeholderId: uuid(302), stakeholderName: 'Pupils' },
];

function fakeData(): MiniDyiData {
  return {
    outcomes: vi.fn(async (_fw: string, sdgs: number[]) => OUTCOMES.filter((o) => sdgs.length === 0 || sdgs.includes(o.sdg))),
    indicators: vi.fn(async (ids: string[]) => INDICATORS.filter((i) => ids.includes(i.outcomeId))),
    stakeholders: vi.fn(async () => STAKEHOLDERS),
    frameworkOf: vi.fn(async () => FW),
  };
}

const step = (content: unknown = { frameworkId: FW, showSdgFilter: true, maxOutcomeSelect: 1, maxSdgSelect: 2 }): FillStep => ({
  id: uuid(900),
  name: 'Impact design',
  description: '',
  content,
  sort: 1,
  stepTypeName: 'miniDyi',
});

/** The step with its answers held like the fill screen's autosave holds them. */
function Harness({ s, sub, initial, onState }: { s: FillStep; sub?: number; initial?: unknown; onState?: (x: MiniDyiState) => void }) {
  const [result, setResult] = useState<unknown>(initial);
  return (
    <MiniDyiStep
      step={s}
      result={result}
      readOnly={false}
      language="en"
      attachments={[]}
      scores={{ closed: false, quizScore: null, sroiScore: null }}
      subStep={sub}
      onChange={(c) => {
        setResult(c);
        onState?.(c as unknown as MiniDyiState);
      }}
    />
  );
}

function show(props: Partial<Parameters<typeof Harness>[0]> & { data?: MiniDyiData | null }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const data = props.data === undefined ? fakeData() : props.data;
  render(
    <QueryClientProvider client={client}>
      <FillTextProvider value={t}>
        <MiniDyiDataProvider value={data}>
          <Harness s={props.s ?? step()} sub={props.sub} initial={props.initial} onState={props.onState} />
        </MiniDyiDataProvider>
      </FillTextProvider>
    </QueryClientProvider>,
  );
  return data;
}

const chosen = (overrides: Partial<MiniDyiState> = {}): MiniDyiState => ({
  ...readMiniDyiState({}, uuid(900), { showSdgFilter: true, maxOutcomeSelect: 1, maxSdgSelect: 2 }),
  sdg: [1],
  selectedOutcomes: [
    { outcomeId: uuid(1), outcomeName: OUTCOMES[0].outcomeName, sdg: 1, stakeholderId: null, stakeholderName: '', indicators: [] },
  ],
  budget: 1000,
  ...overrides,
});

/** The framework of the tests above, with outcome 1's first indicator under a second proxy too (the same indicator id). */
function twoProxyData(): MiniDyiData {
  const first = INDICATORS[0];
  const extra: IndicatorInfo = { ...first, proxyId: uuid(299), proxyName: 'Proxy 1b', proxyValue: 80 };
  return {
    ...fakeData(),
    indicators: vi.fn(async (ids: string[]) => [first, extra, ...INDICATORS.slice(1)].filter((i) => ids.includes(i.outcomeId))),
  };
}

describe('one indicator, counted once', () => {
  it('shows an indicator with two proxies once, with a choice of proxy (the first by default) that keeps the target', async () => {
    let state: MiniDyiState | undefined;
    show({ sub: 4, initial: chosen(), onState: (s) => (state = s), data: twoProxyData() });
    const card = await screen.findByTestId('indicator-outcome-card');
    await within(card).findAllByTestId('indicator-card');
    expect(within(card).getAllByRole('checkbox', { name: 'Fewer families in poverty: indicator 1' })).toHaveLength(1);
    expect(within(card).getAllByTestId('indicator-card')).toHaveLength(2);
    const proxy = within(card).getByTestId('indicator-proxy') as HTMLSelectElement;
    expect(proxy.value).toBe(INDICATORS[0].proxyId);
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Fewer families in poverty: indicator 1' }));
    fireEvent.change(within(card).getAllByTestId('indicator-target')[0], { target: { value: '10' } });
    fireEvent.change(proxy, { target: { value: uuid(299) } });
    expect(state!.selectedOutcomes[0].indicators).toEqual([
      expect.objectContaining({ indicatorId: INDICATORS[0].indicatorId, proxyId: uuid(299), proxyValue: 80, indicatorTargetValue: 10 }),
    ]);
  }, 20_000);

  it('a saved state holding the indicator under both proxies loads with a notice, and keeping one removes the other', async () => {
    let state: MiniDyiState | undefined;
    const both = chosen({
      selectedOutcomes: [
        {
          ...chosen().selectedOutcomes[0],
          indicators: [
            {
              indicatorId: INDICATORS[0].indicatorId,
              indicatorName: INDICATORS[0].indicatorName,
              indicatorTargetValue: 10,
              proxyId: INDICATORS[0].proxyId,
              proxyName: 'Proxy 1',
              proxyValue: 100,
            },
            {
              indicatorId: INDICATORS[0].indicatorId,
              indicatorName: INDICATORS[0].indicatorName,
              indicatorTargetValue: 20,
              proxyId: uuid(299),
              proxyName: 'Proxy 1b',
              proxyValue: 80,
            },
          ],
        },
      ],
    });
    show({ sub: 4, initial: both, onState: (s) => (state = s), data: twoProxyData() });
    const notice = await screen.findByTestId('indicator-twice');
    expect(notice.textContent).toContain('“Fewer families in poverty: indicator 1” is ticked with two proxies');
    fireEvent.click(within(notice).getByRole('button', { name: 'Keep this proxy (Proxy 1b)' }));
    expect(state!.selectedOutcomes[0].indicators).toEqual([expect.objectContaining({ proxyId: uuid(299), indicatorTargetValue: 20 })]);
    await waitFor(() => expect(screen.queryByTestId('indicator-twice')).toBeNull());
  });
});

describe('sub-steps of the fill screen', () => {
  it('counts six sub-steps, five with the SDG filter off (skipped both ways), none for other kinds', () => {
    expect(miniDyiSubStepCount(step())).toBe(6);
    const off = step({ frameworkId: FW, showSdgFilter: false });
    expect(miniDyiSubStepCount(off)).toBe(5);
    expect([0, 1, 2, 3, 4].map((i) => miniDyiSubStepLabelKey(off, i).split('.').pop())).toEqual([
      'introduction',
      'budget',
      'outcomes',
      'indicators',
      'custom',
    ]);
    expect(miniDyiSubStepLabelKey(step(), 2)).toBe('components.mini-dyi.steps.sdg');
    expect(miniDyiSubStepCount({ ...step(), stepTypeName: 'survey' })).toBe(0);
    // The older content format (a plain framework id) loads with the defaults.
    expect(miniDyiSubStepCount(step(FW))).toBe(6);
  });

  it('blocks "next" with the sub-step\'s issue: the red stakeholder message on indicators, everything on the last one', () => {
    const state = chosen();
    expect(miniDyiNextBlock(step(), state, 1)).toBeUndefined(); // budget is fine
    expect(miniDyiNextBlock(step(), { ...state, budget: -1 }, 1)?.key).toBe('components.mini-dyi.error-budget');
    expect(miniDyiNextBlock(step(), { ...state, sdg: [] }, 2)?.key).toBe('components.mini-dyi.error-sdg-required');
    expect(miniDyiNextBlock(step(), state, 4)?.key).toBe('components.mini-dyi.error-stakeholders');
    expect(miniDyiNextBlock(step(), state, 5)?.key).toBe('components.mini-dyi.error-stakeholders');
    expect(miniDyiIssueSub(step(), state, 'components.mini-dyi.error-stakeholders')).toBe(4);
    expect(
      miniDyiIssueSub(step({ frameworkId: FW, showSdgFilter: false }), { ...state, sdg: [] }, 'components.mini-dyi.error-stakeholders'),
    ).toBe(3);
  });
});

describe('the SDG image', () => {
  it('draws all 17 goals with their official colour, number and short name', () => {
    render(
      <div>
        {SDGS.map((s) => (
          <SdgTile key={s.code} code={s.code} language="en" />
        ))}
      </div>,
    );
    for (const s of SDGS) {
      const tile = screen.getByTestId(`sdg-tile-${s.code}`);
      expect(tile.getAttribute('aria-label')).toBe(`${s.code}. ${s.text.en.name}`);
      expect(tile.querySelector('rect')!.getAttribute('fill')).toBe(s.colour);
      expect(tile.textContent!.startsWith(String(s.code))).toBe(true);
    }
    expect(tileLines('Peace, justice and strong institutions')).toEqual(['PEACE, JUSTICE', 'AND STRONG', 'INSTITUTIONS']);
    expect(tileLines('a b c d e f g h i j k l m n o p q r s t u v w', 3).length).toBe(4);
  });
});

describe('number inputs', () => {
  it('read a decimal comma, ignore empty input (null, not zero), flag and drop negatives', () => {
    const onChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <NumberField
          label="Budget"
          value={value}
          onChange={(v) => {
            onChange(v);
            setValue(v);
          }}
          testId="n"
        />
      );
    }
    render(
      <FillTextProvider value={t}>
        <Controlled />
      </FillTextProvider>,
    );
    const input = screen.getByTestId('n');
    fireEvent.change(input, { target: { value: '12,5' } });
    expect(onChange).toHaveBeenLastCalledWith(12.5);
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.change(input, { target: { value: '-3' } });
    expect(screen.getByText('Enter a number of at least 0')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect((input as HTMLInputElement).value).toBe('-3');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByText(/Enter a number \(for example/)).toBeTruthy();
  });
});

describe('the miniDyi screens', () => {
  it('toggles SDG tiles up to maxSdgSelect', async () => {
    let state: MiniDyiState | undefined;
    show({ sub: 2, onState: (s) => (state = s) });
    const tile = (code: number) => screen.getByRole('button', { name: `SDG ${code}: ${sdgInfo(code)!.text.en.name}` });
    fireEvent.click(tile(4));
    fireEvent.click(tile(1));
    expect(state!.sdg).toEqual([4, 1]);
    fireEvent.click(tile(13)); // a third one: ignored
    expect(state!.sdg).toEqual([4, 1]);
    expect(tile(13).getAttribute('aria-pressed')).toBe('false');
    expect(tile(4).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('sdg-count').textContent).toContain('you have reached the limit');
    fireEvent.click(tile(4));
    expect(state!.sdg).toEqual([1]);
  });

  it('lists outcomes grouped by SDG with the per-SDG limit and an info drawer of indicators', async () => {
    let state: MiniDyiState | undefined;
    const data = show({ sub: 3, initial: chosen({ sdg: [4, 1], selectedOutcomes: [] }), onState: (s) => (state = s) });
    const group1 = await screen.findByTestId('outcome-group-1');
    expect(data!.outcomes).toHaveBeenCalledWith(FW, [1, 4]);
    // Groups in the order the SDGs were picked.
    const groups = screen.getAllByTestId(/^outcome-group-/).map((g) => g.dataset.testid);
    expect(groups).toEqual(['outcome-group-4', 'outcome-group-1']);
    fireEvent.click(within(group1).getByRole('checkbox', { name: 'Fewer families in poverty' }));
    expect(state!.selectedOutcomes.map((o) => o.outcomeId)).toEqual([uuid(1)]);
    // maxOutcomeSelect 1 per SDG: the other outcome of SDG 1 is disabled, SDG 4's is not.
    expect((within(group1).getByRole('checkbox', { name: 'Access to basic services' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Better school results' }) as HTMLInputElement).disabled).toBe(false);
    expect(within(group1).getByTestId('outcome-count-1').textContent).toBe('1 of 1 selected');
    // Selecting it again removes it.
    fireEvent.click(within(group1).getByRole('checkbox', { name: 'Fewer families in poverty' }));
    expect(state!.selectedOutcomes).toEqual([]);
    fireEvent.click(within(group1).getByRole('button', { name: 'Indicators of “Fewer families in poverty”' }));
    const drawer = await screen.findByTestId('outcome-drawer');
    await within(drawer).findByText('Fewer families in poverty: indicator 1');
    expect(within(drawer).getByRole('img', { name: `1. ${sdgInfo(1)!.text.en.name}` })).toBeTruthy();
  });

  it('asks a stakeholder per outcome (red message), ticks indicators with targets and shows the SROI live', async () => {
    let state: MiniDyiState | undefined;
    show({ sub: 4, initial: chosen(), onState: (s) => (state = s) });
    expect(await screen.findByTestId('error-stakeholders')).toBeTruthy();
    expect(screen.getByTestId('error-stakeholders').textContent).toBe(
      'Please check that you have selected at least one stakeholder per outcome',
    );
    const card = await screen.findByTestId('indicator-outcome-card');
    // The stakeholder dropdown.
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: /Stakeholder/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Families' }));
    expect(state!.selectedOutcomes[0].stakeholderName).toBe('Families');
    await waitFor(() => expect(screen.queryByTestId('error-stakeholders')).toBeNull());
    // Tick the first indicator and type a target with a decimal comma.
    await within(card).findAllByTestId('indicator-card');
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Fewer families in poverty: indicator 1' }));
    const target = within(card).getAllByTestId('indicator-target')[0];
    fireEvent.change(target, { target: { value: '12,5' } });
    expect(state!.selectedOutcomes[0].indicators[0]).toMatchObject({ indicatorTargetValue: 12.5, proxyValue: 100 });
    const expected = computeSroi(state!).sroi;
    expect(screen.getByTestId('sroi-ratio').textContent).toBe(formatSroi(expected)); // 3 x 1250 / 1000 = 3.75
    expect(screen.getByTestId('sroi-ratio').textContent).toBe('1 : 3.75');
    expect(screen.queryByTestId('sroi-over')).toBeNull();
    fireEvent.change(target, { target: { value: '30' } }); // 3 x 3000 / 1000 = 9 > 8
    expect(screen.getByTestId('sroi-ratio').textContent).toBe('1 : 9.00');
    expect(screen.getByTestId('sroi-over').textContent).toContain('over 8');
    // Zero is an error on a ticked indicator.
    fireEvent.change(target, { target: { value: '0' } });
    expect(within(card).getByText('Enter a number above 0')).toBeTruthy();
    // Remove the outcome from its card: after a confirmation, since its indicators go with it.
    fireEvent.click(within(card).getByRole('button', { name: 'Remove “Fewer families in poverty”' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove the outcome?' });
    expect(state!.selectedOutcomes).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(state!.selectedOutcomes).toHaveLength(1);
    // (The page stays hidden from assistive technology while the dialog fades out.)
    fireEvent.click(within(card).getByRole('button', { name: 'Remove “Fewer families in poverty”', hidden: true }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove the outcome?', hidden: true })).getByRole('button', {
        name: 'Remove',
        hidden: true,
      }),
    );
    expect(state!.selectedOutcomes).toEqual([]);
  });

  it('adds up to three custom outcomes with an indicator each', async () => {
    let state: MiniDyiState | undefined;
    show({ sub: 5, initial: chosen({ selectedOutcomes: [] }), onState: (s) => (state = s) });
    const add = screen.getByTestId('add-custom-outcome');
    for (let i = 0; i < 3; i++) fireEvent.click(add);
    expect(state!.selectedOutcomes).toHaveLength(3);
    expect(state!.selectedOutcomes.every((o) => /^[A-Za-z0-9]{12}$/.test(o.customKey!) && o.indicators.length === 1)).toBe(true);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    const first = screen.getAllByTestId('custom-outcome-card')[0];
    fireEvent.change(within(first).getByTestId('custom-outcome-name'), { target: { value: 'Neighbours meet more often' } });
    fireEvent.change(within(first).getByTestId('custom-indicator-target'), { target: { value: '40' } });
    fireEvent.change(within(first).getByTestId('custom-indicator-proxy-value'), { target: { value: '25' } });
    expect(state!.selectedOutcomes[0]).toMatchObject({
      outcomeName: 'Neighbours meet more often',
      indicators: [{ indicatorTargetValue: 40, proxyValue: 25 }],
    });
    expect(screen.getByTestId('sroi-ratio').textContent).toBe('1 : 3.00'); // 3 x 40 x 25 / 1000
  });

  it('shows the whole answer from the saved state alone without a sub-step (the console review)', () => {
    const saved = chosen({
      selectedOutcomes: [
        {
          outcomeId: uuid(1),
          outcomeName: 'Fewer families in poverty',
          sdg: 1,
          stakeholderId: uuid(301),
          stakeholderName: 'Families',
          indicators: [
            {
              indicatorId: uuid(101),
              indicatorName: 'Families helped',
              indicatorTargetValue: 20,
              proxyId: uuid(201),
              proxyName: 'Proxy 1',
              proxyValue: 100,
            },
          ],
        },
      ],
    });
    act(() => {
      show({ initial: saved, data: null });
    });
    const summary = screen.getByTestId('minidyi-summary');
    expect(summary.textContent).toContain('Families helped');
    expect(summary.textContent).toContain('Stakeholder: Families');
    expect(screen.getByTestId('sroi-ratio').textContent).toBe('1 : 6.00');
  });

  it('groups outcomes by SDG in the order picked, the others by code', () => {
    expect(groupBySdg(OUTCOMES, [4]).map((g) => g.sdg)).toEqual([4, 1]);
    expect(groupBySdg(OUTCOMES, []).map((g) => [g.sdg, g.outcomes.length])).toEqual([
      [1, 2],
      [4, 1],
    ]);
  });
});

describe('the miniDyi screens, second look', () => {
  it("hides the tiles' names for screen readers in a 1 px box, so no name widens the page", () => {
    show({ sub: 2 });
    for (const code of [6, 12]) {
      const name = within(screen.getByTestId(`sdg-toggle-${code}`)).getByText(`SDG ${code}: ${sdgInfo(code)!.text.en.name}`);
      const style = getComputedStyle(name);
      expect([style.position, style.width, style.height, style.overflow, style.whiteSpace]).toEqual([
        'absolute',
        '1px',
        '1px',
        'hidden',
        'nowrap',
      ]);
    }
  });

  it('says which issues a sub-step shows itself, so the fill screen does not say them a second time', async () => {
    const state = chosen();
    expect(miniDyiShowsIssue(step(), 4, miniDyiNextBlock(step(), state, 4)!)).toBe(true);
    // From the last sub-step, a framework outcome's missing stakeholder is not on screen: the fill screen says it.
    expect(miniDyiShowsIssue(step(), 5, miniDyiNextBlock(step(), state, 5)!)).toBe(false);
    expect(miniDyiShowsIssue(step(), 1, miniDyiNextBlock(step(), { ...state, budget: -1 }, 1)!)).toBe(false);
    show({ sub: 4, initial: state });
    expect((await screen.findByTestId('error-stakeholders')).getAttribute('data-issue')).toBe('components.mini-dyi.error-stakeholders');
  });

  it('explains targets and years once, the same way in the introduction and in the SROI help, as the formula counts them', async () => {
    show({ sub: 0 });
    const years = translate('en', 'components.mini-dyi.help.sroi.years', { years: 3 });
    expect(screen.getByText(years)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'What is the SROI?' }));
    expect(within(await screen.findByRole('dialog')).getByText(years)).toBeTruthy();
    // The target is the amount of the last year, counted as the value of each year (SROI = 3 x target x proxy / budget).
    expect(years).toContain('year 3');
    expect(years).toContain('each of the 3 years');
    expect(translate('it', 'components.mini-dyi.help.sroi.years', { years: 3 })).toContain('ciascuno dei 3 anni');
    expect(translate('fr', 'components.mini-dyi.help.sroi.years', { years: 3 })).toContain('chacune des 3 années');
  });

  it('calls outcomes "effets" on French screens', () => {
    const french = catalogKeys(CATALOGS.fr)
      .filter((k) => k.startsWith('components.mini-dyi.'))
      .map((k) => translate('fr', k));
    expect(french.filter((text) => /outcome/i.test(text))).toEqual([]);
  });
});
