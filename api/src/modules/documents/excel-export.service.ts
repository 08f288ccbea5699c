import { Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import {
  aggregateScores,
  AGGREGATES,
  DECISIONS,
  RECOMMENDATIONS,
  scoreSpread,
  sdgName,
  translate,
  type Aggregate,
  type Language,
  reviewState,
} from '@impact-calls/domain';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
import {
  DocumentsRepository,
  type ExportCriterion,
  type ExportCursor,
  type ExportKey,
  type ExportReview,
  type ExportReviewFigures,
} from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { miniDyiSummary, stepEntries, type DocumentStep } from './submission-document.js';
import { XlsxWorkerWriter, type XlsxColumn } from './xlsx-worker.js';

/** Submissions per page (keyset: each costs the same); small, so a page dies young instead of growing V8's old space. */
export const EXPORT_PAGE = 100;

/** Text a spreadsheet would run as a formula (once retyped, or saved as CSV) gets a leading apostrophe (OWASP). */
export function neutralizeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const DATE = 'yyyy-mm-dd hh:mm';
const text = (v: string | null | undefined) => (v ? neutralizeCell(v) : null);
const day = (date: string | null) => (date ? new Date(`${date}T00:00:00Z`) : null);

type Column = Omit<XlsxColumn, 'header'>;

type SubmissionRow = Awaited<ReturnType<DocumentsRepository['page']>>[number];
type StateWords = { closed: string; open: string };

/** Sheet 1: one row per submission. */
const SUBMISSION_COLUMNS: (Column & { value: (r: SubmissionRow, state: StateWords) => unknown })[] = [
  { key: 'code', width: 18, value: (r) => r.code },
  { key: 'call', width: 30, value: (r) => text(r.callName) },
  { key: 'organization', width: 30, value: (r) => text(r.organization.name) },
  { key: 'reg-number', width: 18, value: (r) => text(r.organization.regNumber) },
  { key: 'street', width: 24, value: (r) => text(r.organization.streetName) },
  { key: 'city', width: 16, value: (r) => text(r.organization.cityName) },
  { key: 'country', width: 14, value: (r) => text(r.organization.country) },
  { key: 'founded', width: 12, numFmt: 'yyyy-mm-dd', value: (r) => day(r.organization.dateOfFoundation) },
  { key: 'contact-name', width: 16, value: (r) => text(r.organization.contactName) },
  { key: 'contact-surname', width: 16, value: (r) => text(r.organization.contactSurname) },
  { key: 'contact-role', width: 16, value: (r) => text(r.organization.contactRole) },
  { key: 'contact-email', width: 26, value: (r) => text(r.organization.contactEmail) },
  { key: 'started-by', width: 26, value: (r) => text(r.user?.email) },
  { key: 'state', width: 14, value: (r, state) => (r.closed ? state.closed : state.open) },
  { key: 'opened-at', width: 17, numFmt: DATE, value: (r) => r.openedAt },
  { key: 'submitted-at', width: 17, numFmt: DATE, value: (r) => r.submittedAt },
  { key: 'closed-at', width: 17, numFmt: DATE, value: (r) => r.closedAt },
  { key: 'quiz-score', width: 11, numFmt: '0%', value: (r) => r.quizScore },
  { key: 'sroi', width: 9, numFmt: '0.00', value: (r) => r.sroiScore },
  { key: 'budget', width: 14, numFmt: '#,##0.00', value: (r) => r.budget },
  { key: 'budget-spent', width: 14, numFmt: '#,##0.00', value: (r) => r.budgetSpent },
];

/** Words of the review columns in the export's language: a value outside the known ones is written as it is. */
class ReviewWords {
  constructor(private readonly language: Language) {}

  value(v: string | null | undefined, known: readonly string[]): string | null {
    if (!v) return null;
    return known.includes(v) ? translate(this.language, `documents.excel.values.${v}`) : text(v);
  }

  yesNo(v: boolean): string {
    return translate(this.language, v ? 'documents.answer.yes' : 'documents.answer.no');
  }
}

const aggregateOf = (f: ExportReviewFigures): Aggregate => (f.aggregate === 'median' ? 'median' : 'mean');

/** Sheet 1, when the selection's calls have reviews: the application's review figures and decision. */
const REVIEW_FIGURE_COLUMNS: (Column & { value: (f: ExportReviewFigures, words: ReviewWords) => unknown })[] = [
  { key: 'reviews-done', width: 10, value: (f) => f.done },
  { key: 'reviews-assigned', width: 10, value: (f) => f.assigned },
  { key: 'review-score', width: 10, numFmt: '0.00', value: (f) => aggregateScores(f.scores, aggregateOf(f)) },
  { key: 'review-aggregate', width: 10, value: (f, w) => w.value(aggregateOf(f), AGGREGATES) },
  { key: 'review-spread', width: 9, numFmt: '0.00', value: (f) => scoreSpread(f.scores) },
  { key: 'decision', width: 14, value: (f, w) => w.value(f.decision, DECISIONS) },
  { key: 'decision-released', width: 10, value: (f, w) => (f.decision ? w.yesNo(f.releasedAt !== null) : null) },
];

/** A review's state as the review screens name it: submitted, saved at least once, or untouched. */
const stateKey = (r: ExportReview) => `state-${reviewState(r)}`;

/** The console's filtered submissions as a streamed .xlsx, each sheet written whole before the next: memory stays flat. */
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
    const sheet = (name: string, columns: Column[]) =>
      book.sheet(
        translate(language, `documents.excel.sheets.${name}`),
        columns.map(({ key, width, numFmt }) => ({ key, width, numFmt, header: translate(language, `documents.excel.columns.${key}`) })),
      );
    const keys = (cursor: ExportCursor | undefined) => this.repo.keys(filter, cursor, EXPORT_PAGE);
    // Each call type's steps are read once for the whole export, not once per row.
    const stepsByType = new Map<string, Promise<DocumentStep[]>>();
    const steps = (callTypeId: string) => {
      if (!stepsByType.has(callTypeId)) stepsByType.set(callTypeId, this.documents.steps(callTypeId));
      return stepsByType.get(callTypeId)!;
    };
    const hasMiniDyi = async (callTypeId: string) => (await steps(callTypeId)).some((s) => s.kind === 'miniDyi');

    // The review columns and sheet only when a call of the selection has reviews: other exports stay as they were.
    const reviewedCalls = await this.repo.reviewedCalls(filter);
    const words = new ReviewWords(language);
    await sheet('submissions', reviewedCalls.length ? [...SUBMISSION_COLUMNS, ...REVIEW_FIGURE_COLUMNS] : SUBMISSION_COLUMNS);
    const state: StateWords = {
      closed: translate(language, 'pages.admin.submissions.status-closed'),
      open: translate(language, 'pages.admin.submissions.status-open'),
    };
    const rows = (cursor: ExportCursor | undefined) => this.repo.page(filter, cursor, EXPORT_PAGE);
    await eachPage(book, rows, async (page) => {
      const figures = reviewedCalls.length ? await this.repo.reviewFigures(page.map((r) => r.id)) : undefined;
      for (const r of page) {
        const row = SUBMISSION_COLUMNS.map((c) => c.value(r, state));
        const f = figures?.get(r.id);
        book.add(f ? [...row, ...REVIEW_FIGURE_COLUMNS.map((c) => c.value(f, words))] : row);
      }
    });

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
        stepsOfPage(page, steps),
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
    let anyMiniDyi = false;
    for (const id of await this.repo.callTypes(filter)) anyMiniDyi ||= await hasMiniDyi(id);
    if (anyMiniDyi) await this.writeMiniDyi(book, keys, steps, hasMiniDyi, language);

    if (reviewedCalls.length) await this.writeReviews(book, keys, reviewedCalls, language, words);
  }

  private async writeMiniDyi(
    book: XlsxWorkerWriter,
    keys: (cursor: ExportCursor | undefined) => Promise<ExportKey[]>,
    steps: (callTypeId: string) => Promise<DocumentStep[]>,
    hasMiniDyi: (callTypeId: string) => Promise<boolean>,
    language: Language,
  ): Promise<void> {
    await eachPage(book, keys, async (page) => {
      const withMiniDyi: ExportKey[] = [];
      for (const r of page) if (await hasMiniDyi(r.callTypeId)) withMiniDyi.push(r);
      if (!withMiniDyi.length) return;
      const results = await this.repo.results(withMiniDyi.map((r) => r.id));
      for (const r of withMiniDyi) {
        for (const step of (await steps(r.callTypeId)).filter((s) => s.kind === 'miniDyi')) {
          const result = results.get(r.id)?.get(step.id);
          if (!result) continue;
          for (const o of miniDyiSummary(step, result, language).outcomes) {
            const sdg = o.sdg ? `${o.sdg.code} ${sdgName(o.sdg.code, language)}` : null;
            const base = [r.code, text(step.name), sdg, text(o.name), text(o.stakeholder)];
            if (!o.indicators.length) book.add(base);
            for (const i of o.indicators) book.add([...base, text(i.name), i.target, text(i.proxyName), i.proxyValue, i.value]);
          }
        }
      }
    });
  }

  /** Sheet 4: one row per review (assignment) of the selection, a column per criterion of the reviewed calls. */
  private async writeReviews(
    book: XlsxWorkerWriter,
    keys: (cursor: ExportCursor | undefined) => Promise<ExportKey[]>,
    callIds: string[],
    language: Language,
    words: ReviewWords,
  ): Promise<void> {
    const criteria = await this.repo.reviewCriteria(callIds);
    const header = (key: string) => translate(language, `documents.excel.columns.${key}`);
    const criterionHeader = (c: ExportCriterion) => {
      // With several calls, criteria of the same name would be told apart by their call only.
      const name =
        callIds.length > 1 ? translate(language, 'documents.excel.columns.criterion-of-call', { call: c.callName, name: c.name }) : c.name;
      return neutralizeCell(c.retiredAt ? translate(language, 'documents.excel.columns.criterion-retired', { name }) : name);
    };
    const before: Column[] = [
      { key: 'code', width: 18 },
      { key: 'call', width: 30 },
      { key: 'reviewer', width: 22 },
      { key: 'reviewer-email', width: 26 },
      { key: 'review-state', width: 14 },
    ];
    const after: Column[] = [
      { key: 'weighted-score', width: 10, numFmt: '0.00' },
      { key: 'recommendation', width: 14 },
      { key: 'comment-applicant', width: 40 },
      { key: 'comment-panel', width: 40 },
      { key: 'abstained', width: 10 },
      { key: 'abstain-reason', width: 30 },
      { key: 'review-submitted-at', width: 17, numFmt: DATE },
    ];
    await book.sheet(translate(language, 'documents.excel.sheets.reviews'), [
      ...before.map((c) => ({ ...c, header: header(c.key) })),
      ...criteria.map((c) => ({ key: `criterion-${c.id}`, width: 12, header: criterionHeader(c) })),
      ...after.map((c) => ({ ...c, header: header(c.key) })),
    ]);
    await eachPage(book, keys, async (page) => {
      const reviews = await this.repo.reviews(page.map((r) => r.id));
      for (const r of page) {
        for (const v of reviews.get(r.id) ?? []) {
          const scores = (v.scores ?? {}) as Record<string, unknown>;
          book.add([
            r.code,
            text(v.callName),
            text(v.reviewerName),
            text(v.reviewerEmail),
            translate(language, `documents.excel.values.${stateKey(v)}`),
            ...criteria.map((c) => (typeof scores[c.id] === 'number' ? scores[c.id] : null)),
            v.score,
            words.value(v.recommendation, RECOMMENDATIONS),
            text(v.commentApplicant),
            text(v.commentPanel),
            words.yesNo(v.abstained),
            text(v.abstainReason),
            v.submittedAt,
          ]);
        }
      }
    });
  }
}

async function stepsOfPage(
  page: ExportKey[],
  steps: (callTypeId: string) => Promise<DocumentStep[]>,
): Promise<Map<string, DocumentStep[]>> {
  const out = new Map<string, DocumentStep[]>();
  for (const id of new Set(page.map((r) => r.callTypeId))) out.set(id, await steps(id));
  return out;
}

/** The selection page by page; a page lives only in onePage's frame, gone before the wait for the worker, so it dies young. */
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
