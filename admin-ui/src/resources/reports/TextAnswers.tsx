import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTimeWithZone, type Language } from '@impact-calls/domain';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { getTextAnswers, type ReportFilterValues } from './reports';

const PER_PAGE_OPTIONS = [5, 10, 25, 50];

/** A question's answers listed a page at a time; paging and search run on the server. */
export function TextAnswers({
  callId,
  stepId,
  question,
  title,
  filters,
}: {
  callId: string;
  stepId: string;
  question: string;
  title: string;
  filters: ReportFilterValues;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale as Language;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(5);
  // The search runs once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(0);
    }, 350);
    return () => clearTimeout(timer);
  }, [typed]);
  // Other filters, other answers: back to the first page (state adjusted while rendering, not in an effect).
  const [seenFilters, setSeenFilters] = useState(filters);
  if (seenFilters !== filters) {
    setSeenFilters(filters);
    setPage(0);
  }
  const { data, isFetching, error } = useQuery({
    queryKey: ['report-answers', callId, stepId, question, filters, search, page, perPage, lang],
    queryFn: () => getTextAnswers(callId, stepId, question, { filters, search, page: page + 1, perPage, lang }),
    placeholderData: keepPreviousData,
  });
  return (
    <Box>
      <TextField
        size="small"
        type="search"
        label={translate('pages.admin.report.search')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        sx={{ my: 1, width: { xs: '100%', sm: 320 } }}
        slotProps={{ htmlInput: { 'aria-describedby': undefined, 'data-question-search': question } }}
      />
      {isFetching && <LinearProgress aria-label={translate('pages.admin.report.search')} />}
      {error && <Alert severity="error">{translate('pages.admin.report.error-loading')}</Alert>}
      {data && data.total === 0 && <Alert severity="info">{translate('pages.admin.report.no-text')}</Alert>}
      {data && data.total > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('pages.admin.report.table', { title })}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('pages.admin.report.answer')}</TableCell>
                <TableCell>{translate('pages.admin.report.code')}</TableCell>
                <TableCell>{translate('pages.admin.report.date')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((a) => (
                <TableRow key={a.submissionId}>
                  <TableCell sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{a.text}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.code}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeWithZone(a.at, lang)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={PER_PAGE_OPTIONS}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) =>
              translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
            }
            getItemAriaLabel={(type) => translate(`ra.navigation.${type === 'next' ? 'next' : type === 'previous' ? 'previous' : type}`)}
          />
        </Box>
      )}
    </Box>
  );
}
