import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Button, Title, useBasename, useTranslate } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApplicationsTab } from './ApplicationsTab';
import { reviewApi, reviewKeys } from './reviewApi';
import { REVIEW_TABS, tabOf, type ReviewTab } from './reviewModel';
import { ReviewersTab } from './ReviewersTab';
import { SetupTab } from './SetupTab';

/** `/admin/calls/{callId}/review`: the call's review in three tabs, the one shown named by `?tab=`. */
export default function CallReviewPage() {
  const { callId = '' } = useParams();
  const translate = useTranslate();
  const basename = useBasename();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const setup = useQuery({ queryKey: reviewKeys.setup(callId), queryFn: () => reviewApi.setup(callId), enabled: !!callId });
  const title = translate('pages.admin.review.title', { name: setup.data?.callName ?? '' });

  // Another tab starts on its own defaults: the list's parameters belong to the applications tab.
  const select = (next: ReviewTab) => setParams(new URLSearchParams({ tab: next }));

  return (
    <Box sx={{ my: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Button component={Link} to={`${basename}/calls/${callId}`} label="pages.admin.review.back-to-call" startIcon={<ArrowBack />} />
      </Box>
      <Card sx={{ minWidth: 0 }}>
        <Tabs
          value={tab}
          onChange={(_, value: ReviewTab) => select(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={translate('pages.admin.review.tabs-label')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {REVIEW_TABS.map((t) => (
            <Tab
              key={t}
              value={t}
              id={`review-tab-${t}`}
              aria-controls={`review-panel-${t}`}
              label={translate(`pages.admin.review.tab.${t}`)}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`review-panel-${tab}`} aria-labelledby={`review-tab-${tab}`} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
          {setup.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {setup.isError && (
            <Alert severity="error">{translate(setup.error.message || 'pages.admin.review.error', { _: setup.error.message })}</Alert>
          )}
          {setup.data && tab === 'setup' && <SetupTab setup={setup.data} />}
          {setup.data && tab === 'reviewers' && <ReviewersTab callId={callId} />}
          {setup.data && tab === 'applications' && <ApplicationsTab setup={setup.data} />}
        </Box>
      </Card>
    </Box>
  );
}
