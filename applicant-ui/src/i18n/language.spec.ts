import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, chooseLanguage, readRememberedLanguage, rememberLanguage } from './language';

describe('chooseLanguage', () => {
  it('is Italian with nothing known', () => {
    expect(chooseLanguage({})).toBe('it');
  });

  it('uses the configured default language when the user chose none', () => {
    expect(chooseLanguage({ config: { defaultLanguage: 'en', languageSelection: true } })).toBe('en');
  });

  it('prefers the remembered choice while the selector is on', () => {
    expect(chooseLanguage({ remembered: 'fr', config: { defaultLanguage: 'en', languageSelection: true } })).toBe('fr');
    expect(chooseLanguage({ remembered: 'fr' })).toBe('fr');
  });

  it('applies the configured default when the selector is off', () => {
    expect(chooseLanguage({ remembered: 'fr', config: { defaultLanguage: 'en', languageSelection: false } })).toBe('en');
  });

  it('ignores unknown languages', () => {
    expect(chooseLanguage({ remembered: 'de', config: { defaultLanguage: 'xx', languageSelection: true } })).toBe('it');
    expect(chooseLanguage({ remembered: 'de', config: { defaultLanguage: 'en', languageSelection: true } })).toBe('en');
  });
});

describe('remembered language', () => {
  it('round-trips through localStorage and ignores junk', () => {
    expect(readRememberedLanguage()).toBeUndefined();
    rememberLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(readRememberedLanguage()).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(readRememberedLanguage()).toBeUndefined();
  });
});
