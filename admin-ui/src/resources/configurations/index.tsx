import PaletteIcon from '@mui/icons-material/Palette';
import { lazy } from 'react';
import type { Configuration } from './configuration';

/** Branding configurations: the customize tab (`/admin/customize` leads here). */
export default {
  list: lazy(() => import('./ConfigurationList')),
  edit: lazy(() => import('./ConfigurationEdit')),
  create: lazy(() => import('./ConfigurationCreate')),
  icon: PaletteIcon,
  recordRepresentation: (record: Configuration) => record.name,
};
