import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@impact-calls/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { reviewApi, reviewKeys, type Reviewer } from './reviewApi';
import { loadPercent, looksLikeEmail, parseEmails } from './reviewModel';
import { useNumber, useReviewError } from './ReviewBits';

const T = 'pages.admin.review.reviewers';

/** Assigned applications against the busiest reviewer's, the part done darker; the figures are written beside it. */
function LoadBar({ reviewer, maxAssigned }: { reviewer: Reviewer; maxAssigned: number }) {
  const translate = useTranslate();
  const n = useNumber();
  const done = reviewer.assigned > 0 ? (reviewer.done / reviewer.assigned) * 100 : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 140 }}>
      <Box aria-hidden sx={{ flex: 1, height: 10, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
        <Box
          sx={{ width: `${loadPercent(reviewer.assigned, maxAssigned)}%`, height: '100%', bgcolor: 'primary.light', position: 'relative' }}
        >
          <Box sx={{ width: `${done}%`, height: '100%', bgcolor: 'primary.dark' }} />
        </Box>
      </Box>
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {translate(`${T}.done-of`, { done: n(reviewer.done, 0), assigned: n(reviewer.assigned, 0) })}
      </Typography>
    </Box>
  );
}

/** The user typed `value`; its value `delay` ms after the last keystroke. */
function useDebounced<V>(value: V, delay = 300): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return settled;
}

function AddReviewers({ callId }: { callId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onError = useReviewError(callId);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Schemas['ReviewerCandidateDto'][]>([]);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const candidates = useQuery({ queryKey: reviewKeys.candidates(callId, q), queryFn: () => reviewApi.candidates(callId, q) });
  const typed = parseEmails(text);
  const invalid = typed.filter((e) => !looksLikeEmail(e));
  const emails = [...new Set([...typed, ...picked.map((c) => c.email)])];
  const add = useMutation({
    mutationFn: () => reviewApi.addReviewers(callId, emails),
    onSuccess: () => {
      notify(`${T}.added`, { type: 'success', messageArgs: { smart_count: emails.length } });
      setText('');
      setPicked([]);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.call(callId) });
    },
    onError,
  });
  return (
    <Box component="section" aria-labelledby="review-add-reviewers" sx={{ mb: 3 }}>
      <Typography id="review-add-reviewers" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {translate(`${T}.add-title`)}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Autocomplete
          multiple
          options={candidates.data ?? []}
          value={picked}
          onChange={(_, value) => setPicked(value)}
          inputValue={search}
          onInputChange={(_, value, reason) => reason !== 'reset' && setSearch(value)}
          filterOptions={(x) => x}
          isOptionEqualToValue={(a, b) => a.userId === b.userId}
          getOptionLabel={(c) => (c.name ? `${c.name} <${c.email}>` : c.email)}
          loading={candidates.isFetching}
          noOptionsText={translate(`${T}.no-candidates`)}
          loadingText={translate('ra.page.loading')}
          renderOption={(props, c) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                <Box>
                  <Typography variant="body2">{c.name || c.email}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {c.email}
                    {c.reviewerRole ? ` · ${translate(`${T}.reviewer-role`)}` : ''}
                  </Typography>
                </Box>
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField {...params} label={translate(`${T}.candidates`)} helperText={translate(`${T}.candidates-help`)} />
          )}
        />
        <TextField
          label={translate(`${T}.emails`)}
          helperText={invalid.length ? translate(`${T}.invalid-emails`, { emails: invalid.join(', ') }) : translate(`${T}.emails-help`)}
          error={invalid.length > 0}
          multiline
          minRows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Box>
          <MuiButton
            variant="contained"
            startIcon={<PersonAdd />}
            disabled={emails.length === 0 || invalid.length > 0 || add.isPending}
            onClick={() => add.mutate()}
          >
            {translate(`${T}.add`)}
          </MuiButton>
        </Box>
      </Stack>
    </Box>
  );
}

/** The call's reviewers with their load; add by e-mail or from the candidates, remove one who submitted nothing. */
export function ReviewersTab({ callId }: { callId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onError = useReviewError(callId);
  const n = useNumber();
  const reviewers = useQuery({ queryKey: reviewKeys.reviewers(callId), queryFn: () => reviewApi.reviewers(callId) });
  const [removing, setRemoving] = useState<Reviewer | undefined>();
  const remove = useMutation({
    mutationFn: (r: Reviewer) => reviewApi.removeReviewer(callId, r.id),
    onSuccess: () => {
      notify(`${T}.removed`, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.call(callId) });
    },
    onError,
    onSettled: () => setRemoving(undefined),
  });
  const list = reviewers.data ?? [];
  const maxAssigned = Math.max(0, ...list.map((r) => r.assigned));
  return (
    <>
      <AddReviewers callId={callId} />
      <Box component="section" aria-labelledby="review-reviewer-list">
        <Typography id="review-reviewer-list" component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate(`${T}.list-title`, { count: n(list.length, 0) })}
        </Typography>
        {reviewers.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {reviewers.isError && <Alert severity="error">{translate(reviewers.error.message, { _: reviewers.error.message })}</Alert>}
        {reviewers.data && list.length === 0 && <Alert severity="info">{translate(`${T}.none`)}</Alert>}
        {list.length > 0 && (
          <Box
            // Positioned: the visually hidden header stays inside the scroller instead of widening the page.
            sx={{ overflowX: 'auto', position: 'relative' }}
          >
            <Table size="small" aria-labelledby="review-reviewer-list">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${T}.name`)}</TableCell>
                  <TableCell>{translate(`${T}.email`)}</TableCell>
                  <TableCell>{translate(`${T}.status`)}</TableCell>
                  <TableCell align="right">{translate(`${T}.assigned`)}</TableCell>
                  <TableCell align="right">{translate(`${T}.done`)}</TableCell>
                  <TableCell>{translate(`${T}.load`)}</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {translate(`${T}.actions`)}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((r) => (
                  <TableRow key={r.id}>
                    {/* Room enough for a name and an address on a phone (the table scrolls sideways). */}
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{r.name || '–'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 180 }}>{r.email}</TableCell>
                    <TableCell>
                      {r.invited ? (
                        <Chip size="small" variant="outlined" label={translate(`${T}.invited`)} />
                      ) : (
                        <Chip size="small" variant="outlined" color="success" label={translate(`${T}.active`)} />
                      )}
                    </TableCell>
                    <TableCell align="right">{n(r.assigned, 0)}</TableCell>
                    <TableCell align="right">{n(r.done, 0)}</TableCell>
                    <TableCell>
                      <LoadBar reviewer={r} maxAssigned={maxAssigned} />
                    </TableCell>
                    <TableCell padding="checkbox">
                      <IconButton
                        aria-label={translate(`${T}.remove`, { name: r.name || r.email })}
                        onClick={() => setRemoving(r)}
                        disabled={remove.isPending}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Box>
      <Confirm
        isOpen={!!removing}
        loading={remove.isPending}
        title={`${T}.remove-title`}
        content={translate(`${T}.remove-confirm`, { name: removing?.name || removing?.email || '' })}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(undefined)}
      />
    </>
  );
}

// In pixels: in `sx` a width or height of 1 means 100%, which widened the page on phones.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
