import { formatDecimal, formatEuro, languageOf, type Language } from '@impact-calls/domain';

/** The interface language as the domain knows it (it, en, fr); Italian otherwise. */
export function toLanguage(language: string): Language {
  return languageOf(language);
}

/** "1234,50 €" / "€1,234.50" / "1 234,50 €": the domain's formatEuro, as every screen and the PDF write amounts. */
export function formatMoney(value: number, language: string): string {
  return formatEuro(value, language);
}

/** A number with at most two decimals in the language (the domain's formatDecimal). */
export function formatNumber(value: number, language: string): string {
  return formatDecimal(value, language);
}
