import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { lazy } from 'react';
import type { AdminUser } from './user';

/** Users: administrators see who signed in, where they are signed in, and may end their sessions. */
export default {
  list: lazy(() => import('./UserList')),
  show: lazy(() => import('./UserShow')),
  icon: PeopleIcon,
  recordRepresentation: (record: AdminUser) => record.email,
};
