export { ReportListPage } from './ReportListPage';
export { ReportPage } from './ReportPage';
export { SurveyReportsButton } from './SurveyReportsButton';
