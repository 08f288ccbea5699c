import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AuditChange } from './audit';

interface Diff {
  changes: AuditChange[];
  more?: number;
}

/** A value of a change as a person reads it: text as is, numbers in the locale, a long text by its length. */
function useShowValue() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (value: unknown, length: number | undefined) => {
    if (length !== undefined) return translate('resources.audit.text-length', { count: length.toLocaleString(locale) });
    if (value === undefined || value === null || value === '') return translate('resources.audit.empty-value');
    if (typeof value === 'number') return value.toLocaleString(locale);
    if (typeof value === 'string') return value;
    return JSON.stringify(value, null, 1);
  };
}

/** An event's changes as a table: each field, its value before and after. */
export function AuditDiffView({ diff }: { diff: Diff | null | undefined }) {
  const translate = useTranslate();
  const show = useShowValue();
  if (!diff) return <Typography color="text.secondary">{translate('resources.audit.no-diff')}</Typography>;
  if (diff.changes.length === 0 && !diff.more)
    return <Typography color="text.secondary">{translate('resources.audit.no-changes')}</Typography>;
  const cell = {
    verticalAlign: 'top',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: 'monospace',
    fontSize: '0.85rem',
  } as const;
  return (
    <>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('resources.audit.changes')}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('resources.audit.field')}
              </TableCell>
              <TableCell component="th" scope="col">
                {translate('resources.audit.before')}
              </TableCell>
              <TableCell component="th" scope="col">
                {translate('resources.audit.after')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {diff.changes.map((c) => (
              <TableRow key={c.path}>
                <TableCell component="th" scope="row" sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {c.path}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {translate(`resources.audit.kind.${c.kind}`)}
                  </Typography>
                </TableCell>
                <TableCell sx={cell}>{c.kind === 'added' ? '—' : show(c.before, c.beforeLength)}</TableCell>
                <TableCell sx={cell}>{c.kind === 'removed' ? '—' : show(c.after, c.afterLength)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {diff.more ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('resources.audit.more', { count: diff.more })}
        </Typography>
      ) : null}
    </>
  );
}
