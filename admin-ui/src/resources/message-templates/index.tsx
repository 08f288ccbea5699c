import { lazy } from 'react';
import DraftsIcon from '@mui/icons-material/Drafts';

/** Message templates: each kind in it, en and fr (id `<kind>.<language>`), edited with placeholders and a preview. */
export default {
  list: lazy(() => import('./TemplateList')),
  edit: lazy(() => import('./TemplateEdit')),
  icon: DraftsIcon,
  recordRepresentation: (record: { id: string }) => record.id,
};
