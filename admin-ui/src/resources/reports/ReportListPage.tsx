import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@impact-calls/api-client';
import { formatDecimal, type Language } from '@impact-calls/domain';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { getSurveySteps } from './reports';

/** The message of a failed load: the API's key when it sent one (call not found…), else the spec's 'Errore caricamento'. */
export function loadError(error: unknown, translate: (key: string) => string): string {
  if (error instanceof ApiError && error.status < 500 && error.key && translate(error.key) !== error.key) return translate(error.key);
  return translate('pages.admin.report.error-loading');
}

/** `/admin/report-list/{callId}/{callTypeId}`: the call's survey steps, each with a link to its report. */
export function ReportListPage() {
  const { callId = '', callTypeId = '' } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, error } = useQuery({
    queryKey: ['report-steps', callId, callTypeId, locale],
    queryFn: () => getSurveySteps(callId, callTypeId, locale as Language),
  });
  const title = translate('pages.admin.report.list-title', { name: data?.callName ?? '' });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {error && <Alert severity="error">{loadError(error, translate)}</Alert>}
      {data && data.steps.length === 0 && <Alert severity="info">{translate('pages.admin.no-survey-call')}</Alert>}
      {data && data.steps.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('pages.admin.report.step')}</TableCell>
                <TableCell align="right">{translate('pages.admin.report.questions')}</TableCell>
                <TableCell align="right">{translate('pages.admin.report.answers')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.steps.map((s) => (
                <TableRow key={s.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.name}</TableCell>
                  <TableCell align="right">{formatDecimal(s.questions, locale, 0)}</TableCell>
                  <TableCell align="right">{formatDecimal(s.submittedAnswers, locale, 0)}</TableCell>
                  <TableCell align="right">
                    <Button
                      component={Link}
                      to={`/admin/report/${data.callId}/${s.id}`}
                      size="small"
                      startIcon={<AssessmentOutlinedIcon />}
                      aria-label={`${translate('pages.admin.report.open')}: ${s.name}`}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {translate('pages.admin.report.open')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
