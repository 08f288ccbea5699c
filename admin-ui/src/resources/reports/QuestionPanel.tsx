import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDecimal, type Language } from '@impact-calls/domain';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ReportCount, ReportFilterValues, ReportQuestion } from './reports';
import { TextAnswers } from './TextAnswers';

const BAR_HEIGHT = 34;
const NPS_COLORS = { promoters: '#2e7d32', passives: '#9e9e9e', detractors: '#c62828' };

function useNumbers() {
  const [locale] = useLocaleState();
  const lang = locale as Language;
  return {
    lang,
    n: (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '–' : formatDecimal(v, lang, digits)),
    pct: (v: number) => `${formatDecimal(v, lang, 1)} %`,
  };
}

/** The count axis: from 0 to a little over the largest count (room for the bar labels), whole numbers only. */
function useCountAxis(max: number) {
  const { n } = useNumbers();
  return {
    min: 0,
    max: Math.max(1, Math.ceil(max * 1.15)),
    valueFormatter: (v: number) => (Number.isInteger(v) ? n(v, 0) : ''),
  };
}

/** Bars of counts, one per answer (horizontal: long labels stay readable on a phone). The numbers are in the table beside. */
function CountsChart({ title, counts, vertical }: { title: string; counts: ReportCount[]; vertical?: boolean }) {
  const translate = useTranslate();
  const theme = useTheme();
  const { n } = useNumbers();
  const labels = counts.map((c) => c.label);
  const data = counts.map((c) => c.count);
  const countAxis = useCountAxis(Math.max(0, ...data));
  return (
    <Box role="img" aria-label={translate('pages.admin.report.chart', { title })} sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        layout={vertical ? 'vertical' : 'horizontal'}
        height={vertical ? 240 : Math.max(120, counts.length * BAR_HEIGHT + 50)}
        {...(vertical
          ? { xAxis: [{ scaleType: 'band' as const, data: labels }], yAxis: [countAxis] }
          : { yAxis: [{ scaleType: 'band' as const, data: labels, width: 120 }], xAxis: [countAxis] })}
        series={[
          {
            data,
            label: translate('pages.admin.report.count'),
            valueFormatter: (v) => n(v ?? 0, 0),
            barLabel: 'value',
            barLabelPlacement: 'outside',
            color: theme.palette.primary.main,
          },
        ]}
        hideLegend
        skipAnimation
      />
    </Box>
  );
}

function CountsTable({ title, counts, first }: { title: string; counts: ReportCount[]; first: string }) {
  const translate = useTranslate();
  const { n, pct } = useNumbers();
  return (
    <Table size="small" aria-label={translate('pages.admin.report.table', { title })}>
      <TableHead>
        <TableRow>
          <TableCell>{first}</TableCell>
          <TableCell align="right">{translate('pages.admin.report.count')}</TableCell>
          <TableCell align="right">{translate('pages.admin.report.percent')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {counts.map((c) => (
          <TableRow key={c.value}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.label}</TableCell>
            <TableCell align="right">{n(c.count, 0)}</TableCell>
            <TableCell align="right">{pct(c.percent)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function StatsLine({ stats }: { stats: NonNullable<ReportQuestion['stats']> }) {
  const translate = useTranslate();
  const { n } = useNumbers();
  const items: [string, number | null][] = [
    ['mean', stats.mean],
    ['median', stats.median],
    ['min', stats.min],
    ['max', stats.max],
  ];
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }} component="dl">
      {items.map(([k, v]) => (
        <Box key={k} sx={{ m: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {translate(`pages.admin.report.${k}`)}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }} data-stat={k}>
            {n(v)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function Nps({ title, nps }: { title: string; nps: NonNullable<ReportQuestion['nps']> }) {
  const translate = useTranslate();
  const { n, pct } = useNumbers();
  const parts = (['promoters', 'passives', 'detractors'] as const).map((k) => ({
    key: k,
    label: translate(`pages.admin.report.nps.${k}`),
    count: nps[k],
    percent: nps[`${k}Percent`],
  }));
  const npsTitle = `${title} – ${translate('pages.admin.report.nps.title')}`;
  const countAxis = useCountAxis(Math.max(nps.promoters, nps.passives, nps.detractors));
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {translate('pages.admin.report.nps.title')}: <strong data-testid="nps-score">{nps.score === null ? '–' : n(nps.score, 1)}</strong>
      </Typography>
      <Box role="img" aria-label={translate('pages.admin.report.chart', { title: npsTitle })}>
        <BarChart
          layout="horizontal"
          height={60 + 3 * BAR_HEIGHT}
          xAxis={[countAxis]}
          yAxis={[
            {
              scaleType: 'band',
              data: parts.map((p) => p.label),
              width: 130,
              colorMap: { type: 'ordinal', colors: parts.map((p) => NPS_COLORS[p.key]) },
            },
          ]}
          series={[
            { data: parts.map((p) => p.count), valueFormatter: (v) => n(v ?? 0, 0), barLabel: 'value', barLabelPlacement: 'outside' },
          ]}
          hideLegend
          skipAnimation
        />
      </Box>
      <Table size="small" aria-label={translate('pages.admin.report.table', { title: npsTitle })}>
        <TableBody>
          {parts.map((p) => (
            <TableRow key={p.key}>
              <TableCell>{p.label}</TableCell>
              <TableCell align="right">{n(p.count, 0)}</TableCell>
              <TableCell align="right">{pct(p.percent)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Matrix({ q }: { q: ReportQuestion }) {
  const translate = useTranslate();
  const { n, pct } = useNumbers();
  const rows = q.rows ?? [];
  const columns = rows[0]?.columns ?? [];
  const countAxis = useCountAxis(Math.max(0, ...rows.map((r) => r.answered)));
  return (
    <>
      <Box role="img" aria-label={translate('pages.admin.report.chart', { title: q.title })}>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.label) }]}
          yAxis={[countAxis]}
          series={columns.map((c, i) => ({
            label: c.label,
            data: rows.map((r) => r.columns[i]?.count ?? 0),
            stack: 'row',
            valueFormatter: (v) => n(v ?? 0, 0),
          }))}
          skipAnimation
        />
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('pages.admin.report.table', { title: q.title })}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('pages.admin.report.row')}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.value} align="right">
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.value}>
                <TableCell component="th" scope="row">
                  {r.label}
                </TableCell>
                {r.columns.map((c) => (
                  <TableCell key={c.value} align="right">
                    {n(c.count, 0)} ({pct(c.percent)})
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}

/** One question of the report: its chart and, always, its numbers in a table (the chart's accessible twin). */
export function QuestionPanel({
  q,
  index,
  total,
  callId,
  stepId,
  filters,
}: {
  q: ReportQuestion;
  index: number;
  total: number;
  callId: string;
  stepId: string;
  filters: ReportFilterValues;
}) {
  const translate = useTranslate();
  const { n } = useNumbers();
  const twoColumns = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
    alignItems: 'start',
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`q-${index}`} data-question={q.name}>
      <Typography variant="h6" component="h2" id={`q-${index}`}>
        {index + 1}. {q.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('pages.admin.report.answered', { answered: n(q.answered, 0), total: n(total, 0) })}
      </Typography>
      {q.choices && (
        <Box sx={twoColumns}>
          <CountsChart title={q.title} counts={q.choices} />
          <CountsTable title={q.title} counts={q.choices} first={translate('pages.admin.report.answer')} />
        </Box>
      )}
      {q.histogram && (
        <Box sx={twoColumns}>
          <CountsChart title={q.title} counts={q.histogram} vertical />
          <CountsTable title={q.title} counts={q.histogram} first={translate('pages.admin.report.answer')} />
        </Box>
      )}
      {q.stats && <StatsLine stats={q.stats} />}
      {q.nps && <Nps title={q.title} nps={q.nps} />}
      {q.kind === 'matrix' && <Matrix q={q} />}
      {(q.kind === 'text' || q.kind === 'other') && (
        <TextAnswers callId={callId} stepId={stepId} question={q.name} title={q.title} filters={filters} />
      )}
    </Paper>
  );
}
