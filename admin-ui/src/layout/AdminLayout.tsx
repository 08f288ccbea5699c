import HomeIcon from '@mui/icons-material/Home';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, TitlePortal, useGetIdentity, UserMenu, useTranslate } from 'react-admin';
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

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {children}
    </Layout>
  );
}
