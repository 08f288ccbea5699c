import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Button, Title, useGetOne, useTranslate } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { DashboardState } from './links';
import { PortfolioDashboard } from './PortfolioDashboard';

/** The state filter lives in the address (`?state=closed`), so a dashboard can be shared and reloaded. */
function useStateParam(): [DashboardState, (s: DashboardState) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state: DashboardState = raw === 'open' || raw === 'closed' ? raw : 'all';
  return [
    state,
    (s) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (s === 'all') next.delete('state');
          else next.set('state', s);
          return next;
        },
        { replace: true },
      ),
  ];
}

/** The console home's portfolio dashboard: every call. */
export function HomeDashboard() {
  const [state, setState] = useStateParam();
  return <PortfolioDashboard scope={{ state }} onState={setState} />;
}

/** `/admin/calls/{callId}/dashboard`: one call's dashboard (the "dashboard" button of the calls tab and the call editor). */
export function CallDashboardPage() {
  const { callId = '' } = useParams();
  const translate = useTranslate();
  const [state, setState] = useStateParam();
  const { data: call } = useGetOne('calls', { id: callId });
  const title = call?.name ? translate('pages.admin.dashboard.call-title', { name: call.name }) : translate('pages.admin.dashboard.title');
  return (
    <Box sx={{ py: 3 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Button component={Link} to="/admin/calls" label="pages.admin.tabs.calls">
          <ArrowBackIcon />
        </Button>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
      </Box>
      <PortfolioDashboard scope={{ callId, state }} onState={setState} />
    </Box>
  );
}
