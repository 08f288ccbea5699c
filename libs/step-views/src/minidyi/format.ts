import { LANGUAGES, type Language } from '@impact-calls/domain';

/** The interface language as the domain knows it (it, en, fr); Italian otherwise. */
export function toLanguage(language: string): Language {
  const l = language.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'it';
}

const locales: Record<Language, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };

/** "1.234,50 €" / "€1,234.50" / "1 234,50 €". */
export function formatMoney(value: number, language: string): string {
  return new Intl.NumberFormat(locales[toLanguage(language)], { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }).format(
    value,
  );
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(locales[toLanguage(language)], { maximumFractionDigits: 2 }).format(value);
}
