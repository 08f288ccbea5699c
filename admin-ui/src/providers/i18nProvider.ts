import { CATALOGS, LANGUAGES, mergeCatalogs, type Catalog, type Language } from '@impact-calls/domain';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { I18nProvider, TranslationMessages } from 'react-admin';

/** Shared with the applicant app (same origin): the language the user picked. */
export const LANGUAGE_STORAGE_KEY = 'ic_language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Our catalogs use i18next's `{{var}}`; Polyglot (react-admin) uses `%{var}`. Converting
 * ours keeps one syntax in the catalogs while ra-language-* messages stay untouched.
 */
export function toPolyglot(catalog: Catalog): Catalog {
  return Object.fromEntries(
    Object.entries(catalog).map(([k, v]) => [k, typeof v === 'string' ? v.replace(/\{\{\s*(\w+)\s*\}\}/g, '%{$1}') : toPolyglot(v)]),
  );
}

/**
 * react-admin's messages under ours: ra-language-english for it and en (the Italian
 * catalog translates the `ra.*` keys the console shows), ra-language-french for fr.
 */
export const MESSAGES: Record<Language, Catalog> = {
  it: mergeCatalogs([englishMessages as unknown as Catalog, toPolyglot(CATALOGS.it)]),
  en: mergeCatalogs([englishMessages as unknown as Catalog, toPolyglot(CATALOGS.en)]),
  fr: mergeCatalogs([frenchMessages as unknown as Catalog, toPolyglot(CATALOGS.fr)]),
};

export function readRememberedLanguage(): Language | undefined {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts for this page
  }
}

export function createI18nProvider(initial: Language = readRememberedLanguage() ?? 'it'): I18nProvider {
  return polyglotI18nProvider(
    (locale) => MESSAGES[isLanguage(locale) ? locale : 'it'] as unknown as TranslationMessages,
    initial,
    [
      { locale: 'it', name: 'Italiano' },
      { locale: 'en', name: 'English' },
      { locale: 'fr', name: 'Français' },
    ],
    { allowMissing: true },
  );
}
