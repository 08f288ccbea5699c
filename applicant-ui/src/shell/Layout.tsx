import { CONTENT_MAX_WIDTH, SIDE_PANEL_WIDTH } from '@impact-calls/domain';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatch } from 'react-router';
import { useIsAuthenticated } from '../api/useSession';
import { useConfig } from '../config/useConfig';
import { PageLoading } from './PageLoading';
import { SkipLink } from './SkipLink';
import { TopBar } from './TopBar';

// Signed-in only: loaded after sign-in, so the landing page stays small.
const OrganizationPanel = lazy(() => import('./OrganizationPanel').then((m) => ({ default: m.OrganizationPanel })));

const MAIN_ID = 'main-content';
const SIDE_PANEL_ID = 'side-panel';

/**
 * The applicant shell: skip link, top bar, side panel (300 px, open when logged in; a
 * drawer on phones) and the page in a main landmark of at most 90rem.
 */
export function Layout() {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const authenticated = useIsAuthenticated();
  const theme = useTheme();
  // The fill screen has columns of its own (steps, the step): there the side panel stays open
  // only on wide screens (1536 px), else it is a drawer as on phones (1,366 px was cramped).
  const filling = !!useMatch('/call/:submissionId/*');
  const desktop = useMediaQuery(theme.breakpoints.up(filling ? 'xl' : 'md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    // Following a link from the drawer closes it.
    setLastPath(pathname);
    setDrawerOpen(false);
  }

  const sidePanel = authenticated && (
    <Drawer
      id={SIDE_PANEL_ID}
      variant={desktop ? 'permanent' : 'temporary'}
      open={desktop || drawerOpen}
      onClose={() => setDrawerOpen(false)}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: desktop ? SIDE_PANEL_WIDTH : undefined,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width: SIDE_PANEL_WIDTH,
          boxSizing: 'border-box',
          ...(desktop ? { top: 72, height: 'calc(100% - 72px)' } : {}),
        },
      }}
      slotProps={{ paper: { component: 'nav', 'aria-label': t('shell.side-panel') } as object }}
    >
      <Suspense fallback={null}>
        <OrganizationPanel />
      </Suspense>
    </Drawer>
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink target={MAIN_ID} />
      <TopBar
        config={config}
        onOpenSidePanel={authenticated && !desktop ? () => setDrawerOpen(true) : undefined}
        sidePanelId={SIDE_PANEL_ID}
      />
      <Box sx={{ display: 'flex', flex: 1 }}>
        {sidePanel}
        <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, outline: 'none' }}>
          <Box sx={{ maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 } }}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
