import HubIcon from '@mui/icons-material/Hub';
import { lazy } from 'react';
import type { FrameworkSummary } from './frameworks';

/**
 * Impact frameworks (the impactframe tab): `/admin/impact-framework` lists and imports them
 * from Excel, `/admin/impact-framework/{id}` shows one (the resource's edit route: a
 * framework is never edited, only replaced).
 */
export default {
  list: lazy(() => import('./FrameworkList')),
  create: lazy(() => import('./FrameworkCreate')),
  edit: lazy(() => import('./FrameworkDetail')),
  icon: HubIcon,
  recordRepresentation: (record: FrameworkSummary) => record.name,
};
