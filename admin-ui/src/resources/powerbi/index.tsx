import { lazy } from 'react';

/** Power BI embedding in the console: the report tab's list and one report's page, loaded on demand. */
export const PbiReportListRoute = lazy(() => import('./PbiReportList').then((m) => ({ default: m.PbiReportList })));
export const PowerBiReportRoute = lazy(() => import('./PowerBiReportPage').then((m) => ({ default: m.PowerBiReportPage })));
export { usePowerBiAvailable, reportPath } from './usePowerBi';
