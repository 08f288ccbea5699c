import AttachFile from '@mui/icons-material/AttachFile';
import LockOpen from '@mui/icons-material/LockOpen';
import LockOutlined from '@mui/icons-material/LockOutlined';
import RateReview from '@mui/icons-material/RateReview';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import {
  Button,
  Confirm,
  DeleteWithConfirmButton,
  Show,
  TopToolbar,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  Link,
  Loading,
  useBasename,
} from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { downloadStoredFile, type Schemas } from '@impact-calls/api-client';
import { formatDateTimeWithZone, formatQuizScore, formatSroi, isStepKind } from '@impact-calls/domain';
import { FillTextProvider, StepView, type FillTranslate } from '@impact-calls/step-views';
import { api } from '../../providers/client';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { SubmissionDocumentButtons } from './DocumentButtons';
import { StatusChip } from './SubmissionList';

type Submission = Schemas['SubmissionDto'] & { id: string };

/** Close or reopen, each after a confirmation, through the resource's actions. */
function LifecycleButton({ action }: { action: 'close' | 'reopen' }) {
  const record = useRecordContext<Submission>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.action('submissions', { id: record!.id, action }),
    onSuccess: () => {
      notify(action === 'reopen' ? 'pages.admin.submission-reopened' : 'pages.admin.submission-closed', { type: 'success' });
      refresh();
    },
    onError: (e: Error) => notify(e.message || 'pages.admin.error-saving', { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record || (action === 'reopen') !== record.closed) return null;
  return (
    <>
      <Button label={`pages.admin.submissions.${action}`} onClick={() => setOpen(true)} disabled={isPending}>
        {action === 'reopen' ? <LockOpen /> : <LockOutlined />}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate(`pages.admin.submissions.${action}`)}
        content={translate(`pages.admin.submissions.${action}-confirm`)}
        onConfirm={() => mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function ReviewActions() {
  const record = useRecordContext<Submission>();
  const basename = useBasename();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {record && <SubmissionDocumentButtons id={record.id} />}
      {record && (
        // Inside the console (/admin/attachments/{id}/), not the applicant app's /attachments.
        <Button component={Link} to={`${basename}/attachments/${record.id}/`} label="pages.admin.submissions.attachments">
          <AttachFile />
        </Button>
      )}
      {record?.closed && (
        // The submitted application's reviews and decision (resources/reviews).
        <Button component={Link} to={`${basename}/calls/${record.callId}/review/${record.id}`} label="pages.admin.review.open-review">
          <RateReview />
        </Button>
      )}
      <LifecycleButton action="close" />
      <LifecycleButton action="reopen" />
      <DeleteWithConfirmButton
        confirmTitle="pages.admin.submissions.delete-confirm"
        confirmContent=""
        mutationMode="pessimistic"
        redirect="list"
        successMessage="pages.admin.submission-deleted"
      />
    </TopToolbar>
  );
}

/** The answers, step by step, with the applicant app's renderers in read-only mode. */
function Review() {
  const record = useRecordContext<Submission>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [index, setIndex] = useState(0);
  const t: FillTranslate = useCallback((key, vars) => translate(key, vars ?? {}), [translate]);
  // A row of the list is shown at once while the full submission loads: it has no steps yet.
  if (!record || !Array.isArray(record.steps)) return <Loading />;
  const step = record.steps[index];
  const result = step && record.stepResults.find((r) => r.stepId === step.id);
  const reopened = !record.closed && !!record.submittedAt;
  const dates = (label: string, value: string | null | undefined) =>
    value && (
      <Typography variant="body2">
        {translate(label)}: {formatDateTimeWithZone(value, locale)}
      </Typography>
    );
  return (
    <FillTextProvider value={t}>
      <Box sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h5" component="h1">
              {record.callName} · {record.code}
            </Typography>
            <Typography color="text.secondary">
              {record.organization.name} · {record.user.firstName} {record.user.lastName} ({record.user.email})
            </Typography>
          </Box>
          <Box>
            <StatusChip closed={record.closed} reopened={reopened} />
            <Box data-testid="review-dates">
              {dates('resources.submissions.fields.openedAt', record.openedAt)}
              {/* While reopened it is in progress: only the first submission is shown, not "submitted on". */}
              {dates(reopened ? 'pages.admin.submissions.first-submitted' : 'resources.submissions.fields.submittedAt', record.submittedAt)}
              {record.closed &&
                record.lastSubmittedAt &&
                record.lastSubmittedAt !== record.submittedAt &&
                dates('resources.submissions.fields.lastSubmittedAt', record.lastSubmittedAt)}
            </Box>
            {record.quizScore !== null && (
              <Typography variant="body2">
                {translate('resources.submissions.fields.quizScore')}: {formatQuizScore(record.quizScore, locale)}
              </Typography>
            )}
            {record.sroiScore !== null && (
              <Typography variant="body2" data-testid="review-sroi">
                {translate('resources.submissions.fields.sroiScore')}: {formatSroi(record.sroiScore, locale)}
              </Typography>
            )}
          </Box>
        </Stack>
        <Divider />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2, alignItems: 'flex-start' }}>
          <Card
            variant="outlined"
            sx={{ width: { md: 260 }, flexShrink: 0 }}
            component="nav"
            aria-label={translate('pages.admin.submissions.step-list')}
          >
            <List dense>
              {record.steps.map((s, i) => (
                <ListItem key={s.id} disablePadding>
                  <ListItemButton selected={i === index} aria-current={i === index ? 'step' : undefined} onClick={() => setIndex(i)}>
                    <ListItemText
                      primary={`${i + 1}. ${s.name}`}
                      secondary={isStepKind(s.stepTypeName) ? translate(`pages.admin.steps.kinds.${s.stepTypeName}`) : s.stepTypeName}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Card>
          {step && (
            <Card variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%' }} data-testid="review-step">
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {step.name}
                </Typography>
                {!result && ['survey', 'quiz', 'miniDyi'].includes(step.stepTypeName) && (
                  <Typography color="text.secondary">{translate('pages.admin.submissions.no-answer')}</Typography>
                )}
                <StepView
                  key={step.id}
                  step={step}
                  result={result?.content}
                  readOnly
                  language={locale}
                  attachments={record.attachments}
                  scores={{ closed: record.closed, quizScore: record.quizScore, sroiScore: record.sroiScore }}
                  uploads={{
                    upload: () => Promise.reject(new Error('read-only')),
                    remove: () => Promise.reject(new Error('read-only')),
                    download: (a) => downloadStoredFile(api, a.fileDownloadId, a.fileName),
                  }}
                />
              </CardContent>
            </Card>
          )}
        </Stack>
        <History />
      </Box>
    </FillTextProvider>
  );
}

/** Submissions, forced closes and reopenings, with who did them and when. */
function History() {
  const record = useRecordContext<Submission>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const history = record?.history ?? [];
  return (
    <Box component="section" aria-labelledby="submission-history" sx={{ mt: 3 }}>
      <Typography id="submission-history" variant="h6" component="h2" gutterBottom>
        {translate('pages.admin.submissions.history')}
      </Typography>
      {history.length === 0 ? (
        <Typography color="text.secondary">{translate('pages.admin.submissions.history-empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="submission-history">
            <TableHead>
              <TableRow>
                <TableCell>{translate('pages.admin.submissions.history-what')}</TableCell>
                <TableCell>{translate('pages.admin.submissions.history-who')}</TableCell>
                <TableCell>{translate('pages.admin.submissions.history-when')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.map((e, i) => (
                <TableRow key={i}>
                  <TableCell>
                    {translate(`pages.admin.submissions.event.${e.kind}`)}
                    {e.dataKept && (
                      <Typography variant="body2" color="text.secondary">
                        {translate('pages.admin.submissions.history-data-kept')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {e.byName || e.byEmail
                      ? [e.byName, e.byEmail && `(${e.byEmail})`].filter(Boolean).join(' ')
                      : translate('pages.admin.submissions.history-unknown')}
                  </TableCell>
                  <TableCell>{formatDateTimeWithZone(e.at, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/** A submission under review: read-only answers, close, reopen, delete, attachments. */
export function SubmissionReview() {
  return (
    <Show actions={<ReviewActions />} title={<ReviewTitle />}>
      <Review />
    </Show>
  );
}

function ReviewTitle() {
  const record = useRecordContext<Submission>();
  return <span>{record?.code ?? ''}</span>;
}
