import BusinessIcon from '@mui/icons-material/Business';
import { lazy } from 'react';
import type { AdminOrganization } from './organization';

/** Organizations: administrators list, search and view them (changes belong to their members). */
export default {
  list: lazy(() => import('./OrganizationList')),
  show: lazy(() => import('./OrganizationShow')),
  icon: BusinessIcon,
  recordRepresentation: (record: AdminOrganization) => record.name,
};
