import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGS, catalogKeys, LANGUAGES } from '@impact-calls/domain';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every i18n key the API can answer with exists in every catalog, so the UIs can always show it. */
describe('API error keys', () => {
  const keys = new Set<string>();
  for (const file of sources(join(import.meta.dirname, '../src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:badRequest|notFound|forbidden|unauthorized|conflict|tooLarge|unprocessable)\(\s*'([a-z0-9.-]+)'/g))
      keys.add(m[1]);
    for (const m of text.matchAll(/\bkey:\s*'([a-z][a-z0-9-]*\.[a-z0-9.-]+)'/g)) keys.add(m[1]);
  }

  it('finds the keys', () => {
    expect(keys.size).toBeGreaterThan(10);
  });

  it.each(LANGUAGES)('are all translated in %s', (lang) => {
    const known = new Set(catalogKeys(CATALOGS[lang]));
    expect([...keys].filter((k) => !known.has(k)).sort()).toEqual([]);
  });
});
