import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.js';
import { CATALOG_PARTS, CATALOGS, catalogKeys, translate } from './index.js';

describe('message catalogs', () => {
  it('have the same keys in it, en and fr', () => {
    const en = new Set(catalogKeys(CATALOGS.en));
    for (const lang of LANGUAGES) {
      const keys = new Set(catalogKeys(CATALOGS[lang]));
      expect(
        [...en].filter((k) => !keys.has(k)),
        `missing in ${lang}`,
      ).toEqual([]);
      expect(
        [...keys].filter((k) => !en.has(k)),
        `only in ${lang}`,
      ).toEqual([]);
    }
  });

  it('define each key in one file only', () => {
    for (const lang of LANGUAGES) {
      const seen = new Map<string, string>();
      for (const [part, catalog] of Object.entries(CATALOG_PARTS[lang])) {
        for (const key of catalogKeys(catalog)) {
          expect(seen.get(key), `${lang}: ${key} is in ${seen.get(key)} and ${part}`).toBeUndefined();
          seen.set(key, part);
        }
      }
    }
  });

  it('have no empty message and keep the same placeholders across languages', () => {
    for (const key of catalogKeys(CATALOGS.en)) {
      const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      const en = translate('en', key);
      for (const lang of LANGUAGES) {
        const text = translate(lang, key);
        // A message may be blank only where it is blank on purpose in every language (ra.boolean.null).
        if (en.trim() !== '') expect(text.trim(), `${lang}: ${key}`).not.toBe('');
        expect(vars(text), `${lang}: ${key}`).toEqual(vars(en));
      }
    }
  });

  it('translates with variables and falls back to the key', () => {
    expect(translate('it', 'app.logo-alt', { name: 'Impact' })).toBe('Logo di Impact');
    expect(translate('fr', 'no.such.key')).toBe('no.such.key');
  });
});
