import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/useConfig';
import { chooseLanguage, readRememberedLanguage } from './language';

/**
 * Applies the configuration to the page: the language (remembered choice, else the
 * configured default), `<html lang>`, and the browser tab title (configuration name).
 */
export function LanguageSync() {
  const { i18n } = useTranslation();
  const { data: config } = useConfig();

  useEffect(() => {
    if (!config) return;
    const language = chooseLanguage({ remembered: readRememberedLanguage(), config });
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [config, i18n]);

  useEffect(() => {
    const apply = (language: string) => document.documentElement.setAttribute('lang', language);
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);

  useEffect(() => {
    if (config?.name) document.title = config.name;
  }, [config?.name]);

  return null;
}
