import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '@impact-calls/api-client';
import { ReportEmbed } from '@impact-calls/step-views';
import { Button, Title, useBasename, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { isMessageKey } from '../../providers/dataProvider';
import { useAdminReport, usePowerBiAvailable } from './usePowerBi';

/** `/admin/powerbi-report/{wid}/{rid}`: one analytics report, for administrators (no row-level identity, filter pane shown). */
export function PowerBiReportPage() {
  const translate = useTranslate();
  const basename = useBasename();
  const { wid = '', rid = '' } = useParams();
  const { available, isPending } = usePowerBiAvailable();
  const report = useAdminReport(wid, rid, available);

  let error: string | undefined;
  if (report.isError) {
    const key = report.error instanceof ApiError ? report.error.key : undefined;
    error = `${translate('pages.admin.pbi.error')}${key && isMessageKey(key) ? ` ${translate(key)}` : ''}`;
  }
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('pages.admin.pbi.title')} />
      <Stack spacing={2}>
        <Stack
          direction="row"
          useFlexGap
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography variant="h5" component="h1">
            {translate('pages.admin.pbi.title')}
          </Typography>
          <Button component={Link} to={`${basename}/pbi-report-list`} label="pages.admin.pbi.back-to-list">
            <ArrowBackIcon />
          </Button>
        </Stack>
        {!isPending && !available ? (
          <Alert severity="info">{translate('pages.admin.pbi.not-configured')}</Alert>
        ) : (
          <ReportEmbed data={report.data} loading={isPending || report.isPending} error={error} t={translate} />
        )}
      </Stack>
    </Box>
  );
}
