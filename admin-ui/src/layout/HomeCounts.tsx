import { closingCountdown, formatDateTimeWithZone } from '@impact-calls/domain';
import { unwrap } from '@impact-calls/api-client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { api } from '../providers/client';

function Figure({ id, label, value }: { id: string; label: string; value: number | undefined }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} data-testid={`count-${id}`}>
      <CardContent>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} aria-describedby={`count-${id}-label`}>
          {value === undefined ? <Skeleton width={48} /> : value}
        </Typography>
        <Typography id={`count-${id}-label`} color="text.secondary">
          {label}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The console home's figures: open calls, submissions in progress, submitted in the
 * last 7 days, deadlines in the next 7 (with the calls). One small endpoint; the full
 * dashboard is built beside it, not into it.
 */
export function HomeCounts() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isError } = useQuery({
    queryKey: ['admin', 'dashboard', 'counts'],
    queryFn: () => unwrap(api.GET('/api/admin/dashboard/counts')),
    staleTime: 30_000,
  });
  if (isError) return <Alert severity="warning">{translate('pages.admin.home.counts-error')}</Alert>;
  return (
    <Box component="section" aria-labelledby="home-counts-title" sx={{ mb: 4 }}>
      <Typography id="home-counts-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate('pages.admin.home.counts-title')}
      </Typography>
      <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2, p: 0, m: 0 }}>
        <Figure id="open-calls" label={translate('pages.admin.home.open-calls')} value={data?.openCalls} />
        <Figure id="in-progress" label={translate('pages.admin.home.in-progress')} value={data?.submissionsInProgress} />
        <Figure id="submitted-week" label={translate('pages.admin.home.submitted-week')} value={data?.submittedThisWeek} />
        <Figure id="deadlines" label={translate('pages.admin.home.deadlines')} value={data?.deadlinesComing} />
      </Box>
      {data && data.nextDeadlines.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {translate('pages.admin.home.next-deadlines')}
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, pl: 3 }} data-testid="next-deadlines">
            {data.nextDeadlines.map((d) => (
              <li key={d.id}>
                <Typography variant="body2">
                  <strong>{d.name}</strong> · {formatDateTimeWithZone(d.closingAt, locale)}
                  {closingCountdown(d.closingAt, locale) &&
                    ` (${translate('pages.calls.countdown', { when: closingCountdown(d.closingAt, locale) })})`}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
