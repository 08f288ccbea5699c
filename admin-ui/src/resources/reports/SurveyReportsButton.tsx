import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { Button } from 'react-admin';
import { Link } from 'react-router-dom';

/** The call list's and editor's way to the call's survey reports (/admin/report-list/{callId}/{callTypeId}). */
export function SurveyReportsButton({ callId, callTypeId }: { callId: string; callTypeId: string }) {
  return (
    <Button
      component={Link}
      to={`/admin/report-list/${callId}/${callTypeId}`}
      label="pages.admin.report.button"
      startIcon={<AssessmentOutlinedIcon />}
      sx={{ whiteSpace: 'nowrap' }}
    />
  );
}
