import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@impact-calls/domain';

export { isLanguage };

/** localStorage key of the language the user picked with the selector. */
export const LANGUAGE_STORAGE_KEY = 'ic_language';

export interface LanguageConfig {
  defaultLanguage?: string;
  languageSelection?: boolean;
}

/**
 * The interface language: the user's remembered choice, else the active configuration's
 * default language, else Italian. When the configuration turns the selector off, the
 * configured default wins (a choice made earlier could not be changed back otherwise).
 */
export function chooseLanguage({ remembered, config }: { remembered?: string | null; config?: LanguageConfig }): Language {
  const configured = isLanguage(config?.defaultLanguage) ? config.defaultLanguage : undefined;
  if (config && config.languageSelection === false) return configured ?? DEFAULT_LANGUAGE;
  if (isLanguage(remembered)) return remembered;
  return configured ?? DEFAULT_LANGUAGE;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

export function readRememberedLanguage(): Language | undefined {
  const value = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : undefined;
}

export function rememberLanguage(language: Language): void {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // quota or privacy mode: the choice lasts for this page only
  }
}
