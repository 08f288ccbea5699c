import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import { SubmissionList } from './SubmissionList';
import { SubmissionReview } from './SubmissionReview';

/** The submissions tab: list with filters, review step by step (the applicant app's renderers), close, reopen, delete. */
export default {
  list: SubmissionList,
  show: SubmissionReview,
  icon: AssignmentTurnedInIcon,
  recordRepresentation: 'code',
};
