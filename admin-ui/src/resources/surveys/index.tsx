import QuizIcon from '@mui/icons-material/Quiz';
import { lazy } from 'react';
import type { SurveyRecord } from './surveyApi';

/** The survey library (templates for survey and quiz steps). */
export default {
  list: lazy(() => import('./SurveyList')),
  edit: lazy(() => import('./SurveyDesigner').then((m) => ({ default: m.SurveyCreatorPage }))),
  create: lazy(() => import('./SurveyCreateType')),
  icon: QuizIcon,
  recordRepresentation: (record: SurveyRecord) => record.name,
};

/** Custom routes: `/admin/survey/creator`, `/admin/survey/createType`, `/admin/calls/create/survey`. */
export const SurveyCreatorRoute = lazy(() => import('./SurveyDesigner').then((m) => ({ default: m.SurveyCreatorPage })));
export const SurveyCreateTypeRoute = lazy(() => import('./SurveyCreateType'));
export const SurveyCreateRoute = lazy(() => import('./SurveyDesigner').then((m) => ({ default: m.SurveyCreatePage })));
