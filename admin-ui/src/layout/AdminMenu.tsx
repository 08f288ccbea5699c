import RateReviewIcon from '@mui/icons-material/RateReview';
import { Menu, useBasename, usePermissions, useTranslate } from 'react-admin';
import type { Permissions } from '../providers/authProvider';
import { reviewPath } from '../review-workspace/paths';
import { useMyReviewCalls } from '../review-workspace/reviewApi';
import { useAdminTabs } from './adminTabs';

/** The review workspace's entry: a reviewer's only one, an administrator's when they review some call. */
function ReviewItem() {
  const translate = useTranslate();
  return <Menu.Item to={reviewPath(useBasename())} primaryText={translate('pages.review-workspace.menu')} leftIcon={<RateReviewIcon />} />;
}

/** Whether an administrator reviews some call (GET /api/reviews/calls non-empty; the same query as the workspace's list). */
export function useReviewsSomething(): boolean {
  const { data } = useMyReviewCalls();
  return !!data && data.length > 0;
}

/** The console's navigation: the admin home and its tabs; a reviewer who is not an administrator gets the review workspace only. */
export function AdminMenu() {
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending) return <Menu />;
  if (permissions?.reviewerOnly)
    return (
      <Menu>
        <ReviewItem />
      </Menu>
    );
  return <AdministratorMenu />;
}

function AdministratorMenu() {
  const translate = useTranslate();
  const tabs = useAdminTabs();
  const reviews = useReviewsSomething();
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('shell.admin.home')} />
      {tabs.map((tab) => (
        <Menu.Item key={tab.key} to={tab.to} primaryText={translate(`pages.admin.tabs.${tab.key}`)} leftIcon={tab.icon} />
      ))}
      {reviews && <ReviewItem />}
      <Menu.ResourceItem name="organizations" />
      <Menu.ResourceItem name="messages" />
      <Menu.ResourceItem name="message-templates" />
      <Menu.ResourceItem name="users" />
      <Menu.ResourceItem name="audit" />
    </Menu>
  );
}
