import { DEFAULT_LANGUAGE, LANGUAGES, type Catalog, type Language } from '@impact-calls/domain';
import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, readRememberedLanguage } from './language';
import { mergeCatalogs } from '@impact-calls/domain/i18n/merge';

/*
 * The shared catalogs (libs/domain/src/i18n/<language>/<area>.json). Italian, the default,
 * is in the first-load bundle; English and French are separate chunks fetched when chosen,
 * so the landing page does not carry three languages.
 */
const ITALIAN = import.meta.glob<Catalog>('../../../libs/domain/src/i18n/it/*.json', { eager: true, import: 'default' });
const OTHERS = import.meta.glob<Catalog>(['../../../libs/domain/src/i18n/*/*.json', '!**/i18n/it/*.json'], { import: 'default' });

/** The merged catalog of one language. */
export async function loadCatalog(language: Language): Promise<Catalog> {
  if (language === 'it') return mergeCatalogs(Object.values(ITALIAN));
  const parts = Object.entries(OTHERS).filter(([path]) => path.includes(`/i18n/${language}/`));
  return mergeCatalogs(await Promise.all(parts.map(([, load]) => load())));
}

/** i18next backend reading the catalogs above (changeLanguage waits for it). */
const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    loadCatalog(language as Language).then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * An i18next instance on the shared catalogs; keys are dotted (`pages.admin.saved`).
 * `resources` (tests) gives every catalog up front; otherwise they load as needed.
 */
export function createI18n(language: string, resources?: Resource): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  if (!resources) instance.use(catalogBackend);
  const ready = instance.use(initReactI18next).init({
    resources: resources ?? { it: { translation: mergeCatalogs(Object.values(ITALIAN)) } },
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    react: { useSuspense: false },
  });
  return { i18n: instance, ready };
}

const created = createI18n(chooseLanguage({ remembered: readRememberedLanguage() }));

/** The app's instance; the configuration may change the language once it has loaded (LanguageSync). */
export const i18n = created.i18n;
/** Resolves once the first language's catalog is in (immediately for Italian). */
export const i18nReady = created.ready;
