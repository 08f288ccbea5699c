import type { AuditEventRow } from './audit.repository.js';

const COLUMNS = ['at', 'actorEmail', 'actorRole', 'actorId', 'action', 'entity', 'entityId', 'summary', 'diff', 'requestId', 'ip'] as const;

/** A CSV cell: quoted, and a leading = + - @ made inert so a spreadsheet never runs it as a formula. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const auditCsvHeader = (): string => `${COLUMNS.join(',')}\r\n`;

export const auditCsvRow = (row: AuditEventRow): string => `${COLUMNS.map((c) => cell(row[c])).join(',')}\r\n`;
