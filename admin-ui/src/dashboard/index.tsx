import { lazy } from 'react';

/** The portfolio dashboard, loaded when first shown: the charts library stays out of the console's first load. */
export const HomeDashboard = lazy(() => import('./DashboardPages').then((m) => ({ default: m.HomeDashboard })));
export const CallDashboardPage = lazy(() => import('./DashboardPages').then((m) => ({ default: m.CallDashboardPage })));
