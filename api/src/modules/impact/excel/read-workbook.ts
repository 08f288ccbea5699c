import type { FrameworkSheet, SheetCell } from '@impact-calls/domain';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { corrupt, guardWorkbook, type ImportLimits, tooManyRows, WorkbookRejected } from './xlsx-guard.js';

/**
 * exceljs runs in a worker with a heap limit, terminated past the time bound: a workbook that slipped past the
 * guard still cannot take the process's memory or time. It posts back the first sheet's cell values only.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ExcelJS = require(workerData.exceljsPath);
(async () => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(workerData.buffer, {
    maxRows: workerData.maxRows,
    ignoreNodes: ['dataValidations', 'conditionalFormatting', 'extLst', 'drawing', 'legacyDrawing', 'picture', 'tableParts',
      'sheetProtection', 'autoFilter', 'mergeCells', 'rowBreaks', 'headerFooter', 'printOptions', 'pageMargins', 'pageSetup'],
  });
  const sheet = wb.worksheets[0];
  if (!sheet) return parentPort.postMessage({ ok: true, sheet: null, rows: [] });
  const rows = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      if (col <= workerData.maxColumns) cells.push([col - 1, cell.value]);
    });
    rows.push([rowNumber, cells]);
  });
  parentPort.postMessage({ ok: true, sheet: sheet.name, rows });
})().catch((e) => parentPort.postMessage({ ok: false, message: String((e && e.message) || e) }));
`;

const exceljsPath = createRequire(import.meta.url).resolve('exceljs');

type WorkerAnswer = { ok: true; sheet: string | null; rows: [number, [number, unknown][]][] } | { ok: false; message: string };

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && Array.isArray((value as { richText?: unknown }).richText)) {
    return (value as { richText: { text?: unknown }[] }).richText.map((r) => (typeof r.text === 'string' ? r.text : '')).join('');
  }
  return '';
}

/** An exceljs cell value as the domain's SheetCell. Formulas are reported with their text, never with their cached result. */
function toSheetCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'string') return value.trim() === '' ? { kind: 'empty' } : { kind: 'text', text: value };
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'other', type: 'number' };
  if (typeof value === 'boolean') return { kind: 'other', type: 'boolean' };
  if (value instanceof Date) return { kind: 'other', type: 'date' };
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('formula' in v || 'sharedFormula' in v) return { kind: 'formula', formula: `=${String(v.formula ?? v.sharedFormula ?? '')}` };
    if (typeof v.hyperlink === 'string') return { kind: 'link', text: textOf(v.text) || v.hyperlink, url: v.hyperlink };
    if ('richText' in v) return { kind: 'text', text: textOf(v) };
    if ('error' in v) return { kind: 'other', type: 'error' };
    if (typeof v.text === 'string') return { kind: 'text', text: v.text };
  }
  return { kind: 'other', type: typeof value };
}

function runWorker(buffer: Buffer, limits: ImportLimits): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { buffer, exceljsPath, maxRows: limits.maxRows + 50, maxColumns: limits.maxColumns },
      resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 64 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (outcome: WorkerAnswer | WorkbookRejected) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof WorkbookRejected) reject(outcome);
      else resolve(outcome);
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      const seconds = Math.round(limits.parseTimeoutMs / 1000);
      settle(new WorkbookRejected('errors.impact.parse-timeout', { seconds }, `Reading the workbook took more than ${seconds} s`));
    }, limits.parseTimeoutMs);
    worker.on('message', settle);
    worker.on('error', (e: Error & { code?: string }) => {
      const outOfMemory = e.code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(
        outOfMemory ? new WorkbookRejected('errors.impact.parse-memory', {}, 'The workbook needs too much memory to read') : corrupt(),
      );
    });
    worker.on('exit', () => settle(corrupt()));
  });
}

/** The first worksheet of an .xlsx upload, after the guard, as the domain's FrameworkSheet; else WorkbookRejected. */
export async function readFrameworkWorkbook(buffer: Buffer, limits: ImportLimits): Promise<FrameworkSheet> {
  await guardWorkbook(buffer, limits);
  const answer = await runWorker(buffer, limits);
  if (!answer.ok) throw corrupt();
  if (answer.sheet === null) throw new WorkbookRejected('errors.impact.no-sheet', {}, 'The workbook has no worksheet');
  if (answer.rows.length > limits.maxRows + 1) throw tooManyRows(answer.rows.length, limits.maxRows);
  return {
    name: answer.sheet,
    rows: answer.rows.map(([row, cells]) => {
      const out: SheetCell[] = [];
      for (const [col, value] of cells) out[col] = toSheetCell(value);
      for (let i = 0; i < out.length; i++) out[i] ??= { kind: 'empty' };
      return { row, cells: out };
    }),
  };
}
