import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import Gavel from '@mui/icons-material/Gavel';
import GroupAdd from '@mui/icons-material/GroupAdd';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DECISIONS, type Decision } from '@impact-calls/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useBasename, useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { reviewApi, reviewKeys, type ApplicationRow, type ReviewSetup } from './reviewApi';
import {
  APPLICATION_SORTS,
  applicationsQuery,
  PAGE_SIZES,
  readListState,
  REVIEW_PROGRESS,
  toggleSort,
  writeListState,
  type ApplicationListState,
  type ApplicationSort,
} from './reviewModel';
import { DecisionChip, DecisionSelect, DisagreementFlag, ScoreBar, useNumber, useReviewError, WITHDRAW } from './ReviewBits';

const T = 'pages.admin.review.applications';
/** The search box writes the address a moment after the last keystroke. */
function SearchField({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  // What the field last wrote to the address (or was given): another value came from elsewhere (back, a link).
  const [sent, setSent] = useState(value);
  if (value !== sent) {
    setSent(value);
    setText(value);
  }
  useEffect(() => {
    if (text === sent) return;
    const t = setTimeout(() => {
      setSent(text);
      onChange(text);
    }, 400);
    return () => clearTimeout(t);
  }, [text, sent, onChange]);
  return (
    <TextField
      size="small"
      fullWidth={false}
      type="search"
      label={translate(`${T}.search`)}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
    />
  );
}

/** The filters side by side (react-admin's theme makes text fields full width; these are not). */
function Filters({ state, set }: { state: ApplicationListState; set: (s: ApplicationListState) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <SearchField value={state.q} onChange={(q) => set({ ...state, q, page: 0 })} />
      <TextField
        select
        size="small"
        fullWidth={false}
        label={translate(`${T}.filter-decision`)}
        value={state.decision}
        onChange={(e) => set({ ...state, decision: e.target.value as Decision | '', page: 0 })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{translate(`${T}.any`)}</MenuItem>
        {DECISIONS.map((d) => (
          <MenuItem key={d} value={d}>
            {translate(`pages.admin.review.decision.${d}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        fullWidth={false}
        label={translate(`${T}.filter-reviews`)}
        value={state.reviews}
        onChange={(e) => set({ ...state, reviews: e.target.value as ApplicationListState['reviews'], page: 0 })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{translate(`${T}.any`)}</MenuItem>
        {REVIEW_PROGRESS.map((r) => (
          <MenuItem key={r} value={r}>
            {translate(`${T}.reviews-${r}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={state.disagreement} onChange={(e) => set({ ...state, disagreement: e.target.checked, page: 0 })} />}
        label={translate(`${T}.filter-disagreement`)}
      />
    </Box>
  );
}

function AssignDialog({ callId, ids, onClose }: { callId: string; ids: string[]; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onError = useReviewError(callId);
  const n = useNumber();
  const reviewers = useQuery({ queryKey: reviewKeys.reviewers(callId), queryFn: () => reviewApi.reviewers(callId) });
  const [chosen, setChosen] = useState<string[]>([]);
  const assign = useMutation({
    mutationFn: () => reviewApi.assign(callId, ids, chosen),
    onSuccess: (r) => {
      notify(`${T}.assigned`, { type: 'success', messageArgs: { added: r.added, conflicts: r.conflicts, existing: r.existing } });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.call(callId) });
      onClose();
    },
    onError,
  });
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <Dialog open onClose={onClose} aria-labelledby="review-assign-title" fullWidth maxWidth="sm">
      <DialogTitle id="review-assign-title">
        {translate(`${T}.assign-title`, { smart_count: ids.length, count: n(ids.length, 0) })}
      </DialogTitle>
      <DialogContent>
        {reviewers.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {reviewers.data?.length === 0 && <Alert severity="info">{translate('pages.admin.review.reviewers.none')}</Alert>}
        {!!reviewers.data?.length && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{translate(`${T}.assign-reviewers`)}</FormLabel>
            <FormGroup>
              {reviewers.data.map((r) => (
                <FormControlLabel
                  key={r.id}
                  control={<Checkbox checked={chosen.includes(r.id)} onChange={() => toggle(r.id)} />}
                  label={translate(`${T}.assign-reviewer`, {
                    name: r.name || r.email,
                    assigned: n(r.assigned, 0),
                    done: n(r.done, 0),
                  })}
                />
              ))}
            </FormGroup>
          </Box>
        )}
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {translate(`${T}.assign-help`)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={chosen.length === 0 || assign.isPending} onClick={() => assign.mutate()}>
          {translate(`${T}.assign`)}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function DecisionDialog({ callId, ids, onClose }: { callId: string; ids: string[]; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onError = useReviewError(callId);
  const n = useNumber();
  const [decision, setDecision] = useState<Decision | typeof WITHDRAW | ''>('');
  const save = useMutation({
    mutationFn: () => reviewApi.setDecisions(callId, ids, decision === WITHDRAW || decision === '' ? null : decision),
    onSuccess: (r) => {
      notify(`${T}.decided`, { type: 'success', messageArgs: { smart_count: r.count, count: n(r.count, 0) } });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.call(callId) });
      onClose();
    },
    onError,
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="review-decide-title" fullWidth maxWidth="xs">
      <DialogTitle id="review-decide-title">
        {translate(`${T}.decide-title`, { smart_count: ids.length, count: n(ids.length, 0) })}
      </DialogTitle>
      <DialogContent>
        <DecisionSelect value={decision} onChange={setDecision} sx={{ mt: 1 }} />
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {translate(`${T}.decide-help`)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={decision === '' || save.isPending} onClick={() => save.mutate()}>
          {translate('ra.action.save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function ReleaseDialog({ setup, onClose }: { setup: ReviewSetup; onClose: (result?: { released: number; queued: number }) => void }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const onError = useReviewError(setup.callId);
  const n = useNumber();
  const [comments, setComments] = useState(false);
  const pending = setup.pendingDecisions;
  const release = useMutation({
    mutationFn: () => reviewApi.release(setup.callId, comments),
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.call(setup.callId) });
      onClose(r);
    },
    onError,
  });
  return (
    <Dialog
      open
      onClose={() => onClose()}
      aria-labelledby="review-release-title"
      aria-describedby="review-release-text"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="review-release-title">{translate(`${T}.release-title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="review-release-text">
          {pending > 0
            ? translate(`${T}.release-confirm`, { smart_count: pending, count: n(pending, 0) })
            : translate(`${T}.release-nothing`)}
        </DialogContentText>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={comments} onChange={(e) => setComments(e.target.checked)} />}
          label={translate(`${T}.release-comments`)}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={() => onClose()}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" startIcon={<Send />} disabled={pending === 0 || release.isPending} onClick={() => release.mutate()}>
          {translate(`${T}.release`)}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

type Outcome =
  | { kind: 'auto'; added: number; removed: number; unfilled: number; minLoad: number; maxLoad: number }
  | { kind: 'release'; released: number; queued: number };

function OutcomeAlert({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const translate = useTranslate();
  const n = useNumber();
  const text =
    outcome.kind === 'auto'
      ? translate(`${T}.auto-result`, {
          added: n(outcome.added, 0),
          removed: n(outcome.removed, 0),
          unfilled: n(outcome.unfilled, 0),
          minLoad: n(outcome.minLoad, 0),
          maxLoad: n(outcome.maxLoad, 0),
        })
      : translate(`${T}.release-result`, { released: n(outcome.released, 0), queued: n(outcome.queued, 0) });
  const warn = outcome.kind === 'auto' && outcome.unfilled > 0;
  return (
    <Alert severity={warn ? 'warning' : 'success'} role="status" onClose={onClose} sx={{ mb: 2 }}>
      {text}
      {warn ? ` ${translate(`${T}.auto-unfilled`)}` : ''}
    </Alert>
  );
}

const COLUMNS: { sort: ApplicationSort; align?: 'right' }[] = APPLICATION_SORTS.map((sort) => ({
  sort,
  align: sort === 'rank' || sort === 'reviewsDone' || sort === 'spread' ? 'right' : undefined,
}));

/** The ranked applications, paged, sorted and filtered by the API; bulk assignment and decisions; automatic assignment and release. */
export function ApplicationsTab({ setup }: { setup: ReviewSetup }) {
  const callId = setup.callId;
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const location = useLocation();
  const onError = useReviewError(callId);
  const queryClient = useQueryClient();
  const n = useNumber();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const query = useMemo(() => applicationsQuery(state), [state]);
  const set = (next: ApplicationListState) => setParams(writeListState(params, next));
  const list = useQuery({
    queryKey: reviewKeys.applications(callId, query),
    queryFn: () => reviewApi.applications(callId, query),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  // What is selected is what the administrator sees: another page, sort or filter starts afresh.
  const shown = JSON.stringify(query);
  const [selection, setSelection] = useState<{ shown: string; ids: string[] }>({ shown, ids: [] });
  const selected = selection.shown === shown ? selection.ids : [];
  const setSelected = (change: string[] | ((ids: string[]) => string[])) =>
    setSelection((s) => {
      const ids = s.shown === shown ? s.ids : [];
      return { shown, ids: typeof change === 'function' ? change(ids) : change };
    });
  const [dialog, setDialog] = useState<'assign' | 'decide' | 'release' | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const auto = useMutation({
    mutationFn: () => reviewApi.assignAutomatically(callId),
    onSuccess: (r) => {
      setOutcome({ kind: 'auto', ...r });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.call(callId) });
    },
    onError,
  });

  const detail = (row: ApplicationRow) => `${basename}/calls/${callId}/review/${row.id}`;
  const allOnPage = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const closeDialog = () => setDialog(undefined);

  return (
    <Box component="section" aria-labelledby="review-applications-title" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography id="review-applications-title" component="h2" variant="h6" sx={{ flex: 1, minWidth: 200 }}>
          {translate(`${T}.title`)}
        </Typography>
        <MuiButton variant="outlined" startIcon={<AutoFixHigh />} disabled={auto.isPending} onClick={() => auto.mutate()}>
          {translate(`${T}.auto`)}
        </MuiButton>
        <MuiButton variant="contained" startIcon={<Send />} onClick={() => setDialog('release')}>
          {translate(`${T}.release-button`, { count: n(setup.pendingDecisions, 0) })}
        </MuiButton>
      </Box>
      {outcome && <OutcomeAlert outcome={outcome} onClose={() => setOutcome(undefined)} />}
      <Filters state={state} set={set} />
      {selected.length > 0 && (
        <Paper
          variant="outlined"
          role="region"
          aria-label={translate(`${T}.bulk-label`)}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', p: 1, mb: 1, bgcolor: 'action.selected' }}
        >
          <Typography variant="body2" role="status" sx={{ flex: 1, minWidth: 140 }}>
            {translate(`${T}.selected`, { smart_count: selected.length, count: n(selected.length, 0) })}
          </Typography>
          <MuiButton startIcon={<GroupAdd />} onClick={() => setDialog('assign')}>
            {translate(`${T}.assign-button`)}
          </MuiButton>
          <MuiButton startIcon={<Gavel />} onClick={() => setDialog('decide')}>
            {translate(`${T}.decide-button`)}
          </MuiButton>
          <MuiButton onClick={() => setSelected([])}>{translate(`${T}.unselect`)}</MuiButton>
        </Paper>
      )}
      {list.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {list.isError && <Alert severity="error">{translate(list.error.message, { _: list.error.message })}</Alert>}
      {list.data && rows.length === 0 && <Alert severity="info">{translate(`${T}.empty`)}</Alert>}
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="review-applications-title">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    indeterminate={!allOnPage && rows.some((r) => selected.includes(r.id))}
                    onChange={() => setSelected(allOnPage ? [] : rows.map((r) => r.id))}
                    slotProps={{ input: { 'aria-label': translate(`${T}.select-page`) } }}
                  />
                </TableCell>
                {COLUMNS.map(({ sort, align }) => (
                  <TableCell
                    key={sort}
                    align={align}
                    sortDirection={state.sort === sort ? (state.order === 'ASC' ? 'asc' : 'desc') : false}
                  >
                    <TableSortLabel
                      active={state.sort === sort}
                      direction={state.sort === sort && state.order === 'DESC' ? 'desc' : 'asc'}
                      onClick={() => set(toggleSort(state, sort))}
                    >
                      {translate(`${T}.column.${sort}`)}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={r.id}
                  hover
                  selected={selected.includes(r.id)}
                  onClick={() => navigate(detail(r), { state: { list: location.search } })}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      checked={selected.includes(r.id)}
                      onChange={() => toggle(r.id)}
                      slotProps={{ input: { 'aria-label': translate(`${T}.select-row`, { code: r.code }) } }}
                    />
                  </TableCell>
                  <TableCell align="right">{n(r.rank, 0)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link to={detail(r)} state={{ list: location.search }} onClick={(e) => e.stopPropagation()}>
                      {r.code}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{r.organizationName}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {translate(`${T}.done-of`, { done: n(r.reviewsDone, 0), assigned: n(r.reviewsAssigned, 0) })}
                  </TableCell>
                  <TableCell>
                    <ScoreBar value={r.score} />
                  </TableCell>
                  <TableCell align="right">
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                      {n(r.spread)}
                      {r.disagreement && <DisagreementFlag />}
                    </Box>
                  </TableCell>
                  <TableCell>
                    <DecisionChip decision={r.decision} released={r.decisionReleased} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {list.data && (
        <TablePagination
          component="div"
          count={list.data.total}
          page={state.page}
          rowsPerPage={state.perPage}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, page) => set({ ...state, page })}
          onRowsPerPageChange={(e) => set({ ...state, perPage: Number(e.target.value), page: 0 })}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
          }
          getItemAriaLabel={(type) => translate(`ra.navigation.${type === 'previous' ? 'previous' : type === 'next' ? 'next' : type}`)}
          showFirstButton={false}
          showLastButton={false}
        />
      )}
      {dialog === 'assign' && <AssignDialog callId={callId} ids={selected} onClose={closeDialog} />}
      {dialog === 'decide' && <DecisionDialog callId={callId} ids={selected} onClose={closeDialog} />}
      {dialog === 'release' && (
        <ReleaseDialog
          setup={setup}
          onClose={(r) => {
            closeDialog();
            if (r) setOutcome({ kind: 'release', ...r });
          }}
        />
      )}
    </Box>
  );
}
