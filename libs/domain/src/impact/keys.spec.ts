import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCustomKey, indicatorKey, isCustomKey, outcomeKey } from './keys.js';

describe('custom keys', () => {
  it('are 12 random alphanumeric characters', () => {
    const keys = new Set(Array.from({ length: 500 }, () => generateCustomKey()));
    expect(keys.size).toBe(500);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9]{12}$/);
  });

  it('property: any byte source gives a valid key (bytes >= 248 are drawn again, no bias)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 64 }).filter((b) => b.some((x) => x < 248)),
        (bytes) => {
          let i = 0;
          const key = generateCustomKey((buf) => {
            for (let j = 0; j < buf.length; j++) buf[j] = bytes[i++ % bytes.length];
            return buf;
          });
          expect(isCustomKey(key)).toBe(true);
        },
      ),
    );
  });

  it('tell custom keys from everything else', () => {
    expect(isCustomKey('abcDEF123456')).toBe(true);
    for (const bad of ['abcDEF12345', 'abcDEF1234567', 'abcDEF12345!', 12, null]) expect(isCustomKey(bad)).toBe(false);
  });

  it('address outcomes and indicators by framework ids or custom key', () => {
    expect(outcomeKey({ outcomeId: 'o1' })).toBe('o1');
    expect(outcomeKey({ outcomeId: null, customKey: 'K' })).toBe('K');
    expect(indicatorKey({ indicatorId: 'i', proxyId: 'p' })).toBe('i:p');
    expect(indicatorKey({ indicatorId: null, proxyId: null, customKey: 'C' })).toBe('C');
  });
});
