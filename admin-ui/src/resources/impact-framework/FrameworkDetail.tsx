import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useDeferredValue, useMemo, useState } from 'react';
import { ListButton, Loading, Show, TopToolbar, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { DeleteFrameworkButton } from './DeleteFrameworkButton';
import { type Framework, type FrameworkOutcome, searchOutcomes } from './frameworks';
import { SdgChip } from './SdgChip';

const PAGE = 25;

function OutcomeCard({ outcome }: { outcome: FrameworkOutcome }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const money = useMemo(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }), [locale]);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Card variant="outlined" component="section" aria-label={outcome.name}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <SdgChip code={outcome.sdg} />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {outcome.name}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {outcome.description}
        </Typography>
        {small ? (
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ m: 0, p: 0, listStyle: 'none' }}
            aria-label={translate('pages.admin.impact-framework.indicators')}
          >
            {outcome.indicators.map((indicator) => (
              <Box component="li" key={indicator.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {indicator.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {indicator.description}
                </Typography>
                {indicator.proxies.map((proxy) => (
                  <Typography key={proxy.id} variant="body2" sx={{ mt: 0.5 }}>
                    {proxy.name}: <strong>{money.format(proxy.defaultValue)}</strong>
                    {' · '}
                    {proxy.sourceUrl ? (
                      <Link href={proxy.sourceUrl} target="_blank" rel="noopener noreferrer">
                        {proxy.sourceName || proxy.sourceUrl}
                      </Link>
                    ) : (
                      proxy.sourceName
                    )}
                  </Typography>
                ))}
              </Box>
            ))}
          </Stack>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('pages.admin.impact-framework.indicators')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('pages.admin.impact-framework.indicators')}</TableCell>
                  <TableCell>{translate('pages.admin.impact-framework.proxy')}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {translate('pages.admin.impact-framework.proxy-value')}
                  </TableCell>
                  <TableCell>{translate('pages.admin.impact-framework.source')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {outcome.indicators.flatMap((indicator) =>
                  indicator.proxies.map((proxy, i) => (
                    <TableRow key={proxy.id}>
                      {i === 0 && (
                        <TableCell rowSpan={indicator.proxies.length} sx={{ verticalAlign: 'top', minWidth: 200 }}>
                          <Typography variant="body2" sx={{ fontWeight: 500 }}>
                            {indicator.name}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {indicator.description}
                          </Typography>
                        </TableCell>
                      )}
                      <TableCell sx={{ minWidth: 160 }}>{proxy.name}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {money.format(proxy.defaultValue)}
                      </TableCell>
                      <TableCell sx={{ minWidth: 160 }}>
                        {proxy.sourceUrl ? (
                          <Link href={proxy.sourceUrl} target="_blank" rel="noopener noreferrer">
                            {proxy.sourceName || proxy.sourceUrl}
                          </Link>
                        ) : (
                          proxy.sourceName
                        )}
                      </TableCell>
                    </TableRow>
                  )),
                )}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function OutcomesTab({ framework }: { framework: Framework }) {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE);
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => searchOutcomes(framework.outcomes, deferred), [framework.outcomes, deferred]);
  return (
    <Stack spacing={2}>
      <TextField
        type="search"
        size="small"
        label={translate('pages.admin.impact-framework.search')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setShown(PAGE);
        }}
        sx={{ maxWidth: 420 }}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {matches.length === 0
          ? translate('pages.admin.impact-framework.no-results')
          : translate('pages.admin.impact-framework.showing', { shown: Math.min(shown, matches.length), total: matches.length })}
      </Typography>
      {matches.slice(0, shown).map((o) => (
        <OutcomeCard key={o.id} outcome={o} />
      ))}
      {matches.length > shown && (
        <Box>
          <Button variant="outlined" onClick={() => setShown((n) => n + PAGE)}>
            {translate('pages.admin.impact-framework.show-more')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function StakeholdersTab({ framework }: { framework: Framework }) {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const rows = framework.stakeholders.filter((s) => !q || `${s.name} ${s.description}`.toLowerCase().includes(q));
  return (
    <Stack spacing={2}>
      <TextField
        type="search"
        size="small"
        label={translate('pages.admin.impact-framework.search-stakeholders')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        sx={{ maxWidth: 420 }}
      />
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('pages.admin.impact-framework.no-results')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.impact-framework.fields.name')}</TableCell>
                <TableCell>{translate('resources.impact-framework.fields.description')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell sx={{ fontWeight: 500 }}>{s.name}</TableCell>
                  <TableCell>{s.description}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}

function FrameworkView() {
  const framework = useRecordContext<Framework>();
  const translate = useTranslate();
  const [tab, setTab] = useState<'outcomes' | 'stakeholders'>('outcomes');
  // Opened from the list, the list's row is shown at once while the framework loads: it has no outcomes yet.
  if (!framework || !Array.isArray(framework.outcomes) || !Array.isArray(framework.stakeholders) || !Array.isArray(framework.usedBy))
    return <Loading />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {framework.name}
      </Typography>
      <Typography variant="body1" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
        {framework.description}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('pages.admin.impact-framework.counts', {
          outcomes: framework.outcomeCount,
          indicators: framework.indicatorCount,
          proxies: framework.proxyCount,
          stakeholders: framework.stakeholderCount,
        })}
      </Typography>
      <Box sx={{ mt: 1 }}>
        {framework.sdgs.map((c) => (
          <SdgChip key={c} code={c} />
        ))}
      </Box>
      {framework.usedBy.length > 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('pages.admin.impact-framework.used-by', { calls: framework.usedBy.map((u) => u.name).join(', ') })}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('pages.admin.impact-framework.not-used')}
        </Typography>
      )}
      <Tabs
        value={tab}
        onChange={(_, v: 'outcomes' | 'stakeholders') => setTab(v)}
        sx={{ mt: 2, mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
      >
        <Tab
          value="outcomes"
          label={translate('pages.admin.impact-framework.outcomes-tab', { count: framework.outcomes.length })}
          id="tab-outcomes"
          aria-controls="panel-outcomes"
        />
        <Tab
          value="stakeholders"
          label={translate('pages.admin.impact-framework.stakeholders-tab', { count: framework.stakeholders.length })}
          id="tab-stakeholders"
          aria-controls="panel-stakeholders"
        />
      </Tabs>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'outcomes' ? <OutcomesTab framework={framework} /> : <StakeholdersTab framework={framework} />}
      </div>
    </Box>
  );
}

/** `/admin/impact-framework/{id}`: the framework with its outcome and stakeholder tabs, searchable; delete unless used. */
export default function FrameworkDetail() {
  const translate = useTranslate();
  return (
    <Show
      title={translate('pages.admin.impact-framework.title')}
      actions={
        <TopToolbar>
          <ListButton />
          <DeleteFrameworkButton redirect="list" />
        </TopToolbar>
      }
    >
      <FrameworkView />
    </Show>
  );
}
