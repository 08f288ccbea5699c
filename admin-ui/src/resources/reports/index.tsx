import { lazy } from 'react';

/** The survey reports (custom routes, App.tsx), loaded when first shown: their charts stay out of the first load. */
export const ReportListPage = lazy(() => import('./ReportListPage').then((m) => ({ default: m.ReportListPage })));
export const ReportPage = lazy(() => import('./ReportPage').then((m) => ({ default: m.ReportPage })));
export { SurveyReportsButton } from './SurveyReportsButton';
