import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AppConfig } from '../config/useConfig';
import { LanguageSelector } from '../i18n/LanguageSelector';
import { Logo } from './Logo';
import { useIsAuthenticated } from '../api/useSession';
import { SignInButtons } from '../auth/SignInButtons';

export interface TopBarProps {
  config: AppConfig | undefined;
  /** Shown on phones when the side panel exists (logged in): opens it as a drawer. */
  onOpenSidePanel?: () => void;
  sidePanelId?: string;
}

// The signed-in user's menu loads after sign-in; visitors get Login and Register at once.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

/** Visually hidden below the `sm` breakpoint but still read by screen readers. */
const hiddenOnPhone = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: 'hidden',
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  whiteSpace: 'nowrap',
} as const;

/** Logo, product name, language selector (only when enabled), user menu. */
export function TopBar({ config, onOpenSidePanel, sidePanelId }: TopBarProps) {
  const { t } = useTranslation();
  const authenticated = useIsAuthenticated();
  const name = config?.name || t('app.name');
  return (
    <AppBar position="sticky" color="primary" elevation={0} component="header">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 64, sm: 72 } }}>
        {onOpenSidePanel && (
          <IconButton color="inherit" edge="start" aria-label={t('app.open-menu')} aria-controls={sidePanelId} onClick={onOpenSidePanel}>
            <MenuIcon />
          </IconButton>
        )}
        {/* The link's name is the logo's text and the product name (visually hidden on phones). */}
        <Box
          component={RouterLink}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'inherit', textDecoration: 'none', minWidth: 0, borderRadius: 1 }}
        >
          <Logo logoBase64={config?.logoBase64} width={config?.logoWidth} height={config?.logoHeight} name={name} />
          <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700, ...hiddenOnPhone }}>
            {name}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {config?.languageSelection && <LanguageSelector />}
        {authenticated ? (
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        ) : (
          <SignInButtons size="small" />
        )}
      </Toolbar>
    </AppBar>
  );
}
