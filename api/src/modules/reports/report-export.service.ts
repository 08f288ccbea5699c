import { Injectable } from '@nestjs/common';
import type ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { answerableQuestions, isAnsweredValue, readSurveyJson, surveyAnswerText, translate, type Language } from '@impact-calls/domain';
import { neutralizeCell } from '../documents/excel-export.service.js';
import { waitForRoom } from '../documents/zip-writer.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService, type ReportContext } from './reports.service.js';

/** Submissions read per page of the raw sheet. */
export const REPORT_EXPORT_PAGE = 500;

async function settle(ws: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const pipes = (ws as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
  for (const dest of [...pipes, out]) await waitForRoom(dest);
}

/**
 * A survey report's `.xlsx`, streamed: sheet 1 the figures (the screen's aggregate), sheet 2 the raw answers, one row per
 * submission, read page by page. Numbers are numbers, dates Excel dates, text neutralized.
 */
@Injectable()
export class ReportExportService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly reports: ReportsService,
  ) {}

  async write(ctx: ReportContext, language: Language, out: Writable): Promise<void> {
    // exceljs waits for room in, and then the end of, a destination nobody reads any more once the
    // client went away: every such wait is raced against this, so the export stops instead.
    const cut = new Promise<never>((_resolve, reject) => {
      const gone = () => reject(new Error('The client went away'));
      if (out.destroyed) gone();
      else
        out.once('close', () => {
          if (!out.writableFinished) gone();
        });
    });
    cut.catch(() => undefined);
    const { questions } = await this.reports.figures(ctx);
    // Loaded at the first export, not at start (as every heavy library only some requests need).
    const { default: Excel } = await import('exceljs');
    const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
    wb.creator = 'Impact Calls';
    wb.created = new Date();
    const L = (key: string) => translate(language, `pages.admin.report.excel.columns.${key}`);
    const text = (v: string | null | undefined) => (v ? neutralizeCell(v) : null);

    const ws1 = wb.addWorksheet(translate(language, 'pages.admin.report.excel.sheets.figures'), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    ws1.columns = [
      { header: L('question'), key: 'question', width: 40 },
      { header: L('row'), key: 'row', width: 24 },
      { header: L('answer'), key: 'answer', width: 30 },
      { header: L('count'), key: 'count', width: 10 },
      { header: L('percent'), key: 'percent', width: 12, style: { numFmt: '0.00%' } },
      { header: L('value'), key: 'value', width: 12, style: { numFmt: '0.####' } },
    ];
    ws1.getRow(1).font = { bold: true };
    const T = (key: string) => translate(language, `pages.admin.report.${key}`);
    const row = (title: string, r: string | null, answer: string, count: number | null, percent: number | null, value: number | null) =>
      ws1.addRow([text(title), text(r), text(answer), count, percent === null ? null : percent / 100, value]).commit();
    for (const q of questions) {
      row(q.title, null, L('answered'), q.answered, null, null);
      for (const c of [...(q.choices ?? []), ...(q.histogram ?? [])]) row(q.title, null, c.label, c.count, c.percent, null);
      for (const r of q.rows ?? []) for (const c of r.columns) row(q.title, r.label, c.label, c.count, c.percent, null);
      const { stats, nps } = q;
      if (stats) for (const k of ['mean', 'median', 'min', 'max'] as const) row(q.title, null, T(k), null, null, stats[k]);
      if (!nps) continue;
      for (const k of ['promoters', 'passives', 'detractors'] as const) row(q.title, null, T(`nps.${k}`), nps[k], nps[`${k}Percent`], null);
      row(q.title, null, T('nps.title'), null, null, nps.score);
    }
    ws1.commit();

    // Sheet 2: the raw answers, as a person reads them (choice labels, not values).
    const source = answerableQuestions(readSurveyJson(ctx.step.content));
    const ws2 = wb.addWorksheet(translate(language, 'pages.admin.report.excel.sheets.answers'), {
      views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }],
    });
    ws2.columns = [
      { header: L('code'), key: 'code', width: 18 },
      { header: L('organization'), key: 'organization', width: 28 },
      { header: L('state'), key: 'state', width: 12 },
      { header: L('date'), key: 'date', width: 17, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
      ...ctx.questions.map((q, i) => ({ header: neutralizeCell(q.title), key: `q${i}`, width: 24 })),
    ];
    ws2.getRow(1).font = { bold: true };
    // One submission per row: the singular (the screen's filter says "Submitted" of many).
    const submitted = T('excel.states.submitted');
    const open = T('excel.states.open');
    let after: string | null = null;
    for (;;) {
      if (out.destroyed) await cut;
      const page = await this.repo.rawAnswers(ctx.selection, after, REPORT_EXPORT_PAGE);
      for (const r of page) {
        const answers = source.map((q) => {
          const v = r.data[q.name as string];
          if (!isAnsweredValue(v)) return null;
          if (typeof v === 'number' && (q.type === 'rating' || q.type === 'text')) return v;
          return text(surveyAnswerText(q, v, language, r.data));
        });
        ws2.addRow([r.code, text(r.organization), r.closed ? submitted : open, r.at, ...answers]).commit();
      }
      await Promise.race([settle(ws2, out), cut]);
      if (page.length < REPORT_EXPORT_PAGE) break;
      after = page[page.length - 1].id;
    }
    ws2.commit();
    await Promise.race([wb.commit(), cut]);
  }
}
