import ViewListIcon from '@mui/icons-material/ViewList';
import { lazy } from 'react';
import type { CallTypeSummary } from './callTypeModel';

/** Call types (name, description, ordered steps). `/admin/calls/create/type` is a custom route to the create screen. */
export default {
  list: lazy(() => import('./CallTypeList')),
  edit: lazy(() => import('./CallTypeEdit')),
  create: lazy(() => import('./CallTypeCreate')),
  icon: ViewListIcon,
  recordRepresentation: (record: CallTypeSummary) => record.name,
};

export const CallTypeCreatePage = lazy(() => import('./CallTypeCreate'));
