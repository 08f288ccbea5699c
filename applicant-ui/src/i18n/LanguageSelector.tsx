import { LANGUAGES, type Language } from '@impact-calls/domain';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, rememberLanguage } from './language';

/** Top-bar language menu; the TopBar shows it only when the configuration enables it. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'it';

  const choose = (language: Language) => {
    rememberLanguage(language);
    void i18n.changeLanguage(language);
    setAnchor(null);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon aria-hidden />}
        aria-label={`${current.toUpperCase()} – ${t('app.language')}: ${t(`app.languages.${current}`)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0, px: 1 }}
      >
        {current.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === current}
            aria-current={language === current ? 'true' : undefined}
            onClick={() => choose(language)}
          >
            <ListItemText>{t(`app.languages.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
