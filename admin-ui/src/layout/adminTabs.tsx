import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import BarChartIcon from '@mui/icons-material/BarChart';
import CampaignIcon from '@mui/icons-material/Campaign';
import HubIcon from '@mui/icons-material/Hub';
import PaletteIcon from '@mui/icons-material/Palette';
import type { ReactElement } from 'react';
import { useBasename, usePermissions, useResourceDefinitions } from 'react-admin';
import type { Permissions } from '../providers/authProvider';
import { useActiveConfig } from './useActiveConfig';
import { usePowerBiAvailable } from '../resources/powerbi/usePowerBi';

export type AdminTabKey = 'calls' | 'submissions' | 'report' | 'customize' | 'impactframe';

export interface AdminTab {
  key: AdminTabKey;
  /** The react-admin resource the tab opens; the tab shows only once it is registered. */
  resource: string;
  /** Path inside the console (without the /admin basename). */
  path: string;
  icon: ReactElement;
}

/** The tabs of the admin home (spec section 2), in the spec's order. */
export const ADMIN_TABS: AdminTab[] = [
  { key: 'calls', resource: 'calls', path: '/calls', icon: <CampaignIcon /> },
  { key: 'submissions', resource: 'submissions', path: '/submissions', icon: <AssignmentTurnedInIcon /> },
  { key: 'report', resource: 'pbi-reports', path: '/pbi-report-list', icon: <BarChartIcon /> },
  { key: 'customize', resource: 'configurations', path: '/configurations', icon: <PaletteIcon /> },
  { key: 'impactframe', resource: 'impact-framework', path: '/impact-framework', icon: <HubIcon /> },
];

export interface TabContext {
  registered: ReadonlySet<string>;
  canCustomize: boolean;
  /** The active configuration names an analytics workspace and report. */
  analyticsConfigured: boolean;
  /** Power BI embedding is configured on the server (GET /api/PowerBi/Available). */
  powerBiAvailable: boolean;
}

/**
 * Which tabs show: only those whose resource is registered (no dead links); report only
 * when the active configuration has both analytics ids and Power BI embedding is available
 * (no tab leading to reports that cannot show); customize only for users who may
 * customize (the API refuses the others anyway).
 */
export function visibleTabs({ registered, canCustomize, analyticsConfigured, powerBiAvailable }: TabContext): AdminTab[] {
  return ADMIN_TABS.filter((tab) => {
    if (!registered.has(tab.resource)) return false;
    if (tab.key === 'report') return analyticsConfigured && powerBiAvailable;
    if (tab.key === 'customize') return canCustomize;
    return true;
  });
}

/** The visible tabs, each with its link (`to`, including the /admin basename). */
export function useAdminTabs(): (AdminTab & { to: string })[] {
  const basename = useBasename();
  const resources = useResourceDefinitions();
  const { permissions } = usePermissions<Permissions>();
  const { data: config } = useActiveConfig();
  const { available } = usePowerBiAvailable();
  return visibleTabs({
    registered: new Set(Object.keys(resources)),
    canCustomize: !!permissions?.canCustomize,
    analyticsConfigured: !!(config?.workspacePowerBiId && config?.reportPowerBiId),
    powerBiAvailable: available,
  }).map((tab) => ({ ...tab, to: `${basename}${tab.path}` }));
}
