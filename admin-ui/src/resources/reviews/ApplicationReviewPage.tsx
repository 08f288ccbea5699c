import ArrowBack from '@mui/icons-material/ArrowBack';
import Description from '@mui/icons-material/Description';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDateTimeWithZone, type Decision } from '@impact-calls/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button, Confirm, Title, useBasename, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useParams } from 'react-router-dom';
import { reviewApi, reviewKeys, type ApplicationDetail } from './reviewApi';
import { DecisionChip, DecisionSelect, DisagreementFlag, ScoreBar, useNumber, useReviewError, WITHDRAW } from './ReviewBits';

const T = 'pages.admin.review.detail';
type Review = ApplicationDetail['reviews'][number];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function useDate() {
  const [locale] = useLocaleState();
  return (value: string | null | undefined) => (value ? formatDateTimeWithZone(value, locale) : '–');
}

/** A reviewer's name, or their address while they never signed in. */
const reviewerLabel = (r: Review) => r.reviewerName || r.reviewerEmail;

function Summary({ app }: { app: ApplicationDetail }) {
  const translate = useTranslate();
  const n = useNumber();
  const date = useDate();
  const item = (label: string, value: ReactNode) => (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
      {item(translate('pages.admin.review.applications.column.rank'), n(app.rank, 0))}
      {item(translate('pages.admin.review.applications.column.score'), <ScoreBar value={app.score} />)}
      {item(
        translate('pages.admin.review.applications.column.spread'),
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
          {n(app.spread)}
          {app.disagreement && <DisagreementFlag />}
        </Box>,
      )}
      {item(
        translate('pages.admin.review.applications.column.reviewsDone'),
        translate('pages.admin.review.applications.done-of', { done: n(app.reviewsDone, 0), assigned: n(app.reviewsAssigned, 0) }),
      )}
      {item(translate(`${T}.submitted-at`), date(app.submittedAt))}
      {item(translate('pages.admin.review.decision.label'), <DecisionChip decision={app.decision} released={app.decisionReleased} />)}
    </Box>
  );
}

function DecisionEditor({ app }: { app: ApplicationDetail }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onError = useReviewError(app.callId);
  const [value, setValue] = useState<Decision | typeof WITHDRAW | ''>(app.decision ?? '');
  const save = useMutation({
    mutationFn: () => reviewApi.setDecisions(app.callId, [app.id], value === WITHDRAW || value === '' ? null : value),
    onSuccess: () => {
      notify(`${T}.decision-saved`, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.call(app.callId) });
    },
    onError,
  });
  if (app.decisionReleased) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <DecisionChip decision={app.decision} released />
        <Typography variant="body2">{translate(`${T}.decision-final`)}</Typography>
      </Stack>
    );
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <DecisionSelect value={value} onChange={setValue} sx={{ maxWidth: 320 }} />
      <MuiButton
        variant="contained"
        startIcon={<Save />}
        disabled={value === '' || save.isPending}
        onClick={() => save.mutate()}
        sx={{ flexShrink: 0 }}
      >
        {translate('ra.action.save')}
      </MuiButton>
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.decision-help`)}
      </Typography>
    </Stack>
  );
}

/** The submitted reviews' scores side by side; the table below gives the same figures in words. */
function ScoresChart({ app }: { app: ApplicationDetail }) {
  const translate = useTranslate();
  const theme = useTheme();
  const n = useNumber();
  const scored = app.reviews.filter((r) => r.score !== null);
  if (scored.length === 0) return <Typography variant="body2">{translate(`${T}.no-scores`)}</Typography>;
  const summary = scored.map((r) => `${reviewerLabel(r)}: ${n(r.score)}`).join('; ');
  return (
    <Box role="img" aria-label={translate(`${T}.chart-label`, { scores: summary })} sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        height={Math.max(140, 60 + scored.length * 36)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band' as const, data: scored.map(reviewerLabel), width: 120 }]}
        xAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => n(v, 0) }]}
        series={[
          {
            data: scored.map((r) => r.score ?? 0),
            label: translate('pages.admin.review.applications.column.score'),
            valueFormatter: (v) => n(v),
            color: theme.palette.primary.main,
            barLabel: (item) => n(item.value),
            barLabelPlacement: 'outside',
          },
        ]}
        hideLegend
        skipAnimation
      />
    </Box>
  );
}

/** Criteria down, reviewers across: each score, each review's score and recommendation. */
function ScoresTable({ app }: { app: ApplicationDetail }) {
  const translate = useTranslate();
  const n = useNumber();
  if (app.reviews.length === 0) return <Typography variant="body2">{translate(`${T}.no-reviewers`)}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {translate(`${T}.criterion`)}
            </TableCell>
            {app.reviews.map((r) => (
              <TableCell key={r.id} component="th" scope="col" align="right" sx={{ overflowWrap: 'anywhere', minWidth: 90 }}>
                {reviewerLabel(r)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {app.criteria.map((c) => (
            <TableRow key={c.id}>
              <TableCell component="th" scope="row" sx={{ minWidth: 140 }}>
                {c.name}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  ({n(c.min)}–{n(c.max)}, ×{n(c.weight, 2)})
                </Typography>
                {c.retired && <Chip size="small" variant="outlined" label={translate(`${T}.retired`)} sx={{ ml: 1 }} />}
              </TableCell>
              {app.reviews.map((r) => (
                <TableCell key={r.id} align="right">
                  {r.abstained ? translate(`${T}.abstained-short`) : n(r.scores[c.id])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {translate(`${T}.review-score`)}
            </TableCell>
            {app.reviews.map((r) => (
              <TableCell key={r.id} align="right" sx={{ fontWeight: 600 }}>
                {n(r.score)}
              </TableCell>
            ))}
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              {translate(`${T}.recommendation`)}
            </TableCell>
            {app.reviews.map((r) => (
              <TableCell key={r.id} align="right">
                {r.recommendation ? translate(`${T}.recommendation-${r.recommendation}`) : '–'}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}

function ReviewCard({ review, onWithdraw }: { review: Review; onWithdraw: () => void }) {
  const translate = useTranslate();
  const date = useDate();
  const id = `review-${review.id}`;
  const text = (label: string, value: string) =>
    value.trim() ? (
      <Box>
        <Typography variant="subtitle2" component="p">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </Box>
    ) : null;
  return (
    <Box component="article" aria-labelledby={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography id={id} component="h3" variant="subtitle1" sx={{ flex: 1, minWidth: 160, overflowWrap: 'anywhere' }}>
          {reviewerLabel(review)}
        </Typography>
        <Chip
          size="small"
          variant={review.state === 'done' ? 'filled' : 'outlined'}
          color={review.state === 'done' ? 'success' : 'default'}
          label={translate(`${T}.state-${review.state}`)}
        />
        {review.state !== 'done' && (
          <MuiButton size="small" onClick={onWithdraw}>
            {translate(`${T}.withdraw`)}
          </MuiButton>
        )}
      </Box>
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary">
          {review.reviewerEmail}
          {review.submittedAt ? ` · ${translate(`${T}.submitted-on`, { date: date(review.submittedAt) })}` : ''}
        </Typography>
        {review.abstained && (
          <Alert severity="info" variant="outlined">
            {translate(`${T}.abstained`)}
            {review.abstainReason ? `: ${review.abstainReason}` : ''}
          </Alert>
        )}
        {text(translate(`${T}.comment-applicant`), review.commentApplicant)}
        {text(translate(`${T}.comment-panel`), review.commentPanel)}
      </Stack>
    </Box>
  );
}

function History({ app }: { app: ApplicationDetail }) {
  const translate = useTranslate();
  const date = useDate();
  if (app.history.length === 0) return <Typography variant="body2">{translate(`${T}.no-history`)}</Typography>;
  return (
    <List dense disablePadding>
      {app.history.map((e, i) => (
        <ListItem key={i} disableGutters divider={i < app.history.length - 1}>
          <ListItemText
            primary={translate(`${T}.event.${e.kind === 'decided' && !e.decision ? 'withdrawn' : e.kind}`, {
              reviewer: e.reviewerName ?? translate(`${T}.someone`),
              decision: e.decision ? translate(`pages.admin.review.decision.${e.decision}`, { _: e.decision }) : '',
            })}
            secondary={`${date(e.at)}${e.byName ? ` · ${translate(`${T}.by`, { name: e.byName })}` : ''}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** `/admin/calls/{callId}/review/{submissionId}`: one application's reviews, scores, conflicts, history and decision. */
export default function ApplicationReviewPage() {
  const { callId = '', submissionId = '' } = useParams();
  const translate = useTranslate();
  const basename = useBasename();
  const location = useLocation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onError = useReviewError(callId);
  const date = useDate();
  const app = useQuery({
    queryKey: reviewKeys.application(callId, submissionId),
    queryFn: () => reviewApi.application(submissionId),
    enabled: !!submissionId,
  });
  const [withdrawing, setWithdrawing] = useState<Review | undefined>();
  const withdraw = useMutation({
    mutationFn: (r: Review) => reviewApi.unassign(r.id),
    onSuccess: () => {
      notify(`${T}.withdrawn`, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.call(callId) });
    },
    onError,
    onSettled: () => setWithdrawing(undefined),
  });
  // Back to the list as it was (its page, sort and filters) when the row was opened from it.
  const listSearch = (location.state as { list?: string } | null)?.list || '?tab=applications';
  const data = app.data;
  const title = data ? translate(`${T}.title`, { code: data.code, organization: data.organizationName }) : translate(`${T}.title-loading`);

  return (
    <Box sx={{ my: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Button component={Link} to={`${basename}/calls/${callId}/review${listSearch}`} label={`${T}.back`} startIcon={<ArrowBack />} />
        <Button
          component={Link}
          to={`${basename}/submissions/${submissionId}/show`}
          label={`${T}.open-submission`}
          startIcon={<Description />}
        />
      </Box>
      {app.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {app.isError && <Alert severity="error">{translate(app.error.message, { _: app.error.message })}</Alert>}
      {data && (
        <Stack spacing={2}>
          <Section id="review-detail-decision" title={translate(`${T}.decision`)}>
            <Summary app={data} />
            <Box sx={{ mt: 2 }}>
              <DecisionEditor key={`${data.decision}-${data.decisionReleased}`} app={data} />
            </Box>
          </Section>
          <Section id="review-detail-chart" title={translate(`${T}.chart`)}>
            <ScoresChart app={data} />
          </Section>
          <Section id="review-detail-scores" title={translate(`${T}.scores`)}>
            <ScoresTable app={data} />
          </Section>
          <Section id="review-detail-reviews" title={translate(`${T}.reviews`)}>
            {data.reviews.length === 0 ? (
              <Typography variant="body2">{translate(`${T}.no-reviewers`)}</Typography>
            ) : (
              <Stack spacing={1.5}>
                {data.reviews.map((r) => (
                  <ReviewCard key={r.id} review={r} onWithdraw={() => setWithdrawing(r)} />
                ))}
              </Stack>
            )}
          </Section>
          <Section id="review-detail-conflicts" title={translate(`${T}.conflicts`)}>
            {data.conflicts.length === 0 ? (
              <Typography variant="body2">{translate(`${T}.no-conflicts`)}</Typography>
            ) : (
              <List dense disablePadding>
                {data.conflicts.map((c, i) => (
                  <ListItem key={i} disableGutters>
                    <ListItemText
                      primary={`${c.reviewerEmail}: ${c.reason}`}
                      secondary={date(c.declaredAt)}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Section>
          <Section id="review-detail-history" title={translate(`${T}.history`)}>
            <History app={data} />
          </Section>
        </Stack>
      )}
      <Confirm
        isOpen={!!withdrawing}
        loading={withdraw.isPending}
        title={`${T}.withdraw-title`}
        content={translate(`${T}.withdraw-confirm`, { name: withdrawing ? reviewerLabel(withdrawing) : '' })}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing)}
        onClose={() => setWithdrawing(undefined)}
      />
    </Box>
  );
}
