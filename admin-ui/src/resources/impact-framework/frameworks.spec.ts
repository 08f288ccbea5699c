import { describe, expect, it } from 'vitest';
import { searchOutcomes, type FrameworkOutcome } from './frameworks';

const outcomes: FrameworkOutcome[] = [
  {
    id: 'o1',
    name: 'Young people in employment',
    description: 'NEETs find work',
    sdg: 8,
    indicators: [
      {
        id: 'i1',
        name: 'Jobs found',
        description: '',
        proxies: [{ id: 'p1', name: 'Net salary', defaultValue: 14500, sourceName: 'INPS', sourceUrl: '' }],
      },
      {
        id: 'i2',
        name: 'Apprenticeships',
        description: '',
        proxies: [{ id: 'p2', name: 'Apprenticeship value', defaultValue: 2750, sourceName: 'HACT', sourceUrl: '' }],
      },
    ],
  },
  {
    id: 'o2',
    name: 'Clean air',
    description: 'Fewer emissions',
    sdg: 13,
    indicators: [
      {
        id: 'i3',
        name: 'CO2 avoided',
        description: '',
        proxies: [{ id: 'p3', name: 'Social cost of carbon', defaultValue: 175, sourceName: 'EPA', sourceUrl: '' }],
      },
    ],
  },
];

describe('searchOutcomes', () => {
  it('keeps a matching outcome whole, and only the matching indicators of the others', () => {
    expect(searchOutcomes(outcomes, '')).toHaveLength(2);
    expect(searchOutcomes(outcomes, 'AIR')).toEqual([outcomes[1]]);
    const byProxySource = searchOutcomes(outcomes, 'hact');
    expect(byProxySource).toHaveLength(1);
    expect(byProxySource[0].indicators.map((i) => i.id)).toEqual(['i2']);
    expect(searchOutcomes(outcomes, 'sdg 13').map((o) => o.id)).toEqual(['o2']);
    expect(searchOutcomes(outcomes, 'nothing like this')).toEqual([]);
  });
});
