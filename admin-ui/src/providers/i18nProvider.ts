import { LANGUAGES, type Catalog, type Language } from '@impact-calls/domain';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { mergeCatalogs } from '@impact-calls/domain/i18n/merge';

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

/*
 * The shared catalogs (libs/domain/src/i18n/<language>/<area>.json). Italian, the default, is in
 * the first load; English and French are a chunk each (./messages/), fetched when chosen.
 */
const ITALIAN = import.meta.glob<Catalog>('../../../libs/domain/src/i18n/it/*.json', { eager: true, import: 'default' });
const OTHERS: Record<Exclude<Language, 'it'>, () => Promise<{ catalogs: Record<string, Catalog>; reactAdmin: object }>> = {
  en: () => import('./messages/en').then(({ catalogs }) => ({ catalogs, reactAdmin: englishMessages })),
  fr: () => import('./messages/fr'),
};

/** react-admin's messages under ours (the Italian catalog translates the `ra.*` keys the console shows). */
function withReactAdmin(base: object, catalog: Catalog): TranslationMessages {
  return mergeCatalogs([base as Catalog, toPolyglot(catalog)]) as unknown as TranslationMessages;
}

const ITALIAN_CATALOG = mergeCatalogs(Object.values(ITALIAN));
const ready: Partial<Record<Language, TranslationMessages>> = { it: withReactAdmin(englishMessages, ITALIAN_CATALOG) };
const loading: Partial<Record<Language, Promise<TranslationMessages>>> = {};

/** One language's messages (ra-language-english under it and en, ra-language-french under fr), fetched once. */
export function loadMessages(language: Language): Promise<TranslationMessages> {
  if (language === 'it') return Promise.resolve(ready.it!);
  return (loading[language] ??= OTHERS[language]().then(
    ({ catalogs, reactAdmin }) => (ready[language] = withReactAdmin(reactAdmin, mergeCatalogs(Object.values(catalogs)))),
    (error: unknown) => {
      delete loading[language]; // the next switch tries again
      throw error;
    },
  ));
}

/** True when the shared catalogs define this key (every language has every key). */
export function hasMessage(key: string): boolean {
  let node: string | Catalog | undefined = ITALIAN_CATALOG;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
}

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

/**
 * react-admin's i18nProvider on our catalogs. The initial language's messages must be in
 * (Italian always is; `await loadMessages(language)` first for another); switching to another
 * language waits for its chunk (changeLocale answers a Promise).
 */
export function createI18nProvider(initial: Language = readRememberedLanguage() ?? 'it'): I18nProvider {
  if (!ready[initial]) throw new Error(`The ${initial} messages are not loaded: await loadMessages('${initial}') first`);
  return polyglotI18nProvider(
    (locale) => {
      const language = isLanguage(locale) ? locale : 'it';
      return ready[language] ?? loadMessages(language);
    },
    initial,
    [
      { locale: 'it', name: 'Italiano' },
      { locale: 'en', name: 'English' },
      { locale: 'fr', name: 'Français' },
    ],
    { allowMissing: true },
  );
}
