import RateReviewIcon from '@mui/icons-material/RateReview';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { errorKeyOf, useMyReviewCalls } from './reviewApi';
import { PhaseSummary, ReviewProgress } from './parts';
import { reviewPath } from './paths';

/** `/admin/review`: the calls I review, each with the phase in force, its deadline and my progress. */
export function ReviewCallsPage() {
  const translate = useTranslate();
  const basename = useBasename();
  const { data, isPending, error } = useMyReviewCalls();
  const title = translate('pages.review-workspace.calls.title');
  return (
    <Box sx={{ py: 2, px: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {error && <Alert severity="error">{translate(errorKeyOf(error))}</Alert>}
      {data && data.length === 0 && <Alert severity="info">{translate('pages.review-workspace.calls.empty')}</Alert>}
      {data && data.length > 0 && (
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(360px, 1fr))' },
            gap: 2,
            p: 0,
            m: 0,
            listStyle: 'none',
          }}
        >
          {data.map((call) => {
            const total = call.toDo + call.inProgress + call.done;
            return (
              <li key={call.callId}>
                <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="review-call">
                  <CardContent sx={{ flex: 1 }}>
                    <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                      {call.callName}
                    </Typography>
                    <PhaseSummary phase={call.phase} nextPhaseStartsAt={call.nextPhaseStartsAt} />
                    <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                      {translate('pages.review-workspace.calls.progress', { done: call.done, total })}
                    </Typography>
                    <ReviewProgress toDo={call.toDo} inProgress={call.inProgress} done={call.done} />
                  </CardContent>
                  <CardActions>
                    <Button
                      component={Link}
                      to={reviewPath(basename, call.callId)}
                      startIcon={<RateReviewIcon />}
                      aria-label={`${translate('pages.review-workspace.calls.open')}: ${call.callName}`}
                    >
                      {translate('pages.review-workspace.calls.open')}
                    </Button>
                  </CardActions>
                </Card>
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
