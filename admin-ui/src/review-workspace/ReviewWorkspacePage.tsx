import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { ApiError } from '@impact-calls/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Title, useBasename, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApplicationView } from './ApplicationView';
import { ConflictDialog } from './ConflictDialog';
import { OtherReviews } from './OtherReviews';
import { reviewPath } from './paths';
import { errorKeyOf, reviewApi, reviewKeys, type MyReview, type ReviewWorkspace } from './reviewApi';
import { ScoringForm } from './ScoringForm';
import { useReviewAutosave } from './useReviewAutosave';

/** `/admin/review/:callId/:assignmentId`: the application read-only beside the scoring form (stacked on a phone). */
export function ReviewWorkspacePage() {
  const { callId = '', assignmentId = '' } = useParams();
  const translate = useTranslate();
  const basename = useBasename();
  // Read once: a refetch while typing would start the form again from the server's copy.
  const { data, error, isPending, dataUpdatedAt, refetch } = useQuery({
    queryKey: reviewKeys.workspace(assignmentId),
    queryFn: () => reviewApi.workspace(assignmentId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: 'always',
  });
  return (
    <Box sx={{ py: 2, px: { xs: 1, sm: 2 } }}>
      <Title title={data ? `${data.callName} · ${data.submission.code}` : translate('pages.review-workspace.calls.title')} />
      <Button component={Link} to={reviewPath(basename, callId)} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('pages.review-workspace.back-to-assignments')}
      </Button>
      {isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {error && <Alert severity="error">{translate(errorKeyOf(error))}</Alert>}
      {data && <Workspace key={`${assignmentId}:${dataUpdatedAt}`} workspace={data} callId={callId} onReload={() => void refetch()} />}
    </Box>
  );
}

function Workspace({ workspace, callId, onReload }: { workspace: ReviewWorkspace; callId: string; onReload: () => void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const queryClient = useQueryClient();
  const [review, setReview] = useState<MyReview>(workspace.review);
  const editable = workspace.review.editable;
  // The state chip follows the API's answers: "to do" turns "in progress" with the first save.
  const save = useCallback(
    async (body: Parameters<typeof reviewApi.save>[1]) => {
      const saved = await reviewApi.save(workspace.id, body);
      setReview(saved);
      return saved;
    },
    [workspace.id],
  );
  const autosave = useReviewAutosave(workspace.review, save, editable);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'submit' | 'next'>();
  const [conflictOpen, setConflictOpen] = useState(false);
  const [declaring, setDeclaring] = useState(false);

  // The lists show progress: fresh once the reviewer leaves this application.
  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.calls });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.assignments(callId) });
  }, [callId, queryClient]);
  useEffect(() => refreshLists, [refreshLists]);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.key === 'errors.review.stale') notify('errors.review.stale', { type: 'warning' });
    else notify(errorKeyOf(e), { type: 'error' });
  };

  const submit = async () => {
    setBusy('submit');
    setProblems({});
    try {
      const saved = await autosave.flush();
      const submitted = await reviewApi.submit(workspace.id, saved.version);
      autosave.accept(submitted);
      setReview(submitted);
      refreshLists();
      notify('pages.review-workspace.form.submitted', { type: 'success' });
    } catch (e) {
      if (e instanceof ApiError && e.key === 'errors.review.incomplete') {
        setProblems(e.errors ?? {});
        notify('errors.review.incomplete', { type: 'warning' });
      } else fail(e);
    } finally {
      setBusy(undefined);
    }
  };

  const saveAndNext = async () => {
    setBusy('next');
    try {
      await autosave.flush();
      const { id } = await reviewApi.next(callId, workspace.id);
      if (id) void navigate(reviewPath(basename, callId, id));
      else {
        notify('pages.review-workspace.none-left', { type: 'info' });
        void navigate(reviewPath(basename, callId));
      }
    } catch (e) {
      fail(e);
      setBusy(undefined);
    }
  };

  const declare = async (reason: string) => {
    setDeclaring(true);
    try {
      await reviewApi.declareConflict(workspace.id, reason);
      notify('pages.review-workspace.conflict.declared', { type: 'success' });
      void navigate(reviewPath(basename, callId));
    } catch (e) {
      fail(e);
      setDeclaring(false);
    }
  };

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(340px, 420px)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <ApplicationView workspace={workspace} />
          {workspace.otherReviews && <OtherReviews reviews={workspace.otherReviews} criteria={workspace.criteria} />}
        </Box>
        <Paper
          variant="outlined"
          sx={{ p: 2, position: { md: 'sticky' }, top: { md: 72 }, maxHeight: { md: 'calc(100vh - 88px)' }, overflowY: { md: 'auto' } }}
        >
          <ScoringForm
            workspace={workspace}
            review={review}
            autosave={autosave}
            editable={editable}
            problems={problems}
            busy={busy}
            onSubmit={() => void submit()}
            onSaveAndNext={() => void saveAndNext()}
            onConflict={() => setConflictOpen(true)}
            onReload={onReload}
          />
        </Paper>
      </Box>
      <ConflictDialog open={conflictOpen} busy={declaring} onClose={() => setConflictOpen(false)} onConfirm={(r) => void declare(r)} />
    </>
  );
}
