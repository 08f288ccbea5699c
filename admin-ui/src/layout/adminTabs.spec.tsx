import { describe, expect, it } from 'vitest';
import { visibleTabs } from './adminTabs';

const all = new Set(['calls', 'submissions', 'pbi-reports', 'configurations', 'impact-framework']);
const keys = (ctx: Parameters<typeof visibleTabs>[0]) => visibleTabs(ctx).map((t) => t.key);

describe('visibleTabs', () => {
  it("shows the spec's tabs in order when everything is there", () => {
    expect(keys({ registered: all, canCustomize: true, analyticsConfigured: true, powerBiAvailable: true })).toEqual([
      'calls',
      'submissions',
      'report',
      'customize',
      'impactframe',
    ]);
  });

  it('hides a tab whose resource is not registered (no dead links)', () => {
    expect(
      keys({ registered: new Set(['configurations']), canCustomize: true, analyticsConfigured: true, powerBiAvailable: true }),
    ).toEqual(['customize']);
  });

  it('hides report without analytics ids and customize for users who may not customize', () => {
    expect(keys({ registered: all, canCustomize: false, analyticsConfigured: false, powerBiAvailable: true })).toEqual([
      'calls',
      'submissions',
      'impactframe',
    ]);
  });

  it('hides report while Power BI embedding is not available, even with analytics ids (issue 18)', () => {
    expect(keys({ registered: all, canCustomize: true, analyticsConfigured: true, powerBiAvailable: false })).not.toContain('report');
  });
});
