import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAdminTabs } from './adminTabs';
import { Suspense } from 'react';
import { HomeDashboard } from '../dashboard';
import { HomeCounts } from './HomeCounts';
import { useReviewsSomething } from './AdminMenu';
import { reviewPath } from '../review-workspace/paths';

/** `/admin`: the figures that matter, the portfolio dashboard, then the tabs of the console (spec section 2) as large links. */
export function AdminHome() {
  const translate = useTranslate();
  const basename = useBasename();
  const reviews = useReviewsSomething();
  const tabs = [
    ...useAdminTabs().map((tab) => ({ key: tab.key, to: tab.to, icon: tab.icon, label: translate(`pages.admin.tabs.${tab.key}`) })),
    // An administrator who also reviews reaches the review workspace from here too.
    ...(reviews
      ? [{ key: 'review', to: reviewPath(basename), icon: <RateReviewIcon />, label: translate('pages.review-workspace.menu') }]
      : []),
  ];
  return (
    <Box sx={{ py: 3 }}>
      <Title title={translate('shell.admin.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        {translate('shell.admin.title')}
      </Typography>
      <HomeCounts />
      <Suspense fallback={null}>
        <HomeDashboard />
      </Suspense>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate('pages.admin.home.sections')}
      </Typography>
      {tabs.length === 0 ? (
        <Typography>{translate('shell.admin.no-tabs')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2, p: 0, m: 0, listStyle: 'none' }}
        >
          {tabs.map((tab) => (
            <li key={tab.key}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={Link} to={tab.to} sx={{ height: '100%' }}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 36 } }}>
                      {tab.icon}
                    </Box>
                    <Typography variant="h6" component="span">
                      {tab.label}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
