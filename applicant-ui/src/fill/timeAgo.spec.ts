import { describe, expect, it } from 'vitest';
import { timeAgo } from './timeAgo';

describe('timeAgo', () => {
  const now = new Date('2030-05-10T12:00:00Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says how long ago in the user language', () => {
    expect(timeAgo(before(3 * 60), 'en', now)).toBe('3 minutes ago');
    expect(timeAgo(before(3 * 60), 'it', now)).toBe('3 minuti fa');
    expect(timeAgo(before(3 * 60), 'fr', now)).toBe('il y a 3 minutes');
    expect(timeAgo(before(25), 'en', now)).toBe('25 seconds ago');
    expect(timeAgo(before(2 * 3600), 'en', now)).toBe('2 hours ago');
    expect(timeAgo(before(30 * 3600), 'en', now)).toBe('yesterday');
  });

  it('reads a moment ago, or a time slightly ahead of this clock, as now', () => {
    expect(timeAgo(before(2), 'en', now)).toBe('now');
    expect(timeAgo(before(-30), 'en', now)).toBe('now');
  });
});
