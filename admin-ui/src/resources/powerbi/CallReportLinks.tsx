import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import ListIcon from '@mui/icons-material/List';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { Button, useBasename, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { reportPath, usePowerBiAvailable } from './usePowerBi';

/**
 * In a call's Power BI tab: the saved console report and the list of every report, when Power
 * BI embedding is available; otherwise a hint that it is not configured (the ids are still kept
 * for when it is), and no link to a report that cannot show.
 */
export function CallReportLinks() {
  const record = useRecordContext<{ id?: string; powerBIWorkspaceID?: string | null; powerBIReportID?: string | null }>();
  const basename = useBasename();
  const translate = useTranslate();
  const { available, isPending } = usePowerBiAvailable();
  if (isPending) return null;
  if (!available)
    return (
      <Alert severity="info" role="status" sx={{ mb: 1, width: '100%' }}>
        {translate('pages.admin.pbi.not-configured')}
      </Alert>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mb: 1 }}>
      {record?.id && record.powerBIWorkspaceID && record.powerBIReportID && (
        <Button
          component={Link}
          to={reportPath(basename, record.powerBIWorkspaceID, record.powerBIReportID)}
          label="pages.admin.pbi.open-report"
        >
          <AssessmentOutlinedIcon />
        </Button>
      )}
      <Button component={Link} to={`${basename}/pbi-report-list`} label="pages.admin.pbi.list-title">
        <ListIcon />
      </Button>
    </Stack>
  );
}
