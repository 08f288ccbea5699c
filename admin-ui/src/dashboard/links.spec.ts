import { describe, expect, it } from 'vitest';
import { dayRange, scopeFilter, submissionsLink } from './links';

describe('dashboard links', () => {
  it('carries the call and the state into the list filter', () => {
    expect(scopeFilter({ state: 'all' })).toEqual({});
    expect(scopeFilter({ callId: 'c1', state: 'closed' })).toEqual({ callId: 'c1', status: 'closed' });
  });

  it('opens the submissions list with the filter and its inputs shown', () => {
    const url = new URL(submissionsLink({ callId: 'c1', state: 'open' }, { sdg: 3 }), 'http://x');
    expect(url.pathname).toBe('/admin/submissions');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ callId: 'c1', status: 'open', sdg: 3 });
    expect(JSON.parse(url.searchParams.get('displayedFilters')!)).toEqual({ callId: true, status: true, sdg: true });
  });

  it('covers a whole UTC day', () => {
    expect(dayRange('2026-01-05')).toEqual({ from: '2026-01-05T00:00:00.000Z', to: '2026-01-05T23:59:59.999Z' });
  });
});
