import { createContext, useContext } from 'react';

/** Translates a catalog key with `{{var}}` values; each app provides its own (i18next, react-admin). */
export type FillTranslate = (key: string, vars?: Record<string, string | number>) => string;

const FillTextContext = createContext<FillTranslate>((key) => key);

export const FillTextProvider = FillTextContext.Provider;

export function useFillText(): FillTranslate {
  return useContext(FillTextContext);
}
