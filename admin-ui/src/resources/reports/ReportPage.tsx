import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDecimal, REPORT_STATES, type Language, type ReportState } from '@impact-calls/domain';
import { useMemo, useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { QuestionPanel } from './QuestionPanel';
import { loadError } from './ReportListPage';
import { DEFAULT_FILTERS, downloadSurveyReport, getSurveyReport, type ReportFilterValues } from './reports';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters live in the address (?state=&from=&to=): a report can be reloaded and shared as it is. */
function useFilters(): [ReportFilterValues, (next: Partial<ReportFilterValues>) => void] {
  const [params, setParams] = useSearchParams();
  const state = params.get('state');
  const filters = useMemo<ReportFilterValues>(
    () => ({
      state: (REPORT_STATES as readonly string[]).includes(state ?? '') ? (state as ReportState) : DEFAULT_FILTERS.state,
      from: DATE.test(params.get('from') ?? '') ? params.get('from')! : '',
      to: DATE.test(params.get('to') ?? '') ? params.get('to')! : '',
    }),
    [params, state],
  );
  const update = (next: Partial<ReportFilterValues>) => {
    const merged = { ...filters, ...next };
    const out = new URLSearchParams();
    if (merged.state !== DEFAULT_FILTERS.state) out.set('state', merged.state);
    if (merged.from) out.set('from', merged.from);
    if (merged.to) out.set('to', merged.to);
    setParams(out, { replace: true });
  };
  return [filters, update];
}

/** `/admin/report/{callId}/{stepId}`: one panel per question of the survey step, figures computed by the API. */
export function ReportPage() {
  const { callId = '', stepId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const lang = locale as Language;
  const [filters, setFilters] = useFilters();
  const [exporting, setExporting] = useState(false);
  const { data, isPending, isFetching, error } = useQuery({
    queryKey: ['survey-report', callId, stepId, filters, lang],
    queryFn: () => getSurveyReport(callId, stepId, filters, lang),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const title = translate('pages.admin.report.title', { step: data?.stepName ?? '' });
  const exportXlsx = () => {
    setExporting(true);
    downloadSurveyReport(callId, stepId, filters, lang)
      .catch(() => notify('pages.admin.report.error', { type: 'error' }))
      .finally(() => setExporting(false));
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      {data && (
        <Button component={Link} to={`/admin/report-list/${data.callId}/${data.callTypeId}`} startIcon={<ArrowBackIcon />} size="small">
          {translate('pages.admin.report.back')}
        </Button>
      )}
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {data && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
          {data.callName}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="form" role="search" onSubmit={(e) => e.preventDefault()}>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: 2, alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={translate('pages.admin.report.state')}
            value={filters.state}
            onChange={(e) => setFilters({ state: e.target.value as ReportState })}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 190 } }}
            id="report-state"
          >
            {REPORT_STATES.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(`pages.admin.report.states.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="date"
            label={translate('pages.admin.report.from')}
            value={filters.from}
            onChange={(e) => setFilters({ from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            id="report-from"
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 190 } }}
          />
          <TextField
            size="small"
            type="date"
            label={translate('pages.admin.report.to')}
            value={filters.to}
            onChange={(e) => setFilters({ to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            id="report-to"
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 190 } }}
          />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={exporting ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
            onClick={exportXlsx}
            disabled={exporting || !data}
          >
            {translate(exporting ? 'pages.admin.report.exporting' : 'pages.admin.report.export')}
          </Button>
        </Box>
      </Paper>
      {isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {error && (
        <Alert severity="error">
          {translate('pages.admin.report.error')}: {loadError(error, translate)}
        </Alert>
      )}
      {data && !error && (
        <Box aria-busy={isFetching}>
          <Typography variant="body1" sx={{ mb: 2 }} data-testid="report-total">
            {translate('pages.admin.report.total', { count: formatDecimal(data.total, lang, 0) })}
          </Typography>
          {data.total === 0 ? (
            <Alert severity="info">{translate('pages.admin.report.no-submission-data')}</Alert>
          ) : (
            <Stack spacing={2}>
              {data.questions.map((q, i) => (
                <QuestionPanel key={q.name} q={q} index={i} total={data.total} callId={callId} stepId={stepId} filters={filters} />
              ))}
            </Stack>
          )}
        </Box>
      )}
    </Box>
  );
}
