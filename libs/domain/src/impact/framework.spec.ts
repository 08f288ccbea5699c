import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  columnLetter,
  FRAMEWORK_COLUMNS,
  FRAMEWORK_MAX_ISSUES,
  type FrameworkContent,
  frameworkContentIssues,
  frameworkCounts,
  frameworkIssueText,
  parseFrameworkSheet,
  parseProxyNumber,
  type SheetCell,
  type SheetRow,
  splitSource,
} from './framework.js';

type Cell = string | number | SheetCell | null;
const toCell = (c: Cell): SheetCell =>
  c === null || c === ''
    ? { kind: 'empty' }
    : typeof c === 'string'
      ? { kind: 'text', text: c }
      : typeof c === 'number'
        ? { kind: 'number', value: c }
        : c;
const sheet = (rows: Cell[][], name = 'Framework') => ({
  name,
  rows: rows.map((cells, i): SheetRow => ({ row: i + 1, cells: cells.map(toCell) })),
});
const HEADER: Cell[] = [...FRAMEWORK_COLUMNS];

const GOOD: Cell[][] = [
  HEADER,
  [
    'Employability',
    'Young people find work',
    8,
    'Jobs found',
    'People in work after 6 months',
    'Annual wage',
    18500,
    'ISTAT (https://www.istat.it/)',
    'Young people',
    'Aged 18-29, NEET',
  ],
  [
    'Employability',
    '',
    '8',
    'Jobs found',
    '',
    'Benefit savings',
    '4200,50',
    { kind: 'link', text: 'INPS', url: 'https://www.inps.it/' },
    'Families',
    'Households of participants',
  ],
  [
    'Employability',
    'Young people find work',
    'SDG 8',
    'Confidence',
    'Self-reported confidence',
    'HACT confidence value',
    '€ 13080',
    'HACT Social Value Bank',
    null,
    null,
  ],
  [
    'Clean air',
    'Fewer emissions',
    13,
    'CO2 avoided (t)',
    'Tonnes avoided a year',
    'Social cost of carbon',
    80,
    'https://www.epa.gov/',
    'Residents',
    'People living nearby',
  ],
];

describe('parseFrameworkSheet: the Excel import rules', () => {
  it('builds the framework: outcomes repeat per indicator, indicators per proxy, stakeholders in their own list', () => {
    const { content, issues } = parseFrameworkSheet(sheet(GOOD));
    expect(issues).toEqual([]);
    expect(content.stakeholders).toEqual([
      { name: 'Young people', description: 'Aged 18-29, NEET' },
      { name: 'Families', description: 'Households of participants' },
      { name: 'Residents', description: 'People living nearby' },
    ]);
    expect(content.outcomes).toHaveLength(2);
    expect(content.outcomes[0]).toEqual({
      name: 'Employability',
      description: 'Young people find work',
      sdg: 8,
      indicators: [
        {
          name: 'Jobs found',
          description: 'People in work after 6 months',
          proxies: [
            { name: 'Annual wage', defaultValue: 18500, sourceName: 'ISTAT', sourceUrl: 'https://www.istat.it/' },
            { name: 'Benefit savings', defaultValue: 4200.5, sourceName: 'INPS', sourceUrl: 'https://www.inps.it/' },
          ],
        },
        {
          name: 'Confidence',
          description: 'Self-reported confidence',
          proxies: [{ name: 'HACT confidence value', defaultValue: 13080, sourceName: 'HACT Social Value Bank', sourceUrl: '' }],
        },
      ],
    });
    expect(content.outcomes[1].indicators[0].proxies[0]).toMatchObject({
      sourceName: 'https://www.epa.gov/',
      sourceUrl: 'https://www.epa.gov/',
    });
    expect(frameworkCounts(content)).toEqual({ stakeholders: 3, outcomes: 2, indicators: 3, proxies: 4, sdgs: [8, 13] });
  });

  it('finds the header by name, whatever the case, spaces and order, below title rows', () => {
    const shuffled = [...FRAMEWORK_COLUMNS].reverse().map((c) => c.toUpperCase().replace('NUMERO', ' Numero'));
    const rows: Cell[][] = [[], shuffled, ...GOOD.slice(1).map((r) => [...r].reverse())];
    const { content, issues } = parseFrameworkSheet(sheet(rows));
    expect(issues).toEqual([]);
    expect(content.outcomes).toHaveLength(2);
  });

  const issuesOf = (rows: Cell[][]) => parseFrameworkSheet(sheet(rows)).issues;
  const line = (patch: Partial<Record<(typeof FRAMEWORK_COLUMNS)[number], Cell>>): Cell[] =>
    FRAMEWORK_COLUMNS.map((c, i) => (c in patch ? patch[c]! : GOOD[1][i]));

  it('names the sheet, row and column of each problem, in the message too', () => {
    const [issue] = issuesOf([HEADER, line({ valoreproxy: 'about 300' })]);
    expect(issue).toMatchObject({
      key: 'errors.impact.excel-proxy-value',
      sheet: 'Framework',
      row: 2,
      column: 'G (valoreproxy)',
      params: { value: 'about 300' },
    });
    expect(issue.message).toBe(
      'Sheet “Framework”, row 2, column G (valoreproxy): “about 300” is not a number: a proxy value must be a number of at least 0, without thousands separators',
    );
    expect(frameworkIssueText(issue, 'it')).toMatch(/^Foglio «Framework», riga 2, colonna G \(valoreproxy\): «about 300» non è un numero/);
  });

  const cases: [string, Cell[][], string, string][] = [
    ['a missing column', [FRAMEWORK_COLUMNS.filter((c) => c !== 'fonteproxy')], 'errors.impact.excel-missing-column', ''],
    ['a column twice', [[...HEADER, 'proxy']], 'errors.impact.excel-duplicate-column', 'K (proxy)'],
    ['a formula', [HEADER, line({ valoreproxy: { kind: 'formula', formula: 'B2*3' } })], 'errors.impact.excel-formula', 'G (valoreproxy)'],
    [
      'a formula in a text column',
      [HEADER, line({ outcome: { kind: 'formula', formula: 'HYPERLINK("x")' } })],
      'errors.impact.excel-formula',
      'A (outcome)',
    ],
    ['a non-numeric proxy value', [HEADER, line({ valoreproxy: 'n/a' })], 'errors.impact.excel-proxy-value', 'G (valoreproxy)'],
    ['a thousands separator', [HEADER, line({ valoreproxy: '1.234,56' })], 'errors.impact.excel-proxy-value', 'G (valoreproxy)'],
    ['a negative proxy value', [HEADER, line({ valoreproxy: -5 })], 'errors.impact.excel-proxy-value', 'G (valoreproxy)'],
    [
      'a date as proxy value',
      [HEADER, line({ valoreproxy: { kind: 'other', type: 'date' } })],
      'errors.impact.excel-proxy-value',
      'G (valoreproxy)',
    ],
    ['an SDG out of range', [HEADER, line({ sdgNumero: 18 })], 'errors.impact.excel-sdg', 'C (sdgNumero)'],
    ['an SDG as words', [HEADER, line({ sdgNumero: 'health' })], 'errors.impact.excel-sdg', 'C (sdgNumero)'],
    ['a missing SDG', [HEADER, line({ sdgNumero: null })], 'errors.impact.excel-required', 'C (sdgNumero)'],
    [
      'a boolean where text goes',
      [HEADER, line({ indicatore: { kind: 'other', type: 'boolean' } })],
      'errors.impact.excel-wrong-type',
      'D (indicatore)',
    ],
    ['text over the limit', [HEADER, line({ outcome: 'x'.repeat(501) })], 'errors.impact.excel-too-long', 'A (outcome)'],
    [
      'a stakeholder without description (pair of different length)',
      [HEADER, line({ descrizioneStakeholder: null })],
      'errors.impact.excel-pair',
      'J (descrizioneStakeholder)',
    ],
    ['a stakeholder description without name', [HEADER, line({ stakeholder: null })], 'errors.impact.excel-pair', 'I (stakeholder)'],
    [
      'a new outcome without description',
      [HEADER, line({ descrizioneOutcome: null })],
      'errors.impact.excel-pair',
      'B (descrizioneOutcome)',
    ],
    [
      'a new indicator without description',
      [HEADER, line({ descrizioneIndicatore: '' })],
      'errors.impact.excel-pair',
      'E (descrizioneIndicatore)',
    ],
    ['a proxy without value', [HEADER, line({ valoreproxy: null })], 'errors.impact.excel-pair', 'G (valoreproxy)'],
    ['a proxy without source', [HEADER, line({ fonteproxy: null })], 'errors.impact.excel-pair', 'H (fonteproxy)'],
    [
      'an indicator without outcome',
      [HEADER, line({ outcome: null, descrizioneOutcome: null })],
      'errors.impact.excel-outcome-missing',
      'A (outcome)',
    ],
    [
      'an outcome without indicator',
      [HEADER, line({ indicatore: null, descrizioneIndicatore: null })],
      'errors.impact.excel-indicator-missing',
      'D (indicatore)',
    ],
    [
      'an indicator without proxy',
      [HEADER, line({ proxy: null, valoreproxy: null, fonteproxy: null })],
      'errors.impact.excel-proxy-missing',
      'F (proxy)',
    ],
    [
      'a source that is not a web address',
      [HEADER, line({ fonteproxy: { kind: 'link', text: 'x', url: 'javascript:alert(1)' } })],
      'errors.impact.excel-source-url',
      'H (fonteproxy)',
    ],
    [
      'one outcome under two SDGs',
      [HEADER, GOOD[1], line({ sdgNumero: 3, proxy: 'Other' })],
      'errors.impact.excel-outcome-sdg-conflict',
      'C (sdgNumero)',
    ],
    [
      'one outcome with two descriptions',
      [HEADER, GOOD[1], line({ descrizioneOutcome: 'Something else', proxy: 'Other' })],
      'errors.impact.excel-conflict',
      'B (descrizioneOutcome)',
    ],
    [
      'the same line twice',
      [HEADER, GOOD[1], line({ stakeholder: null, descrizioneStakeholder: null })],
      'errors.impact.excel-duplicate-line',
      'F (proxy)',
    ],
  ];
  it.each(cases)('reports %s', (_, rows, key, column) => {
    const issues = issuesOf(rows);
    expect(issues.map((i) => i.key)).toContain(key);
    const issue = issues.find((i) => i.key === key)!;
    if (column) expect(issue.column).toBe(column);
    expect(issue.message.startsWith('Sheet “Framework”')).toBe(true);
  });

  it('reports one problem once: a stakeholder pair does not stop the chain, a wrong type is not also "missing"', () => {
    expect(
      issuesOf([
        HEADER,
        line({ descrizioneStakeholder: null }),
        line({ proxy: 'Other', stakeholder: 'Families', descrizioneStakeholder: 'x' }),
      ]).map((i) => i.key),
    ).toEqual(['errors.impact.excel-pair']);
    expect(issuesOf([HEADER, line({ indicatore: { kind: 'other', type: 'boolean' } })]).map((i) => i.key)).toEqual([
      'errors.impact.excel-wrong-type',
    ]);
  });

  it('reports empty lists with the messages errorStakeholders, errorOutcomes, errorIndicators, errorProxies', () => {
    const noStakeholders = issuesOf([HEADER, line({ stakeholder: null, descrizioneStakeholder: null })]);
    expect(noStakeholders.map((i) => i.key)).toEqual(['pages.admin.errorStakeholders']);
    expect(noStakeholders[0].message).toBe(
      'Sheet “Framework”, column I (stakeholder), J (descrizioneStakeholder): Check the Stakeholders list: the file has no stakeholder',
    );
    const onlyStakeholders = issuesOf([HEADER, [null, null, null, null, null, null, null, null, 'Residents', 'People nearby']]);
    expect(onlyStakeholders.map((i) => i.key)).toEqual([
      'pages.admin.errorOutcomes',
      'pages.admin.errorIndicators',
      'pages.admin.errorProxies',
    ]);
    expect(issuesOf([HEADER]).map((i) => i.key)).toEqual([
      'pages.admin.errorStakeholders',
      'pages.admin.errorOutcomes',
      'pages.admin.errorIndicators',
      'pages.admin.errorProxies',
    ]);
    expect(issuesOf([]).map((i) => i.key)).toEqual([
      'errors.impact.excel-empty',
      'pages.admin.errorStakeholders',
      'pages.admin.errorIndicators',
      'pages.admin.errorOutcomes',
      'pages.admin.errorProxies',
    ]);
  });

  it('stops listing at 200 problems and says so', () => {
    const rows = [HEADER, ...Array.from({ length: 300 }, () => line({ valoreproxy: 'x' }))];
    const r = parseFrameworkSheet(sheet(rows));
    expect(r.issues).toHaveLength(FRAMEWORK_MAX_ISSUES);
    expect(r.truncated).toBe(true);
  });

  const text = fc
    .string({ minLength: 1, maxLength: 12 })
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0 && !/https?:/i.test(s));
  const contentArb: fc.Arbitrary<FrameworkContent> = fc.record({
    stakeholders: fc.uniqueArray(fc.record({ name: text, description: text }), {
      minLength: 1,
      maxLength: 5,
      selector: (s) => s.name.toLowerCase(),
    }),
    outcomes: fc.uniqueArray(
      fc.record({
        name: text,
        description: text,
        sdg: fc.integer({ min: 1, max: 17 }),
        indicators: fc.uniqueArray(
          fc.record({
            name: text,
            description: text,
            proxies: fc.uniqueArray(
              fc.record({
                name: text,
                defaultValue: fc.double({ min: 0, max: 1e7, noNaN: true }),
                sourceName: text,
                sourceUrl: fc.constantFrom('', 'https://www.istat.it/it/archivio/1'),
              }),
              { minLength: 1, maxLength: 3, selector: (p) => p.name.toLowerCase() },
            ),
          }),
          { minLength: 1, maxLength: 3, selector: (i) => i.name.toLowerCase() },
        ),
      }),
      { minLength: 1, maxLength: 4, selector: (o) => o.name.toLowerCase() },
    ),
  });

  it('property: a framework written as rows (as the example script does) reads back the same', () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        const chains = content.outcomes.flatMap((o) => o.indicators.flatMap((i) => i.proxies.map((p) => [o, i, p] as const)));
        const rows: Cell[][] = [HEADER];
        for (let n = 0; n < Math.max(chains.length, content.stakeholders.length); n++) {
          const c = chains[n];
          const s = content.stakeholders[n];
          rows.push([
            c?.[0].name ?? null,
            c?.[0].description ?? null,
            c?.[0].sdg ?? null,
            c?.[1].name ?? null,
            c?.[1].description ?? null,
            c?.[2].name ?? null,
            c?.[2].defaultValue ?? null,
            c ? (c[2].sourceUrl ? { kind: 'link', text: c[2].sourceName, url: c[2].sourceUrl } : c[2].sourceName) : null,
            s?.name ?? null,
            s?.description ?? null,
          ]);
        }
        const r = parseFrameworkSheet(sheet(rows));
        expect(r.issues).toEqual([]);
        expect(r.content).toEqual(content);
        expect(frameworkContentIssues(r.content)).toEqual([]);
      }),
    );
  });
});

describe('frameworkContentIssues: the JSON of AddImpactFrameworkSet', () => {
  const ok: FrameworkContent = {
    stakeholders: [{ name: 'Residents', description: '' }],
    outcomes: [
      {
        name: 'o',
        description: '',
        sdg: 11,
        indicators: [{ name: 'i', description: '', proxies: [{ name: 'p', defaultValue: 3, sourceName: '', sourceUrl: '' }] }],
      },
    ],
  };

  it('accepts a valid framework', () => expect(frameworkContentIssues(ok)).toEqual([]));

  it('needs every list, indicators per outcome and proxies per indicator', () => {
    expect(frameworkContentIssues({ stakeholders: [], outcomes: [] }).map((i) => i.key)).toEqual([
      'pages.admin.errorStakeholders',
      'pages.admin.errorOutcomes',
    ]);
    const noIndicators = { ...ok, outcomes: [{ ...ok.outcomes[0], indicators: [] }] };
    expect(frameworkContentIssues(noIndicators)).toMatchObject([{ key: 'pages.admin.errorIndicators', path: 'outcomes[0].indicators' }]);
    const noProxies = { ...ok, outcomes: [{ ...ok.outcomes[0], indicators: [{ ...ok.outcomes[0].indicators[0], proxies: [] }] }] };
    expect(frameworkContentIssues(noProxies)).toMatchObject([
      {
        key: 'pages.admin.errorProxies',
        path: 'outcomes[0].indicators[0].proxies',
        message: 'Field outcomes[0].indicators[0].proxies: Check the Proxies list: every indicator needs at least one proxy',
      },
    ]);
  });

  it('checks SDG codes, values, URLs and names', () => {
    const bad: FrameworkContent = {
      stakeholders: [{ name: ' ', description: '' }],
      outcomes: [
        {
          name: 'o',
          description: '',
          sdg: 0,
          indicators: [{ name: 'i', description: '', proxies: [{ name: 'p', defaultValue: -1, sourceName: '', sourceUrl: 'ftp://x' }] }],
        },
      ],
    };
    expect(frameworkContentIssues(bad).map((i) => i.key)).toEqual([
      'errors.impact.required',
      'errors.impact.sdg',
      'errors.impact.proxy-value',
      'errors.impact.source-url',
    ]);
  });

  it('reads JSON of any shape without assuming it: lists of lists, missing or wrong-typed fields are issues, never a crash', () => {
    const outcome = ok.outcomes[0];
    const cases: [unknown, string[]][] = [
      [[[[[]]]], ['errors.impact.not-an-object']],
      [null, ['errors.impact.not-an-object']],
      [{ ...ok, outcomes: [[[[]]]] }, ['errors.impact.not-an-object']],
      [{ ...ok, outcomes: [null, 'x', 3] }, ['errors.impact.not-an-object', 'errors.impact.not-an-object', 'errors.impact.not-an-object']],
      [{ ...ok, stakeholders: 'Residents' }, ['errors.impact.not-a-list']],
      [{ outcomes: ok.outcomes }, ['errors.impact.not-a-list']],
      [{ ...ok, stakeholders: [{}] }, ['errors.impact.required']],
      [{ ...ok, stakeholders: [{ name: ['x'], description: { a: 1 } }] }, ['errors.impact.not-text', 'errors.impact.not-text']],
      [{ ...ok, outcomes: [{ ...outcome, indicators: [[[]]] }] }, ['errors.impact.not-an-object']],
      [{ ...ok, outcomes: [{ ...outcome, indicators: {} }] }, ['errors.impact.not-a-list']],
      [{ ...ok, outcomes: [{ ...outcome, sdg: { toString: 1 } }] }, ['errors.impact.sdg']],
      [
        {
          ...ok,
          outcomes: [
            { ...outcome, indicators: [{ name: 'i', proxies: [[{ name: 'p', defaultValue: 1 }], { defaultValue: { toString: 1 } }] }] },
          ],
        },
        ['errors.impact.not-an-object', 'errors.impact.required', 'errors.impact.proxy-value'],
      ],
      [
        {
          ...ok,
          outcomes: [{ ...outcome, indicators: [{ name: 'i', proxies: [{ name: 'p', defaultValue: 1, sourceName: 5, sourceUrl: [] }] }] }],
        },
        ['errors.impact.not-text', 'errors.impact.not-text'],
      ],
    ];
    for (const [content, keys] of cases) {
      expect([content, frameworkContentIssues(content).map((i) => i.key)]).toEqual([content, keys]);
    }
    // Left-out descriptions and sources are empty, as the request DTOs have them.
    expect(
      frameworkContentIssues({
        ...ok,
        outcomes: [{ name: 'o', sdg: 3, indicators: [{ name: 'i', proxies: [{ name: 'p', defaultValue: 0 }] }] }],
      }),
    ).toEqual([]);
  });
});

describe('helpers', () => {
  it('name columns as Excel does', () => {
    expect([0, 9, 25, 26, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'J', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('read proxy numbers typed as text, and refuse the rest', () => {
    expect(parseProxyNumber('12,50')).toBe(12.5);
    expect(parseProxyNumber('€ 1200')).toBe(1200);
    expect(parseProxyNumber('35 EUR')).toBe(35);
    for (const bad of ['', 'n/a', '1.234,56', '1,234.5', '-3', '1e5', '=A1']) expect(parseProxyNumber(bad)).toBeUndefined();
  });

  it('split a source into name and URL', () => {
    expect(splitSource('ISTAT, BES 2023 (https://www.istat.it/it/benessere)')).toEqual({
      sourceName: 'ISTAT, BES 2023',
      sourceUrl: 'https://www.istat.it/it/benessere',
    });
    expect(splitSource('HACT Social Value Bank - https://hact.org.uk/tools-and-services/social-value-bank/')).toEqual({
      sourceName: 'HACT Social Value Bank',
      sourceUrl: 'https://hact.org.uk/tools-and-services/social-value-bank/',
    });
    expect(splitSource('Eurostat')).toEqual({ sourceName: 'Eurostat', sourceUrl: '' });
  });
});
