import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Schemas } from '@impact-calls/api-client';
import { formatDateTimeWithZone } from '@impact-calls/domain';
import {
  Button,
  DataTable,
  List,
  SearchInput,
  SimpleList,
  Title,
  useBasename,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { useActiveConfig } from '../../layout/useActiveConfig';
import { reportPath, usePowerBiAvailable } from './usePowerBi';

type Row = Schemas['PbiReportRowDto'];

function OpenReportButton() {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  const basename = useBasename();
  if (!record?.powerBIWorkspaceID || !record.powerBIReportID) return null;
  return (
    <Button
      component={Link}
      to={reportPath(basename, record.powerBIWorkspaceID, record.powerBIReportID)}
      label="pages.admin.pbi.open-report"
      aria-label={translate('pages.admin.pbi.open-call-report', { name: record.name })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      <AssessmentOutlinedIcon />
    </Button>
  );
}

/** The console report's id as saved, whether or not this server can embed it; the button to open it when it can. */
function ConsoleReport({ available }: { available: boolean }) {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.powerBIWorkspaceID || !record.powerBIReportID)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('pages.admin.pbi.no-console-report')}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {record.powerBIReportID}
      </Typography>
      {available && <OpenReportButton />}
    </Stack>
  );
}

function ApplicantsReport() {
  const record = useRecordContext<Row>();
  if (!record?.userPowerBIWorkspaceID || !record.userPowerBIReportID) return <span aria-hidden>—</span>;
  return (
    <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {record.userPowerBIReportID}
    </Typography>
  );
}

function EditIdsButton() {
  const record = useRecordContext<Row>();
  const basename = useBasename();
  if (!record) return null;
  return (
    <Button component={Link} to={`${basename}/calls/${record.id}/powerbi`} label="pages.admin.pbi.edit-call" sx={{ whiteSpace: 'nowrap' }}>
      <EditIcon />
    </Button>
  );
}

/** The active configuration's report (the portfolio's), when both its ids are set. */
function PortfolioReport() {
  const translate = useTranslate();
  const basename = useBasename();
  const { data: config } = useActiveConfig();
  if (!config?.workspacePowerBiId || !config.reportPowerBiId) return null;
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('pages.admin.pbi.portfolio')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('pages.admin.pbi.portfolio-description')}
        </Typography>
      </CardContent>
      <CardActions>
        <Button
          component={Link}
          to={reportPath(basename, config.workspacePowerBiId, config.reportPowerBiId)}
          label="pages.admin.pbi.open-report"
        >
          <AssessmentOutlinedIcon />
        </Button>
      </CardActions>
    </Card>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('pages.admin.pbi.no-reports')}
    </Typography>
  );
}

/**
 * `/admin/pbi-report-list` (the report tab): the portfolio report of the active configuration,
 * then every call with Power BI ids, paged and searched on the server, each with its report.
 */
export function PbiReportList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const basename = useBasename();
  const { available, isPending } = usePowerBiAvailable();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('pages.admin.pbi.list-title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('pages.admin.pbi.list-title')}
      </Typography>
      {!isPending && !available && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('pages.admin.pbi.not-configured')}
        </Alert>
      )}
      {available && <PortfolioReport />}
      <Typography variant="h6" component="h2">
        {translate('pages.admin.pbi.calls-with-reports')}
      </Typography>
      <List
        resource="pbi-reports"
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        title={false as unknown as string}
        actions={false}
        empty={<Empty />}
        disableSyncWithLocation
      >
        {phone ? (
          <SimpleList<Row>
            primaryText={(r) => r.name}
            secondaryText={(r) => formatDateTimeWithZone(r.closingAt, locale)}
            linkType={(r) =>
              available && r.powerBIWorkspaceID && r.powerBIReportID
                ? reportPath(basename, r.powerBIWorkspaceID, r.powerBIReportID)
                : `${basename}/calls/${r.id}/powerbi`
            }
          />
        ) : (
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="name" />
            <DataTable.Col source="openingAt" render={(r: Row) => formatDateTimeWithZone(r.openingAt, locale)} />
            <DataTable.Col source="closingAt" render={(r: Row) => formatDateTimeWithZone(r.closingAt, locale)} />
            <DataTable.Col source="powerBIReportID" disableSort render={() => <ConsoleReport available={available} />} />
            <DataTable.Col source="userPowerBIReportID" disableSort render={() => <ApplicantsReport />} />
            <DataTable.Col label="" render={() => <EditIdsButton />} />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
