import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { sdgName, translate, type Language } from '@impact-calls/domain';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
import { DocumentsRepository, type ExportCursor, type ExportRow } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { miniDyiSummary, stepEntries, type DocumentStep } from './submission-document.js';
import { waitForRoom } from './zip-writer.js';

/** Submissions read per page: each page is three small queries, whatever the size of the export. */
export const EXPORT_PAGE = 500;

/**
 * A spreadsheet application runs a cell starting with one of these as a formula when the value
 * is retyped or the file is saved as CSV: such text gets a leading apostrophe (OWASP).
 */
export function neutralizeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const DATE = 'yyyy-mm-dd hh:mm';

/**
 * Backpressure exceljs does not give: its sheet stream writes into the ZIP's deflate stream
 * without waiting, so rows made faster than they are compressed (or than the client reads)
 * would pile up in memory. Every SETTLE_ROWS rows (not only after each page: a page of answers
 * is 5,000 rows, megabytes of XML waiting for the deflater, old enough to reach V8's old
 * space), wait until the stream the sheet writes into and the response have room again
 * (exceljs's `StreamBuf.pipes`: the destinations of the sheet).
 */
async function settle(ws: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const pipes = (ws as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
  for (const dest of [...pipes, out]) await waitForRoom(dest);
}

/** Rows written between two waits for room (a few hundred kilobytes of XML at most). */
const SETTLE_ROWS = 200;

/** Counts the rows written to a sheet and waits for room every SETTLE_ROWS of them. */
function settler(ws: ExcelJS.Worksheet, out: Writable): (rows?: number) => Promise<void> | undefined {
  let written = 0;
  return (rows = 1) => {
    written += rows;
    if (written < SETTLE_ROWS) return undefined;
    written = 0;
    return settle(ws, out);
  };
}

interface Column {
  key: string;
  width: number;
  numFmt?: string;
}

/**
 * The `.xlsx` of the console's filtered submissions list, streamed with exceljs's
 * WorkbookWriter straight into the response: sheet 1 one row per submission, sheet 2 one row
 * per answer, sheet 3 the miniDyi rows. Each sheet is written whole before the next (the xlsx
 * is a ZIP: a sheet still open would hold the later ones in memory), reading the selection
 * again page by page (keyset), so memory stays flat whatever the count. Column headers are in
 * the administrator's language; dates are Excel dates, numbers numbers, text neutralized.
 */
@Injectable()
export class ExcelExportService {
  constructor(
    private readonly repo: DocumentsRepository,
    private readonly documents: DocumentsService,
  ) {}

  async write(filter: SubmissionFilter, language: Language, out: Writable): Promise<void> {
    // Level 1 deflate: the XML compresses well anyway, and the export is bound by CPU.
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    });
    wb.creator = 'Impact Calls';
    wb.created = new Date();
    const L = (key: string) => translate(language, `documents.excel.columns.${key}`);
    const sheet = (name: string, columns: Column[]) => {
      const ws = wb.addWorksheet(translate(language, `documents.excel.sheets.${name}`), { views: [{ state: 'frozen', ySplit: 1 }] });
      ws.columns = columns.map((c) => ({
        header: L(c.key),
        key: c.key,
        width: c.width,
        ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
      }));
      ws.getRow(1).font = { bold: true };
      return ws;
    };
    const text = (v: string | null | undefined) => (v ? neutralizeCell(v) : null);

    // Sheet 1: the submissions.
    const ws1 = sheet('submissions', [
      { key: 'code', width: 18 },
      { key: 'call', width: 30 },
      { key: 'organization', width: 30 },
      { key: 'reg-number', width: 18 },
      { key: 'street', width: 24 },
      { key: 'city', width: 16 },
      { key: 'country', width: 14 },
      { key: 'founded', width: 12, numFmt: 'yyyy-mm-dd' },
      { key: 'contact-name', width: 16 },
      { key: 'contact-surname', width: 16 },
      { key: 'contact-role', width: 16 },
      { key: 'contact-email', width: 26 },
      { key: 'started-by', width: 26 },
      { key: 'state', width: 14 },
      { key: 'opened-at', width: 17, numFmt: DATE },
      { key: 'submitted-at', width: 17, numFmt: DATE },
      { key: 'closed-at', width: 17, numFmt: DATE },
      { key: 'quiz-score', width: 11, numFmt: '0%' },
      { key: 'sroi', width: 9, numFmt: '0.00' },
      { key: 'budget', width: 14, numFmt: '#,##0.00' },
      { key: 'budget-spent', width: 14, numFmt: '#,##0.00' },
    ]);
    const closedWord = translate(language, 'pages.admin.submissions.status-closed');
    const openWord = translate(language, 'pages.admin.submissions.status-open');
    const room1 = settler(ws1, out);
    for await (const page of this.pages(filter)) {
      for (const r of page) {
        await room1();
        const o = r.organization;
        ws1
          .addRow([
            r.code,
            text(r.callName),
            text(o.name),
            text(o.regNumber),
            text(o.streetName),
            text(o.cityName),
            text(o.country),
            o.dateOfFoundation ? new Date(`${o.dateOfFoundation}T00:00:00Z`) : null,
            text(o.contactName),
            text(o.contactSurname),
            text(o.contactRole),
            text(o.contactEmail),
            text(r.user?.email),
            r.closed ? closedWord : openWord,
            r.openedAt,
            r.submittedAt,
            r.closedAt,
            r.quizScore,
            r.sroiScore,
            r.budget,
            r.budgetSpent,
          ])
          .commit();
      }
      await settle(ws1, out);
    }
    ws1.commit();

    // Sheet 2: one row per answer (survey and quiz questions, upload slots).
    const ws2 = sheet('answers', [
      { key: 'code', width: 18 },
      { key: 'step', width: 28 },
      { key: 'kind', width: 10 },
      { key: 'question', width: 40 },
      { key: 'answer', width: 60 },
    ]);
    const room2 = settler(ws2, out);
    for await (const page of this.pages(filter, false)) {
      const [results, attachments] = await Promise.all([
        this.repo.results(page.map((r) => r.id)),
        this.repo.attachments(page.map((r) => r.id)),
      ]);
      for (const r of page) {
        const steps = await this.documents.steps(r.callTypeId);
        let rows = 0;
        steps.forEach((step, i) => {
          if (step.kind !== 'survey' && step.kind !== 'quiz' && step.kind !== 'upload') return;
          const entries = stepEntries(step, results.get(r.id)?.get(step.id), attachments.get(r.id) ?? [], language);
          for (const entry of entries) {
            if (!entry.answered) continue;
            ws2.addRow([r.code, text(`${i + 1}. ${step.name}`), step.kind, text(entry.label), text(entry.value)]).commit();
            rows++;
          }
        });
        await room2(rows);
      }
      await settle(ws2, out);
    }
    ws2.commit();

    // Sheet 3: the miniDyi rows (one per ticked indicator; an outcome without indicators has one row).
    const ws3 = sheet('minidyi', [
      { key: 'code', width: 18 },
      { key: 'step', width: 24 },
      { key: 'sdg', width: 28 },
      { key: 'outcome', width: 36 },
      { key: 'stakeholder', width: 20 },
      { key: 'indicator', width: 36 },
      { key: 'target', width: 10, numFmt: '#,##0.##' },
      { key: 'proxy', width: 28 },
      { key: 'proxy-value', width: 12, numFmt: '#,##0.00' },
      { key: 'value', width: 14, numFmt: '#,##0.00' },
    ]);
    const room3 = settler(ws3, out);
    for await (const page of this.pages(filter, false)) {
      const withMiniDyi: ExportRow[] = [];
      for (const r of page) if ((await this.documents.steps(r.callTypeId)).some((s) => s.kind === 'miniDyi')) withMiniDyi.push(r);
      if (!withMiniDyi.length) continue;
      const results = await this.repo.results(withMiniDyi.map((r) => r.id));
      for (const r of withMiniDyi) {
        const steps: DocumentStep[] = (await this.documents.steps(r.callTypeId)).filter((s) => s.kind === 'miniDyi');
        for (const step of steps) {
          const result = results.get(r.id)?.get(step.id);
          if (!result) continue;
          const m = miniDyiSummary(step, result, language);
          for (const o of m.outcomes) {
            const sdg = o.sdg ? `${o.sdg.code} ${sdgName(o.sdg.code, language)}` : null;
            const base = [r.code, text(step.name), sdg, text(o.name), text(o.stakeholder)];
            if (!o.indicators.length) ws3.addRow(base).commit();
            for (const i of o.indicators) ws3.addRow([...base, text(i.name), i.target, text(i.proxyName), i.proxyValue, i.value]).commit();
            await room3(Math.max(1, o.indicators.length));
          }
        }
      }
      await settle(ws3, out);
    }
    ws3.commit();
    await wb.commit();
  }

  /** The selection, page by page, newest first. */
  private async *pages(filter: SubmissionFilter, withBudget = true): AsyncGenerator<ExportRow[]> {
    let cursor: ExportCursor | undefined;
    for (;;) {
      const page = await this.repo.page(filter, cursor, EXPORT_PAGE, withBudget);
      if (page.length) yield page;
      if (page.length < EXPORT_PAGE) return;
      const last = page[page.length - 1];
      cursor = { openedAt: last.cursor, id: last.id };
    }
  }
}
