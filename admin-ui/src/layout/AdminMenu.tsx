import { Menu, useTranslate } from 'react-admin';
import { useAdminTabs } from './adminTabs';

/** The console's navigation: the admin home and its tabs. */
export function AdminMenu() {
  const translate = useTranslate();
  const tabs = useAdminTabs();
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('shell.admin.home')} />
      {tabs.map((tab) => (
        <Menu.Item key={tab.key} to={tab.to} primaryText={translate(`pages.admin.tabs.${tab.key}`)} leftIcon={tab.icon} />
      ))}
      <Menu.ResourceItem name="organizations" />
      <Menu.ResourceItem name="messages" />
      <Menu.ResourceItem name="message-templates" />
      <Menu.ResourceItem name="users" />
    </Menu>
  );
}
