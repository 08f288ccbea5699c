import HomeIcon from '@mui/icons-material/Home';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  Loading,
  Logout,
  TitlePortal,
  useBasename,
  useGetIdentity,
  usePermissions,
  UserMenu,
  useTranslate,
} from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import type { Permissions } from '../providers/authProvider';
import { isReviewPath, reviewPath } from '../review-workspace/paths';
import { AdminMenu } from './AdminMenu';
import { LocaleSwitcher } from './LocaleSwitcher';

/** Back to the applicant app (full page: it is another SPA). */
function ApplicantSiteItem() {
  const translate = useTranslate();
  return (
    <MenuItem component="a" href="/">
      <ListItemIcon>
        <HomeIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('shell.admin.applicant-site')}</ListItemText>
    </MenuItem>
  );
}

/** The user menu's button shows the user's name, so its accessible name is that name too. */
function AdminUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'}>
      <ApplicantSiteItem />
      <Logout />
    </UserMenu>
  );
}

function AdminAppBar() {
  return (
    <AppBar color="primary" toolbar={<LocaleSwitcher />} userMenu={<AdminUserMenu />}>
      <TitlePortal />
    </AppBar>
  );
}

/**
 * A reviewer who is not an administrator sees the review workspace only: any other console
 * path leads there. No screen is shown before the permissions are known, so none of them
 * makes an administrators' call for a reviewer (the home's figures, for one).
 */
function ReviewerGate({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<Permissions>();
  const { pathname } = useLocation();
  const basename = useBasename();
  if (isPending) return <Loading />;
  if (permissions?.reviewerOnly && !isReviewPath(pathname, basename)) return <Navigate to={reviewPath(basename)} replace />;
  return children;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      <ReviewerGate>{children}</ReviewerGate>
    </Layout>
  );
}
