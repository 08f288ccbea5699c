import { formatDateTimeWithZone, SDGS, type Language } from '@impact-calls/domain';
import { unwrap, type Schemas } from '@impact-calls/api-client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { api } from '../providers/client';
import { dayRange, submissionsLink, type DashboardScope, type DashboardState, type SubmissionFilter } from './links';

type Dashboard = Schemas['PortfolioDashboardDto'];

const STATES: DashboardState[] = ['all', 'open', 'closed'];
const CHART_HEIGHT = 260;
const SROI_WARNING = '#C62828';

function useNumber() {
  const [locale] = useLocaleState();
  const whole = new Intl.NumberFormat(locale);
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return { whole: (n: number) => whole.format(n), decimal: (n: number | null) => (n === null ? '–' : decimal.format(n)) };
}

/** A number that opens the submissions it counts. */
function Count({ scope, filter, value, label }: { scope: DashboardScope; filter?: SubmissionFilter; value: number; label?: string }) {
  const { whole } = useNumber();
  return (
    <MuiLink component={RouterLink} to={submissionsLink(scope, filter)} aria-label={label ? `${label}: ${whole(value)}` : undefined}>
      {whole(value)}
    </MuiLink>
  );
}

/** One section: a title, an optional chart (decorative: the table below it carries the numbers) and the table. */
function Section({
  id,
  title,
  help,
  chart,
  children,
  wide,
}: {
  id: string;
  title: string;
  help?: ReactNode;
  chart?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-testid={`dashboard-${id}`}
      sx={{ gridColumn: wide ? { md: '1 / -1' } : undefined, minWidth: 0 }}
    >
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {help && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {help}
          </Typography>
        )}
        {chart && (
          <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
            {chart}
          </Box>
        )}
        <Box sx={{ overflowX: 'auto', mt: 1 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

function NumbersTable({ head, rows, caption, maxHeight }: { head: string[]; rows: ReactNode[][]; caption: string; maxHeight?: number }) {
  return (
    <Box sx={{ maxHeight, overflowY: maxHeight ? 'auto' : undefined }}>
      <Table size="small" stickyHeader={!!maxHeight}>
        <caption style={{ captionSide: 'top', padding: 0, position: 'absolute', left: -10000 }}>{caption}</caption>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'} scope="col">
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              {r.map((c, j) =>
                j === 0 ? (
                  <TableCell key={j} component="th" scope="row">
                    {c}
                  </TableCell>
                ) : (
                  <TableCell key={j} align="right">
                    {c}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The call picker (home) and the state filter. */
function Filters({ scope, onState }: { scope: DashboardScope; onState: (s: DashboardState) => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: calls } = useGetList('calls', { pagination: { page: 1, perPage: 100 }, sort: { field: 'openingAt', order: 'DESC' } });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <TextField
        select
        size="small"
        label={translate('pages.admin.dashboard.call')}
        value={scope.callId ?? ''}
        onChange={(e) => navigate(e.target.value ? `/admin/calls/${e.target.value}/dashboard` : '/admin')}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 320 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('pages.admin.dashboard.all-calls')}</MenuItem>
        {(calls ?? []).map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {String(c.name)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('pages.admin.dashboard.state')}
        value={scope.state}
        onChange={(e) => onState(e.target.value as DashboardState)}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 200 } }}
      >
        {STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`pages.admin.dashboard.state-${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/**
 * The portfolio dashboard: what a funder asks of its calls, as charts each followed
 * by a table of its numbers, every number linking to the submissions it counts. Computed by the
 * API (`GET /api/admin/dashboard/portfolio`); the console home shows all calls, a call's
 * dashboard (`/admin/calls/{id}/dashboard`) that call.
 */
export function PortfolioDashboard({ scope, onState }: { scope: DashboardScope; onState: (s: DashboardState) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isError, isPending } = useQuery({
    queryKey: ['admin', 'dashboard', 'portfolio', scope.callId ?? null, scope.state],
    queryFn: () => unwrap(api.GET('/api/admin/dashboard/portfolio', { params: { query: { callId: scope.callId, state: scope.state } } })),
    staleTime: 30_000,
  });
  return (
    <Box component="section" aria-labelledby="dashboard-title" sx={{ mb: 4 }} data-testid="portfolio-dashboard">
      <Typography id="dashboard-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {translate('pages.admin.dashboard.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pages.admin.dashboard.intro')}
      </Typography>
      <Filters scope={scope} onState={onState} />
      {isError ? (
        <Alert severity="warning">{translate('pages.admin.dashboard.load-error')}</Alert>
      ) : isPending || !data ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Figures data={data} scope={scope} locale={locale as Language} />
      )}
    </Box>
  );
}

function Figures({ data, scope, locale }: { data: Dashboard; scope: DashboardScope; locale: Language }) {
  const translate = useTranslate();
  const { whole, decimal } = useNumber();
  const t = (k: string, o?: object) => translate(`pages.admin.dashboard.${k}`, o);
  const count = t('count');
  const sdgName = (code: number) => SDGS[code - 1]?.text[locale]?.name ?? String(code);
  const sroiLabel = (b: { from: number; to: number | null }) =>
    b.to === null ? `> ${decimal(b.from)}` : b.from === 0 ? `≤ ${decimal(b.to)}` : `${decimal(b.from)}–${decimal(b.to)}`;
  const quizLabel = (b: { from: number; to: number | null }) => `${Math.round(b.from * 100)}–${Math.round((b.to ?? 1) * 100)}%`;
  const states = [
    { key: 'total', value: data.states.total, filter: {} },
    { key: 'open', value: data.states.open, filter: { status: 'open' as const } },
    { key: 'reopened', value: data.states.reopened, filter: { status: 'open' as const } },
    { key: 'closed', value: data.states.closed, filter: { status: 'closed' as const } },
  ];
  if (data.states.total === 0)
    return (
      <Typography color="text.secondary" data-testid="dashboard-empty">
        {t('empty')}
      </Typography>
    );
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('computed-at', { time: formatDateTimeWithZone(data.at, locale) })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        <Section
          id="states"
          title={t('states.title')}
          chart={
            <BarChart
              disableKeyboardNavigation
              height={CHART_HEIGHT}
              yAxis={[{ tickMinStep: 1 }]}
              xAxis={[{ scaleType: 'band', data: states.map((s) => t(`states.${s.key}`)) }]}
              series={[{ data: states.map((s) => s.value), label: count }]}
              hideLegend
            />
          }
        >
          <NumbersTable
            caption={t('states.title')}
            head={[t('state'), count]}
            rows={states.map((s) => [
              t(`states.${s.key}`),
              <Count key={s.key} scope={scope} filter={s.filter} value={s.value} label={t(`states.${s.key}`)} />,
            ])}
          />
        </Section>

        <Section
          id="timeline"
          title={t('timeline.title')}
          help={data.closingAt ? t('timeline.until-deadline', { date: formatDateTimeWithZone(data.closingAt, locale) }) : undefined}
          chart={
            data.timeline.length > 0 && (
              <LineChart
                disableKeyboardNavigation
                height={CHART_HEIGHT}
                yAxis={[{ tickMinStep: 1 }]}
                xAxis={[{ scaleType: 'point', data: data.timeline.map((d) => d.day) }]}
                series={[
                  { data: data.timeline.map((d) => d.started), label: t('timeline.started'), showMark: data.timeline.length <= 31 },
                  { data: data.timeline.map((d) => d.submitted), label: t('timeline.submitted'), showMark: data.timeline.length <= 31 },
                  { data: data.timeline.map((d) => d.inProgress), label: t('timeline.in-progress'), showMark: data.timeline.length <= 31 },
                ]}
              />
            )
          }
        >
          <NumbersTable
            caption={t('timeline.title')}
            maxHeight={260}
            head={[t('timeline.day'), t('timeline.started'), t('timeline.submitted'), t('timeline.in-progress')]}
            rows={[...data.timeline].reverse().map((d) => {
              const r = dayRange(d.day);
              return [
                new Date(`${d.day}T12:00:00Z`).toLocaleDateString(locale, { timeZone: 'UTC' }),
                <Count key="s" scope={scope} filter={{ openedFrom: r.from, openedTo: r.to }} value={d.started} />,
                <Count key="u" scope={scope} filter={{ submittedFrom: r.from, submittedTo: r.to }} value={d.submitted} />,
                whole(d.inProgress),
              ];
            })}
          />
        </Section>

        <Section
          id="funnel"
          title={t('funnel.title')}
          help={data.callId ? t('funnel.help') : t('funnel.choose-call')}
          chart={
            data.funnel.length > 0 && (
              <BarChart
                disableKeyboardNavigation
                height={Math.max(CHART_HEIGHT, data.funnel.length * 36)}
                layout="horizontal"
                xAxis={[{ tickMinStep: 1 }]}
                yAxis={[{ scaleType: 'band', data: data.funnel.map((f) => f.name), width: 110 }]}
                series={[{ data: data.funnel.map((f) => f.reached), label: t('funnel.reached') }]}
                hideLegend
              />
            )
          }
        >
          {data.funnel.length > 0 && (
            <NumbersTable
              caption={t('funnel.title')}
              head={[t('funnel.step'), t('funnel.reached')]}
              rows={[
                ...data.funnel.map((f) => [f.name, <Count key={f.stepId} scope={scope} value={f.reached} label={f.name} />]),
                [t('states.closed'), <Count key="closed" scope={scope} filter={{ status: 'closed' }} value={data.states.closed} />],
              ]}
            />
          )}
        </Section>

        <Section
          id="sdgs"
          wide
          title={t('sdgs.title')}
          help={t('sdgs.help', { count: whole(data.withImpact) })}
          chart={
            <BarChart
              disableKeyboardNavigation
              height={CHART_HEIGHT}
              yAxis={[{ tickMinStep: 1 }]}
              xAxis={[
                {
                  scaleType: 'band',
                  data: data.sdgs.map((g) => g.sdg),
                  colorMap: { type: 'ordinal', values: SDGS.map((s) => s.code), colors: SDGS.map((s) => s.colour) },
                },
              ]}
              series={[{ data: data.sdgs.map((g) => g.submissions), label: count }]}
              hideLegend
            />
          }
        >
          <NumbersTable
            caption={t('sdgs.title')}
            head={[t('sdgs.sdg'), count]}
            rows={data.sdgs.map((g) => [
              <Box key="n" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 14, height: 14, borderRadius: 0.5, flex: 'none', bgcolor: SDGS[g.sdg - 1]?.colour }}
                />
                {`${g.sdg}. ${sdgName(g.sdg)}`}
              </Box>,
              <Count key="c" scope={scope} filter={{ sdg: g.sdg }} value={g.submissions} label={`SDG ${g.sdg}`} />,
            ])}
          />
        </Section>

        <Section id="outcomes" title={t('outcomes.title')} help={t('outcomes.custom', { count: whole(data.customOutcomes) })}>
          <NumbersTable
            caption={t('outcomes.title')}
            head={[t('outcomes.outcome'), count]}
            rows={data.outcomes.map((o) => [
              o.sdg ? `${o.name} (SDG ${o.sdg})` : o.name,
              <Count key="c" scope={scope} filter={{ outcomeId: o.id }} value={o.submissions} label={o.name} />,
            ])}
          />
        </Section>

        <Section id="indicators" title={t('indicators.title')}>
          <NumbersTable
            caption={t('indicators.title')}
            head={[t('indicators.indicator'), count]}
            rows={data.indicators.map((o) => [
              o.name,
              <Count key="c" scope={scope} filter={{ indicatorId: o.id }} value={o.submissions} label={o.name} />,
            ])}
          />
        </Section>

        <Section
          id="sroi"
          title={t('sroi.title')}
          chart={
            <BarChart
              disableKeyboardNavigation
              height={CHART_HEIGHT}
              yAxis={[{ tickMinStep: 1 }]}
              xAxis={[
                {
                  scaleType: 'band',
                  data: data.sroi.bins.map(sroiLabel),
                  colorMap: {
                    type: 'ordinal',
                    values: data.sroi.bins.map(sroiLabel),
                    colors: data.sroi.bins.map((b) => (b.to === null ? SROI_WARNING : '#1565C0')),
                  },
                },
              ]}
              series={[{ data: data.sroi.bins.map((b) => b.submissions), label: count }]}
              hideLegend
            />
          }
        >
          <NumbersTable
            caption={t('sroi.title')}
            head={[t('sroi.range'), count]}
            rows={[
              ...data.sroi.bins.map((b) => [
                sroiLabel(b),
                <Count
                  key="c"
                  scope={scope}
                  filter={b.to === null ? { sroiOver: b.from } : { ...(b.from > 0 ? { sroiOver: b.from } : {}), sroiUpTo: b.to }}
                  value={b.submissions}
                  label={`SROI ${sroiLabel(b)}`}
                />,
              ]),
              [t('sroi.with-sroi'), whole(data.sroi.count)],
              [t('sroi.q1'), decimal(data.sroi.q1)],
              [t('sroi.median'), decimal(data.sroi.median)],
              [t('sroi.q3'), decimal(data.sroi.q3)],
            ]}
          />
        </Section>

        <Section
          id="sroi-flagged"
          title={t('sroi.flagged-list', { limit: decimal(data.sroi.flagAbove) })}
          help={
            <>
              {t('sroi.flagged', { limit: decimal(data.sroi.flagAbove) })}:{' '}
              <Count
                scope={scope}
                filter={{ sroiOver: data.sroi.flagAbove }}
                value={data.sroi.flagged}
                label={t('sroi.flagged', { limit: decimal(data.sroi.flagAbove) })}
              />
            </>
          }
        >
          <NumbersTable
            caption={t('sroi.flagged-list', { limit: decimal(data.sroi.flagAbove) })}
            head={[t('sroi.code'), t('sroi.organization'), 'SROI']}
            rows={data.sroi.flaggedList.map((f) => [
              <MuiLink key="l" component={RouterLink} to={`/admin/submissions/${f.id}/show`}>
                {f.code}
              </MuiLink>,
              f.organizationName,
              <Typography key="v" component="span" variant="body2" sx={{ color: SROI_WARNING, fontWeight: 700 }}>
                {`1 : ${decimal(f.sroi)}`}
              </Typography>,
            ])}
          />
          {data.sroi.flagged > data.sroi.flaggedList.length && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              <MuiLink component={RouterLink} to={submissionsLink(scope, { sroiOver: data.sroi.flagAbove })}>
                {t('sroi.more', { count: whole(data.sroi.flagged - data.sroi.flaggedList.length) })}
              </MuiLink>
            </Typography>
          )}
        </Section>

        <Section id="budget" title={t('budget.title')}>
          <NumbersTable
            caption={t('budget.title')}
            head={[t('budget.title'), t('budget.value')]}
            rows={[
              [t('budget.total'), decimal(data.budget.total)],
              [t('budget.median'), decimal(data.budget.median)],
              [t('budget.count'), <Count key="c" scope={scope} value={data.budget.count} label={t('budget.count')} />],
            ]}
          />
        </Section>

        <Section
          id="organizations"
          title={t('organizations.title')}
          help={`${t('organizations.total')}: ${whole(data.organizations)}`}
          chart={
            data.countries.length > 0 && (
              <BarChart
                disableKeyboardNavigation
                height={CHART_HEIGHT}
                yAxis={[{ tickMinStep: 1 }]}
                xAxis={[{ scaleType: 'band', data: data.countries.map((c) => c.country) }]}
                series={[{ data: data.countries.map((c) => c.organizations), label: t('organizations.total') }]}
                hideLegend
              />
            )
          }
        >
          <NumbersTable
            caption={t('organizations.country')}
            head={[t('organizations.country'), t('organizations.total')]}
            rows={data.countries.map((c) => [
              c.country,
              <Count key="c" scope={scope} filter={{ country: c.country }} value={c.organizations} label={c.country} />,
            ])}
          />
          <Box sx={{ mt: 2 }}>
            <NumbersTable
              caption={t('organizations.city')}
              head={[t('organizations.city'), t('organizations.total')]}
              rows={data.cities.map((c) => [
                `${c.city} (${c.country})`,
                <Count key="c" scope={scope} filter={{ country: c.country, city: c.city }} value={c.organizations} label={c.city} />,
              ])}
            />
          </Box>
        </Section>

        <Section
          id="quiz"
          title={t('quiz.title')}
          help={`${t('quiz.with-score')}: ${whole(data.quiz.count)}`}
          chart={
            <BarChart
              disableKeyboardNavigation
              height={CHART_HEIGHT}
              yAxis={[{ tickMinStep: 1 }]}
              xAxis={[{ scaleType: 'band', data: data.quiz.bins.map(quizLabel) }]}
              series={[{ data: data.quiz.bins.map((b) => b.submissions), label: count }]}
              hideLegend
            />
          }
        >
          <NumbersTable
            caption={t('quiz.title')}
            head={[t('quiz.range'), count]}
            rows={data.quiz.bins.map((b) => [
              quizLabel(b),
              <Count
                key="c"
                scope={scope}
                filter={{ quizFrom: b.from, ...(b.to === null ? {} : { quizBelow: b.to }) }}
                value={b.submissions}
                label={`${t('quiz.range')} ${quizLabel(b)}`}
              />,
            ])}
          />
        </Section>
      </Box>
    </>
  );
}
