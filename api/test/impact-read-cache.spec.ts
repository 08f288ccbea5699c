import { jest } from '@jest/globals';
import { BoundedLru, ReadThroughCache } from '../src/modules/impact/read-cache.js';

const limits = (o: Partial<{ maxEntries: number; maxWeight: number; ttlMs: number }> = {}) => ({
  maxEntries: 3,
  maxWeight: 100,
  ttlMs: 60_000,
  weigh: (v: string) => v.length,
  ...o,
});

describe('BoundedLru', () => {
  it('evicts the least recently used entry past the entry limit', () => {
    const lru = new BoundedLru(limits());
    lru.set('a', 'A');
    lru.set('b', 'B');
    lru.set('c', 'C');
    expect(lru.get('a')).toBe('A'); // a is now the most recent: b goes first
    lru.set('d', 'D');
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.get('d')]).toEqual(['A', undefined, 'C', 'D']);
    expect(lru.size).toBe(3);
  });

  it('evicts by total weight, and never keeps an entry heavier than the limit', () => {
    const lru = new BoundedLru(limits({ maxEntries: 100, maxWeight: 10 }));
    lru.set('a', 'xxxx');
    lru.set('b', 'yyyy');
    lru.set('c', 'zzzz');
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([undefined, 'yyyy', 'zzzz']);
    expect(lru.totalWeight).toBe(8);
    lru.set('huge', 'x'.repeat(11));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.totalWeight).toBe(8);
    lru.set('b', 'y'); // replacing an entry replaces its weight
    expect(lru.totalWeight).toBe(5);
    lru.clear();
    expect([lru.size, lru.totalWeight]).toEqual([0, 0]);
  });

  it('forgets entries older than the TTL', () => {
    let now = 1_000;
    const spy = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const lru = new BoundedLru(limits({ ttlMs: 100 }));
      lru.set('a', 'A');
      now += 99;
      expect(lru.get('a')).toBe('A');
      now += 1;
      expect(lru.get('a')).toBeUndefined();
      expect([lru.size, lru.totalWeight]).toEqual([0, 0]);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('ReadThroughCache', () => {
  it('shares one load among concurrent misses, then answers from memory', async () => {
    const cache = new ReadThroughCache(limits());
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return 'value';
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual(['value', 'value', 'value']);
    expect(await cache.get('k', load)).toBe('value');
    expect(loads).toBe(1);
  });

  it('keeps neither undefined answers, nor those refused by keep, nor failures', async () => {
    const cache = new ReadThroughCache(limits());
    expect(await cache.get('missing', async () => undefined)).toBeUndefined();
    expect(
      await cache.get(
        'partial',
        async () => 'p',
        () => false,
      ),
    ).toBe('p');
    await expect(cache.get('broken', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(cache.size).toBe(0);
    expect(await cache.get('broken', async () => 'back')).toBe('back');
    expect(cache.size).toBe(1);
  });

  it('does not keep what a load read before clear() (a delete committed meanwhile)', async () => {
    const cache = new ReadThroughCache(limits());
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = () => r('stale'))));
    cache.clear();
    release();
    expect(await slow).toBe('stale');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });
});
