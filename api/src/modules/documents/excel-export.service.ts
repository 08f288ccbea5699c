import { Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import { sdgName, translate, type Language } from '@impact-calls/domain';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
import { DocumentsRepository, type ExportCursor, type ExportKey } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { miniDyiSummary, stepEntries, type DocumentStep } from './submission-document.js';
import { XlsxWorkerWriter } from './xlsx-worker.js';

/**
 * Submissions read per page (keyset, on the list-order indexes: each page costs the same,
 * whatever the size of the export). Not large: a page stays alive while its rows are made, and
 * what outlives two young-generation collections is promoted to V8's old space, which then
 * grows by its garbage until a full collection (see eachPage).
 */
export const EXPORT_PAGE = 100;

/**
 * A spreadsheet application runs a cell starting with one of these as a formula when the value
 * is retyped or the file is saved as CSV: such text gets a leading apostrophe (OWASP).
 */
export function neutralizeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const DATE = 'yyyy-mm-dd hh:mm';

interface Column {
  key: string;
  width: number;
  numFmt?: string;
}

/**
 * The `.xlsx` of the console's filtered submissions list, streamed with exceljs's
 * WorkbookWriter (in a worker thread, xlsx-worker.ts) into the response: sheet 1 one row per
 * submission, sheet 2 one row per answer, sheet 3 the miniDyi rows. Each sheet is written whole
 * before the next (the xlsx is a ZIP: a sheet still open would hold the later ones in memory),
 * reading the selection again page by page (keyset), so memory stays flat whatever the count;
 * the miniDyi pass only when a call type of the selection has a miniDyi step. Column headers
 * are in the administrator's language; dates are Excel dates, numbers numbers, text neutralized.
 */
@Injectable()
export class ExcelExportService {
  constructor(
    private readonly repo: DocumentsRepository,
    private readonly documents: DocumentsService,
  ) {}

  async write(filter: SubmissionFilter, language: Language, out: Writable): Promise<void> {
    const book = new XlsxWorkerWriter(out, 'Impact Calls');
    try {
      await this.writeSheets(book, filter, language);
      await book.finish();
    } catch (e) {
      await book.abort();
      throw e;
    }
  }

  private async writeSheets(book: XlsxWorkerWriter, filter: SubmissionFilter, language: Language): Promise<void> {
    const L = (key: string) => translate(language, `documents.excel.columns.${key}`);
    const sheet = (name: string, columns: Column[]) =>
      book.sheet(
        translate(language, `documents.excel.sheets.${name}`),
        columns.map((c) => ({ ...c, header: L(c.key) })),
      );
    const text = (v: string | null | undefined) => (v ? neutralizeCell(v) : null);

    // Sheet 1: the submissions.
    await sheet('submissions', [
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
    const rows = (cursor: ExportCursor | undefined) => this.repo.page(filter, cursor, EXPORT_PAGE);
    const keys = (cursor: ExportCursor | undefined) => this.repo.keys(filter, cursor, EXPORT_PAGE);
    await eachPage(book, rows, (page) => {
      for (const r of page) {
        const o = r.organization;
        book.add([
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
        ]);
      }
    });
    await book.endSheet();

    // Sheet 2: one row per answer (survey and quiz questions, upload slots).
    await sheet('answers', [
      { key: 'code', width: 18 },
      { key: 'step', width: 28 },
      { key: 'kind', width: 10 },
      { key: 'question', width: 40 },
      { key: 'answer', width: 60 },
    ]);
    await eachPage(book, keys, async (page) => {
      const [results, attachments, stepsOf] = await Promise.all([
        this.repo.results(page.map((r) => r.id)),
        this.repo.attachments(page.map((r) => r.id)),
        this.stepsOf(page),
      ]);
      // The page's rows are made in one go, with no wait in between (see eachPage).
      for (const r of page) {
        const steps = stepsOf.get(r.callTypeId) ?? [];
        for (const [i, step] of steps.entries()) {
          if (step.kind !== 'survey' && step.kind !== 'quiz' && step.kind !== 'upload') continue;
          const entries = stepEntries(step, results.get(r.id)?.get(step.id), attachments.get(r.id) ?? [], language);
          for (const entry of entries) {
            if (entry.answered) book.add([r.code, text(`${i + 1}. ${step.name}`), step.kind, text(entry.label), text(entry.value)]);
          }
        }
      }
    });
    await book.endSheet();

    // Sheet 3: the miniDyi rows (one per ticked indicator; an outcome without indicators has one row).
    await sheet('minidyi', [
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
    // Read again only when a call type of the selection has a miniDyi step (else the sheet has its headers only).
    const callTypes = await this.repo.callTypes(filter);
    let anyMiniDyi = false;
    for (const id of callTypes) if ((await this.documents.steps(id)).some((s) => s.kind === 'miniDyi')) anyMiniDyi = true;
    if (anyMiniDyi)
      await eachPage(book, keys, async (page) => {
        const withMiniDyi: ExportKey[] = [];
        for (const r of page) if ((await this.documents.steps(r.callTypeId)).some((s) => s.kind === 'miniDyi')) withMiniDyi.push(r);
        if (!withMiniDyi.length) return;
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
              if (!o.indicators.length) book.add(base);
              for (const i of o.indicators) book.add([...base, text(i.name), i.target, text(i.proxyName), i.proxyValue, i.value]);
            }
          }
        }
      });
    await book.endSheet();
  }

  /** The steps of the call types of a page's submissions. */
  private async stepsOf(page: ExportKey[]): Promise<Map<string, DocumentStep[]>> {
    const out = new Map<string, DocumentStep[]>();
    for (const id of new Set(page.map((r) => r.callTypeId))) out.set(id, await this.documents.steps(id));
    return out;
  }
}

/**
 * The selection page by page (keyset, newest first), each page handed to `each`, which adds
 * its rows; between pages, waits for the worker to catch up. The page is read and used in
 * onePage, whose frame is gone before that wait: nothing of it stays alive across it (what
 * outlives two young-generation collections would be promoted to the old space).
 */
async function eachPage<T extends ExportKey>(
  book: XlsxWorkerWriter,
  read: (cursor: ExportCursor | undefined) => Promise<T[]>,
  each: (page: T[]) => Promise<void> | void,
): Promise<void> {
  let cursor: ExportCursor | undefined;
  do {
    cursor = await onePage(read, cursor, each);
    await book.room();
  } while (cursor);
}

/** Reads and hands on one page; answers the cursor of the next one (none after a short page). */
async function onePage<T extends ExportKey>(
  read: (cursor: ExportCursor | undefined) => Promise<T[]>,
  cursor: ExportCursor | undefined,
  each: (page: T[]) => Promise<void> | void,
): Promise<ExportCursor | undefined> {
  const page = await read(cursor);
  if (page.length) await each(page);
  if (page.length < EXPORT_PAGE) return undefined;
  const last = page[page.length - 1];
  return { openedAt: last.cursor, id: last.id };
}
