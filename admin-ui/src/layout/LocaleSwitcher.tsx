import { LANGUAGES, type Language } from '@impact-calls/domain';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useEffect, useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage, readRememberedLanguage, rememberLanguage } from '../providers/i18nProvider';
import { useActiveConfig } from './useActiveConfig';

/** Language menu of the console; the choice is shared with the applicant app. */
export function LocaleSwitcher() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { data: config } = useActiveConfig();
  const current: Language = isLanguage(locale) ? locale : 'it';

  // Without a remembered choice, the configured default language applies.
  useEffect(() => {
    const configured = config?.defaultLanguage;
    if (!readRememberedLanguage() && isLanguage(configured) && configured !== locale) setLocale(configured);
  }, [config?.defaultLanguage]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    document.documentElement.setAttribute('lang', current);
  }, [current]);

  const choose = (language: Language) => {
    rememberLanguage(language);
    setLocale(language);
    setAnchor(null);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon aria-hidden />}
        aria-label={`${current.toUpperCase()} – ${translate('app.language')}: ${translate(`app.languages.${current}`)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {current.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} lang={language} selected={language === current} onClick={() => choose(language)}>
            {translate(`app.languages.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
