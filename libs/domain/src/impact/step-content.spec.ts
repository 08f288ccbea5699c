import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_ID } from '../constants.js';
import { DEFAULT_SROI_OPTIONS } from './sroi.js';
import { MINIDYI_STEP_CONTENT_DEFAULTS, miniDyiStepContentJson, readMiniDyiStepContent } from './step-content.js';

const ID = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
/** The spec's defaults (product spec, data model: showSdgFilter true, 4 outcomes, 4 SDGs). */
const DEFAULTS = { showSdgFilter: true, maxOutcomeSelect: 4, maxSdgSelect: 4, sroi: DEFAULT_SROI_OPTIONS };

describe('miniDyi step content: the one reader and its defaults', () => {
  it('has the spec defaults, and reads nothing as no framework with every default', () => {
    expect(MINIDYI_STEP_CONTENT_DEFAULTS).toEqual(DEFAULTS);
    for (const raw of [undefined, null, '', {}]) {
      expect(readMiniDyiStepContent(raw)).toEqual({
        content: { frameworkId: null, ...DEFAULTS, legacy: raw === '' },
        issues: {},
        hasSroi: false,
      });
    }
  });

  it('reads the current object format with defaults for what is missing', () => {
    expect(readMiniDyiStepContent({ frameworkId: ID })).toEqual({
      content: { frameworkId: ID, ...DEFAULTS, legacy: false },
      issues: {},
      hasSroi: false,
    });
    const { content, issues, hasSroi } = readMiniDyiStepContent({
      frameworkId: ID,
      showSdgFilter: false,
      maxOutcomeSelect: 6,
      maxSdgSelect: 2,
      sroi: { discountRate: 0.035, dropOff: 0.1 },
    });
    expect(issues).toEqual({});
    expect(hasSroi).toBe(true);
    expect(content).toMatchObject({
      showSdgFilter: false,
      maxOutcomeSelect: 6,
      maxSdgSelect: 2,
      sroi: { ...DEFAULT_SROI_OPTIONS, discountRate: 0.035, dropOff: 0.1 },
    });
  });

  it('accepts the limits at their bounds, and null as "the default"', () => {
    for (const [outcomes, sdgs] of [
      [1, 1],
      [100, 17],
    ]) {
      const { content, issues } = readMiniDyiStepContent({ frameworkId: ID, maxOutcomeSelect: outcomes, maxSdgSelect: sdgs });
      expect(issues).toEqual({});
      expect(content).toMatchObject({ maxOutcomeSelect: outcomes, maxSdgSelect: sdgs });
    }
    const nulls = readMiniDyiStepContent({
      frameworkId: null,
      showSdgFilter: null,
      maxOutcomeSelect: null,
      maxSdgSelect: null,
      sroi: null,
    });
    expect(nulls).toEqual({ content: { frameworkId: null, ...DEFAULTS, legacy: false }, issues: {}, hasSroi: false });
    expect(readMiniDyiStepContent({ sroi: {} })).toMatchObject({ issues: {}, hasSroi: true, content: { sroi: DEFAULT_SROI_OPTIONS } });
  });

  it('still loads the older format: a plain string holding the framework id, stored lower case', () => {
    for (const raw of [ID, `  ${ID.toUpperCase()} `]) {
      const { content, issues } = readMiniDyiStepContent(raw);
      expect(issues).toEqual({});
      expect(content).toEqual({ frameworkId: ID, ...DEFAULTS, legacy: true });
    }
    expect(readMiniDyiStepContent({ frameworkId: ` ${ID.toUpperCase()}` })).toMatchObject({ issues: {}, content: { frameworkId: ID } });
  });

  it('treats the all-zeros id as "no framework", in either format', () => {
    expect(readMiniDyiStepContent(EMPTY_ID)).toMatchObject({ issues: {}, content: { frameworkId: null, legacy: true } });
    expect(readMiniDyiStepContent({ frameworkId: ` ${EMPTY_ID}` })).toMatchObject({ issues: {}, content: { frameworkId: null } });
  });

  it('reads JSON text and values written as text, and reports them: the API stores the typed object only', () => {
    const text = readMiniDyiStepContent(JSON.stringify(ID));
    expect(text.content).toMatchObject({ frameworkId: ID, legacy: true });
    expect(Object.keys(text.issues)).toEqual(['']);
    const object = readMiniDyiStepContent(JSON.stringify({ frameworkId: ID, maxSdgSelect: '3' }));
    expect(object.content).toMatchObject({ frameworkId: ID, maxSdgSelect: 3, legacy: false });
    expect(Object.keys(object.issues).sort()).toEqual(['', 'maxSdgSelect']);
    const typedAsText = readMiniDyiStepContent({ frameworkId: ID, showSdgFilter: 'false', maxOutcomeSelect: ' 7 ' });
    expect(typedAsText.content).toMatchObject({ showSdgFilter: false, maxOutcomeSelect: 7 });
    expect(Object.keys(typedAsText.issues).sort()).toEqual(['maxOutcomeSelect', 'showSdgFilter']);
  });

  it.each<[string, unknown, string]>([
    ['a string that is no id', 'framework', ''],
    ['a blank string', '  ', ''],
    ['a framework that is no id', { frameworkId: 'x' }, 'frameworkId'],
    ['a framework that is a number', { frameworkId: 5 }, 'frameworkId'],
    ['SDG filter as a word', { showSdgFilter: 'no' }, 'showSdgFilter'],
    ['SDG filter as a number', { showSdgFilter: 1 }, 'showSdgFilter'],
    ['no outcome', { maxOutcomeSelect: 0 }, 'maxOutcomeSelect'],
    ['101 outcomes', { maxOutcomeSelect: 101 }, 'maxOutcomeSelect'],
    ['a fraction of outcomes', { maxOutcomeSelect: 2.5 }, 'maxOutcomeSelect'],
    ['no SDG', { maxSdgSelect: 0 }, 'maxSdgSelect'],
    ['more SDGs than there are', { maxSdgSelect: 18 }, 'maxSdgSelect'],
    ['SDGs as a word', { maxSdgSelect: 'four' }, 'maxSdgSelect'],
    ['an unknown field', { budget: 3 }, 'budget'],
    ['SROI options that are not an object', { sroi: 'x' }, 'sroi'],
    ['an SROI option out of range', { sroi: { years: 0 } }, 'sroi.years'],
    ['an unknown SROI option', { sroi: { inflation: 0.02 } }, 'sroi.inflation'],
    ['a list', [1, 2], ''],
    ['a number', 5, ''],
    ['a boolean', true, ''],
    ['broken JSON text', '{not json', ''],
  ])('refuses %s, naming the field, and reads the defaults in its place', (_, raw, field) => {
    const { content, issues } = readMiniDyiStepContent(raw);
    expect(Object.keys(issues)).toEqual([field]);
    expect(issues[field]).toMatch(/\w/);
    expect(content).toMatchObject({ ...DEFAULTS, frameworkId: null });
  });

  it('reports every issue at once, and falls back to defaults to stay loadable', () => {
    const { content, issues } = readMiniDyiStepContent({
      frameworkId: 'not-an-id',
      showSdgFilter: 'maybe',
      maxOutcomeSelect: 0,
      maxSdgSelect: 18,
      sroi: { discountRate: 2, years: 3, magic: 1 },
    });
    expect(Object.keys(issues).sort()).toEqual([
      'frameworkId',
      'maxOutcomeSelect',
      'maxSdgSelect',
      'showSdgFilter',
      'sroi.discountRate',
      'sroi.magic',
    ]);
    expect(content).toMatchObject({ frameworkId: null, ...DEFAULTS, sroi: { ...DEFAULT_SROI_OPTIONS, years: 3 } });
  });

  it('writes the stored shape, with or without the SROI options', () => {
    const { content } = readMiniDyiStepContent(ID.toUpperCase());
    expect(miniDyiStepContentJson(content)).toEqual({
      frameworkId: ID,
      showSdgFilter: true,
      maxOutcomeSelect: 4,
      maxSdgSelect: 4,
      sroi: DEFAULT_SROI_OPTIONS,
    });
    expect(miniDyiStepContentJson(content, { sroi: false })).toEqual({
      frameworkId: ID,
      showSdgFilter: true,
      maxOutcomeSelect: 4,
      maxSdgSelect: 4,
    });
  });

  it('property: whatever is stored, the content read is usable and round-trips through its JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const { content } = readMiniDyiStepContent(raw);
        expect(content.maxOutcomeSelect).toBeGreaterThanOrEqual(1);
        expect(content.maxSdgSelect).toBeLessThanOrEqual(17);
        const again = readMiniDyiStepContent(miniDyiStepContentJson(content));
        expect(again.issues).toEqual({});
        expect({ ...again.content, legacy: content.legacy }).toEqual(content);
      }),
    );
  });
});
