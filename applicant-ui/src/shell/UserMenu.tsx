import { userInitials } from '@impact-calls/domain';
import { HOVER_MENU_CLOSE_DELAY_MS, HOVER_MENU_OPEN_DELAY_MS } from '@impact-calls/domain';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import DevicesIcon from '@mui/icons-material/DevicesOutlined';
import PrivacyIcon from '@mui/icons-material/PrivacyTipOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Divider from '@mui/material/Divider';
import Grow from '@mui/material/Grow';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsAuthenticated } from '../api/useSession';
import { SignInButtons } from '../auth/SignInButtons';
import { logout } from '../auth/signIn';
import { useTokenRefresh } from '../auth/useTokenRefresh';
import { displayName, useCurrentUser, useIsReviewer } from '../auth/useCurrentUser';
import { PendingConsentDialog } from '../privacy/PendingConsentDialog';
import { VISUALLY_HIDDEN } from '@impact-calls/step-views';

export { SignInButtons };

/**
 * The user menu (spec section 2): name and initials; Your organizations, Back to calls,
 * Your sessions, Admin panel (administrators only), Logout. Opens on click or keyboard, and on hover
 * after 100 ms, closing 400 ms after the pointer leaves. Login and Register when nobody
 * is signed in.
 */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authenticated = useIsAuthenticated();
  const { data: user } = useCurrentUser();
  const reviewer = useIsReviewer(user);
  useTokenRefresh();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The hover delay can open the menu between the pointer arriving and the click: that click
  // means "open", so it must not toggle the menu shut again.
  const openedByHover = useRef(false);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);
  const later = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      openedByHover.current = next;
      setOpen(next);
    }, delay);
  };
  const close = (refocus = false) => {
    clearTimeout(timer.current);
    openedByHover.current = false;
    setOpen(false);
    if (refocus) anchor?.focus();
  };

  if (!authenticated) return <SignInButtons size="small" />;
  if (!user) return null;
  const name = displayName(user);

  const go = (to: string) => {
    close();
    void navigate(to);
  };
  const onMenuKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      close(true);
    }
  };
  const hover = {
    onMouseEnter: (e: { nativeEvent: MouseEvent }) => {
      // Touch screens fire mouseenter on tap: only a real pointer hovers.
      if ((e.nativeEvent as PointerEvent).pointerType === 'touch') return;
      later(true, HOVER_MENU_OPEN_DELAY_MS);
    },
    onMouseLeave: () => later(false, HOVER_MENU_CLOSE_DELAY_MS),
  };

  return (
    <>
      <Box {...hover}>
        <Button
          ref={setAnchor}
          id={buttonId}
          color="inherit"
          aria-haspopup="menu"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open}
          title={t('user-menu.open', { name })}
          onClick={() => {
            clearTimeout(timer.current);
            const keepOpen = openedByHover.current;
            openedByHover.current = false;
            setOpen((o) => keepOpen || !o);
          }}
          sx={{ gap: 1, textTransform: 'none', px: 1, minWidth: 0 }}
        >
          {/* The button's accessible name is the user's name (visually hidden on phones). */}
          <Typography component="span" noWrap sx={{ maxWidth: 220, fontWeight: 600, ...(phone ? VISUALLY_HIDDEN : {}) }}>
            {name}
          </Typography>
          {/* The initials are drawn by CSS: as text they would be part of the button's visible label but not of its name (axe). */}
          <Avatar
            sx={{
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              width: 36,
              height: 36,
              fontSize: '0.95rem',
              fontWeight: 700,
            }}
            aria-hidden
          >
            <Box component="span" data-initials={userInitials(user)} sx={{ '&::before': { content: 'attr(data-initials)' } }} />
          </Avatar>
        </Button>
        <Popper
          open={open}
          anchorEl={anchor}
          placement="bottom-end"
          transition
          disablePortal={false}
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          {({ TransitionProps }) => (
            <Grow {...TransitionProps} style={{ transformOrigin: 'right top' }}>
              <Paper
                elevation={6}
                sx={{ minWidth: 240, mt: 1 }}
                onMouseEnter={() => clearTimeout(timer.current)}
                onMouseLeave={() => later(false, HOVER_MENU_CLOSE_DELAY_MS)}
              >
                <ClickAwayListener onClickAway={(e) => !anchor?.contains(e.target as Node) && close()}>
                  <MenuList id={menuId} aria-labelledby={buttonId} autoFocusItem={open} onKeyDown={onMenuKeyDown}>
                    <Box sx={{ px: 2, py: 1 }} role="none">
                      <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {user.email}
                      </Typography>
                    </Box>
                    <Divider component="li" role="separator" />
                    <MenuItem onClick={() => go('/org/list')}>
                      <ListItemIcon>
                        <BusinessIcon fontSize="small" />
                      </ListItemIcon>
                      {t('user-menu.your-organizations')}
                    </MenuItem>
                    <MenuItem onClick={() => go('/calls')}>
                      <ListItemIcon>
                        <CampaignIcon fontSize="small" />
                      </ListItemIcon>
                      {t('user-menu.back-to-calls')}
                    </MenuItem>
                    <MenuItem onClick={() => go('/sessions')}>
                      <ListItemIcon>
                        <DevicesIcon fontSize="small" />
                      </ListItemIcon>
                      {t('user-menu.your-sessions')}
                    </MenuItem>
                    <MenuItem onClick={() => go('/privacy')}>
                      <ListItemIcon>
                        <PrivacyIcon fontSize="small" />
                      </ListItemIcon>
                      {t('user-menu.privacy')}
                    </MenuItem>
                    {reviewer ? (
                      <MenuItem component="a" href="/admin/review" onClick={() => close()}>
                        <ListItemIcon>
                          <RateReviewIcon fontSize="small" />
                        </ListItemIcon>
                        {t('user-menu.review-workspace')}
                      </MenuItem>
                    ) : null}
                    {user.isAdmin ? (
                      <MenuItem component="a" href="/admin" onClick={() => close()}>
                        <ListItemIcon>
                          <AdminPanelSettingsIcon fontSize="small" />
                        </ListItemIcon>
                        {t('user-menu.admin-panel')}
                      </MenuItem>
                    ) : null}
                    <Divider component="li" role="separator" />
                    <MenuItem
                      onClick={() => {
                        close();
                        void logout(queryClient, i18n.language);
                      }}
                    >
                      <ListItemIcon>
                        <LogoutIcon fontSize="small" />
                      </ListItemIcon>
                      {t('user-menu.logout')}
                    </MenuItem>
                  </MenuList>
                </ClickAwayListener>
              </Paper>
            </Grow>
          )}
        </Popper>
      </Box>
      {/* Outside the hover box: pointer events in the dialog must not open the menu. */}
      <PendingConsentDialog />
    </>
  );
}
