import CampaignIcon from '@mui/icons-material/Campaign';
import { lazy } from 'react';
import type { CallListRecord } from './callModel';

/** Calls: the calls tab (list, "new call", `/admin/calls/{callId}` editor). */
export default {
  list: lazy(() => import('./CallList')),
  edit: lazy(() => import('./CallEdit')),
  create: lazy(() => import('./CallCreate')),
  icon: CampaignIcon,
  recordRepresentation: (record: CallListRecord) => record.name,
};

/** `/admin/calls/edit/call/{callId}`: custom route, registered in App.tsx. */
export const CallSimpleEdit = lazy(() => import('./CallSimpleEdit'));
