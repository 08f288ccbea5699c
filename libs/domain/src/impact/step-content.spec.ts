import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_ID } from '../constants.js';
import { DEFAULT_SROI_OPTIONS } from './sroi.js';
import { miniDyiStepContentJson, readMiniDyiStepContent } from './step-content.js';

const ID = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('miniDyi step content', () => {
  it('reads the current object format with defaults for what is missing', () => {
    expect(readMiniDyiStepContent({ frameworkId: ID })).toEqual({
      content: { frameworkId: ID, showSdgFilter: true, maxOutcomeSelect: 4, maxSdgSelect: 4, sroi: DEFAULT_SROI_OPTIONS, legacy: false },
      issues: {},
    });
    const { content, issues } = readMiniDyiStepContent({
      frameworkId: ID,
      showSdgFilter: false,
      maxOutcomeSelect: 6,
      maxSdgSelect: 2,
      sroi: { discountRate: 0.035, dropOff: 0.1 },
    });
    expect(issues).toEqual({});
    expect(content).toMatchObject({
      showSdgFilter: false,
      maxOutcomeSelect: 6,
      maxSdgSelect: 2,
      sroi: { ...DEFAULT_SROI_OPTIONS, discountRate: 0.035, dropOff: 0.1 },
    });
  });

  it('still loads the older format: a plain string holding the framework id (raw, or as JSON text)', () => {
    for (const raw of [ID, `  ${ID.toUpperCase()} `, JSON.stringify(ID)]) {
      const { content, issues } = readMiniDyiStepContent(raw);
      expect(issues).toEqual({});
      expect(content).toMatchObject({ frameworkId: ID, legacy: true, showSdgFilter: true, maxOutcomeSelect: 4, maxSdgSelect: 4 });
    }
    expect(readMiniDyiStepContent(JSON.stringify({ frameworkId: ID, maxSdgSelect: '3' })).content).toMatchObject({
      frameworkId: ID,
      maxSdgSelect: 3,
      legacy: false,
    });
  });

  it('treats the all-zeros id and nothing as "no framework"', () => {
    expect(readMiniDyiStepContent(EMPTY_ID).content.frameworkId).toBeNull();
    expect(readMiniDyiStepContent(null).content.frameworkId).toBeNull();
    expect(readMiniDyiStepContent({}).issues).toEqual({});
  });

  it('reports what the API refuses, and falls back to defaults to stay loadable', () => {
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
    expect(content).toMatchObject({
      frameworkId: null,
      showSdgFilter: true,
      maxOutcomeSelect: 4,
      maxSdgSelect: 4,
      sroi: DEFAULT_SROI_OPTIONS,
    });
    expect(readMiniDyiStepContent('{not json').issues).toHaveProperty('content');
    expect(readMiniDyiStepContent([1, 2]).issues).toHaveProperty('content');
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
