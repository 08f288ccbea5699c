import { describe, expect, it } from 'vitest';
import { contrastRatio, isSdgCode, SDGS, sdgName, sdgTextColour } from './sdg.js';

describe('the 17 SDGs', () => {
  it('have codes 1..17, official colours and names in it, en and fr', () => {
    expect(SDGS.map((s) => s.code)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    for (const s of SDGS) {
      expect(s.colour).toMatch(/^#[0-9A-F]{6}$/);
      for (const lang of ['it', 'en', 'fr'] as const) {
        expect(s.text[lang].name.length).toBeGreaterThan(3);
        expect(s.text[lang].description.length).toBeGreaterThan(s.text[lang].name.length);
      }
      expect(s.url).toBe(`https://sdgs.un.org/goals/goal${s.code}`);
      expect(s.keywords.length).toBeGreaterThan(2);
    }
    expect(sdgName(1, 'en')).toBe('No poverty');
    expect(sdgName(13, 'it')).toBe('Lotta contro il cambiamento climatico');
    expect(sdgName(17, 'fr')).toBe('Partenariats pour la réalisation des objectifs');
    expect(SDGS[2].colour).toBe('#4C9F38');
  });

  it('tile text keeps at least 3:1 contrast on every goal colour', () => {
    for (const s of SDGS) expect(contrastRatio(s.colour, sdgTextColour(s.code))).toBeGreaterThanOrEqual(3);
    expect(sdgTextColour(1)).toBe('#FFFFFF');
  });

  it('knows an SDG code', () => {
    expect(isSdgCode(17)).toBe(true);
    for (const bad of [0, 18, 3.5, '3', null]) expect(isSdgCode(bad)).toBe(false);
  });
});
