import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import { lazy } from 'react';

/** The submissions tab: list with filters, review step by step (the applicant app's renderers), close, reopen, delete. */
export default {
  list: lazy(() => import('./SubmissionList').then((m) => ({ default: m.SubmissionList }))),
  show: lazy(() => import('./SubmissionReview').then((m) => ({ default: m.SubmissionReview }))),
  icon: AssignmentTurnedInIcon,
  recordRepresentation: 'code',
};
