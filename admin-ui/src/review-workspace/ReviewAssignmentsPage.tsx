import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDecimal } from '@impact-calls/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Title, useBasename, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorKeyOf, reviewApi, reviewKeys, useMyReviewCalls } from './reviewApi';
import { PhaseSummary, StateChip, VISUALLY_HIDDEN, Withheld } from './parts';
import { reviewPath } from './paths';

/** `/admin/review/:callId`: the applications of a call given to me, and a button opening the next one to review. */
export function ReviewAssignmentsPage() {
  const { callId = '' } = useParams();
  const translate = useTranslate();
  const basename = useBasename();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const navigate = useNavigate();
  const calls = useMyReviewCalls();
  const call = calls.data?.find((c) => c.callId === callId);
  const { data, isPending, error } = useQuery({
    queryKey: reviewKeys.assignments(callId),
    queryFn: () => reviewApi.assignments(callId),
    refetchOnMount: 'always',
  });
  const next = useMutation({
    mutationFn: () => reviewApi.next(callId),
    onSuccess: ({ id }) => {
      if (id) void navigate(reviewPath(basename, callId, id));
      else notify('pages.review-workspace.none-left', { type: 'info' });
    },
    onError: (e) => notify(errorKeyOf(e), { type: 'error' }),
  });
  const started = !!data?.some((a) => a.state !== 'to-do');
  const allDone = !!data && data.length > 0 && data.every((a) => a.state === 'done');
  const title = call?.callName ?? translate('pages.review-workspace.assignments.title');
  return (
    <Box sx={{ py: 2, px: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Button component={Link} to={reviewPath(basename)} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('pages.review-workspace.back-to-calls')}
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {title}
          </Typography>
          {call && <PhaseSummary phase={call.phase} nextPhaseStartsAt={call.nextPhaseStartsAt} />}
        </Box>
        {data && data.length > 0 && !allDone && (
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            onClick={() => next.mutate()}
            disabled={next.isPending}
            aria-busy={next.isPending || undefined}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start' } }}
          >
            {translate(started ? 'pages.review-workspace.assignments.continue' : 'pages.review-workspace.assignments.start')}
          </Button>
        )}
      </Stack>
      {allDone && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('pages.review-workspace.assignments.all-done')}
        </Alert>
      )}
      {isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {error && <Alert severity="error">{translate(errorKeyOf(error))}</Alert>}
      {data && data.length === 0 && <Alert severity="info">{translate('pages.review-workspace.assignments.empty')}</Alert>}
      {data && data.length > 0 && (
        <Paper
          variant="outlined"
          // Positioned: the visually hidden header stays inside the scroller instead of widening the page.
          sx={{ overflowX: 'auto', position: 'relative' }}
        >
          <Table size="small">
            <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 16px' }}>
              {translate('pages.review-workspace.assignments.caption', { count: data.length })}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell>{translate('pages.review-workspace.assignments.code')}</TableCell>
                <TableCell>{translate('pages.review-workspace.assignments.organization')}</TableCell>
                <TableCell>{translate('pages.review-workspace.assignments.state')}</TableCell>
                <TableCell align="right">{translate('pages.review-workspace.assignments.reviews-done')}</TableCell>
                <TableCell>
                  <span style={VISUALLY_HIDDEN}>{translate('pages.review-workspace.assignments.actions')}</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((a) => (
                <TableRow key={a.id} data-testid="review-assignment">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {/* The code opens it too: on a phone the row's button may be scrolled out of sight. */}
                    <Link to={reviewPath(basename, callId, a.id)}>{a.code}</Link>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.organizationName ?? <Withheld />}</TableCell>
                  <TableCell>
                    <StateChip state={a.state} />
                  </TableCell>
                  <TableCell align="right">{formatDecimal(a.reviewsDone, locale, 0)}</TableCell>
                  <TableCell align="right">
                    <Button
                      component={Link}
                      to={reviewPath(basename, callId, a.id)}
                      size="small"
                      aria-label={`${translate('pages.review-workspace.assignments.open')}: ${a.code}`}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {translate('pages.review-workspace.assignments.open')}
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
