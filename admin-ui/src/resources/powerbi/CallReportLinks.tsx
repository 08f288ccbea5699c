import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import ListIcon from '@mui/icons-material/List';
import Stack from '@mui/material/Stack';
import { Button, useBasename, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { reportPath, usePowerBiAvailable } from './usePowerBi';

/**
 * In a call's PowerBI tab: the saved console report and the list of every report, when Power
 * BI embedding is available (nothing otherwise: no link to a report that cannot show).
 */
export function CallReportLinks() {
  const record = useRecordContext<{ id?: string; powerBIWorkspaceID?: string | null; powerBIReportID?: string | null }>();
  const basename = useBasename();
  const { available } = usePowerBiAvailable();
  if (!available) return null;
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
