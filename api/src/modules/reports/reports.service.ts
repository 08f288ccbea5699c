import { Injectable } from '@nestjs/common';
import {
  answerableQuestions,
  npsSplit,
  percentOf,
  readSurveyJson,
  REPORT_HISTOGRAM_BUCKETS,
  REPORT_STATES,
  REPORT_TEXT_PAGE_MAX,
  reportQuestions,
  surveyAnswerText,
  type Language,
  type ReportOption,
  type ReportQuestion,
  type ReportState,
} from '@impact-calls/domain';
import { badRequest, notFound } from '../../common/http/app-error.js';
import { isUuid } from '../../common/ids.js';
import { parseUtcDate } from '../../common/validation/fields.js';
import { BUILT_IN_STEP_TYPE_IDS } from '../steps/step-type.entity.js';
import type {
  ReportCountDto,
  ReportMatrixRowDto,
  ReportQuestionDto,
  SurveyReportDto,
  SurveyStepListDto,
  TextAnswerPageDto,
} from './dto/reports.dto.js';
import { ReportsRepository, type AggregateRow, type ReportNames, type ReportSelection } from './reports.repository.js';

/** The step kind a report reads. */
export const SURVEY_KIND = 'survey' satisfies keyof typeof BUILT_IN_STEP_TYPE_IDS;

/** The report's filters as the query sends them. */
export type ReportQuery = Partial<Record<'state' | 'from' | 'to', unknown>>;

export type ReportFilters = Pick<SurveyReportDto, 'state' | 'from' | 'to'>;

/** The report of one step, read once: the call, the step, its questions and the selection. */
export interface ReportContext {
  call: { id: string; name: string; callTypeId: string };
  step: { id: string; name: string; content: unknown };
  /** The step's questions, read from its SurveyJS JSON when first asked for. */
  readonly questions: ReportQuestion[];
  filters: ReportFilters;
  selection: ReportSelection;
}

const DAY = 86_400_000;

function filterError(field: string, message: string): never {
  throw badRequest('errors.report-filter', `${field}: ${message}`, { errors: { [field]: message } });
}

/** A date of the filters: `YYYY-MM-DD` (a whole day, UTC) or an ISO date-time; `to` is inclusive of its day. */
function readDate(field: 'from' | 'to', raw: unknown): { text: string; at: Date } | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const parsed = typeof raw === 'string' && raw.length <= 40 ? parseUtcDate(raw) : undefined;
  if (!(parsed instanceof Date) || parsed.getUTCFullYear() < 1900 || parsed.getUTCFullYear() > 9999)
    return filterError(field, 'must be a date (YYYY-MM-DD) or an ISO date-time');
  const text = (raw as string).trim();
  return { text, at: field === 'to' && /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(parsed.getTime() + DAY) : parsed };
}

/** The filters of a report: state `submitted` (default), `open` or `all`; from and to dates. Anything else: 400 errors.report-filter. */
export function readReportFilters(query: ReportQuery): { filters: ReportFilters } & Pick<ReportSelection, 'closed' | 'from' | 'to'> {
  const rawState = query.state === undefined || query.state === '' ? 'submitted' : query.state;
  if (typeof rawState !== 'string' || !(REPORT_STATES as readonly string[]).includes(rawState))
    filterError('state', `must be one of ${REPORT_STATES.join(', ')}`);
  const state = rawState as ReportState;
  const from = readDate('from', query.from);
  const to = readDate('to', query.to);
  if (from && to && to.at <= from.at) filterError('to', 'must be after from');
  return {
    filters: { state, from: from?.text ?? null, to: to?.text ?? null },
    closed: state === 'submitted' ? true : state === 'open' ? false : null,
    from: from?.at ?? null,
    to: to?.at ?? null,
  };
}

/** The PostgreSQL arrays of question names, by how each kind is aggregated. */
export function reportNames(questions: ReportQuestion[]): ReportNames {
  const of = (...kinds: ReportQuestion['kind'][]) => questions.filter((q) => kinds.includes(q.kind)).map((q) => q.name);
  return {
    all: questions.map((q) => q.name),
    values: of('choice', 'boolean', 'rating'),
    multi: of('multi'),
    matrix: of('matrix'),
    numeric: of('rating', 'number'),
    histogram: of('number'),
  };
}

const round = (n: number | null, digits = 4) => (n === null || !Number.isFinite(n) ? null : +n.toFixed(digits));

/** Counts per option (in the question's order), then values found in the answers that the survey does not list. */
function counts(opts: ReportOption[], found: Map<string, number>, whole: number): ReportCountDto[] {
  const out: ReportCountDto[] = opts.map((o) => ({ value: o.value, label: o.label, count: found.get(o.value) ?? 0, percent: 0 }));
  const known = new Set(opts.map((o) => o.value));
  for (const [value, count] of [...found].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])))
    if (!known.has(value)) out.push({ value, label: value, count, percent: 0 });
  for (const c of out) c.percent = round(percentOf(c.count, whole), 2)!;
  return out;
}

/** Survey reports: every question's figures aggregated by PostgreSQL (never the answers themselves), text answers paged. */
@Injectable()
export class ReportsService {
  constructor(private readonly repo: ReportsRepository) {}

  private async call(callId: string) {
    const call = isUuid(callId) ? await this.repo.call(callId) : undefined;
    if (!call) throw notFound('pages.admin.call-not-found', 'Call not found');
    return call;
  }

  async surveySteps(callId: string, callTypeId: string | undefined, language: Language): Promise<SurveyStepListDto> {
    const call = await this.call(callId);
    // The console's address names the call type too (/admin/report-list/{callId}/{callTypeId}): another one is not this call's.
    if (callTypeId !== undefined && callTypeId !== '' && callTypeId.toLowerCase() !== call.callTypeId)
      throw notFound('errors.call-type-not-found', 'Call type not found');
    const steps = await this.repo.surveySteps(call.id, call.callTypeId, SURVEY_KIND);
    return {
      callId: call.id,
      callName: call.name,
      callTypeId: call.callTypeId,
      steps: steps.map((s) => ({
        id: s.id,
        name: s.name,
        sort: s.sort,
        questions: reportQuestions(s.content, language).length,
        submittedAnswers: s.answers,
      })),
    };
  }

  /** The call, its survey step and the filters; 404 for an unknown call or a step of another call, 400 for a step that is not a survey. */
  async context(callId: string, stepId: string, query: ReportQuery, language: Language): Promise<ReportContext> {
    const call = await this.call(callId);
    const step = isUuid(stepId) ? await this.repo.step(call.callTypeId, stepId) : undefined;
    if (!step) throw notFound('errors.report-step-not-found', 'This step is not part of the call');
    if (step.kind !== SURVEY_KIND)
      throw badRequest('errors.report-not-survey', `This step is a ${step.kind} step, not a survey: only survey steps have a report`);
    const { filters, closed, from, to } = readReportFilters(query);
    let questions: ReportQuestion[] | undefined;
    return {
      call,
      step,
      get questions() {
        return (questions ??= reportQuestions(step.content, language));
      },
      filters,
      selection: { callId: call.id, stepId: step.id, closed, from, to },
    };
  }

  async report(callId: string, stepId: string, query: ReportQuery, language: Language): Promise<SurveyReportDto> {
    // The data version is read beside the call and the step (a bad id fails in context()).
    const version = isUuid(callId) ? this.repo.dataVersion(callId.toLowerCase()) : Promise.resolve('0');
    version.catch(() => undefined);
    const ctx = await this.context(callId, stepId, query, language);
    const { call, step, filters } = ctx;
    const head = { callId: call.id, callName: call.name, callTypeId: call.callTypeId, stepId: step.id, stepName: step.name, ...filters };
    return { ...head, ...(await this.figures(ctx, await version)) };
  }

  /** Every question's figures; `version`: the call's data version, read before the step was. */
  async figures(ctx: ReportContext, version?: string): Promise<Pick<SurveyReportDto, 'total' | 'questions'>> {
    const v = version ?? (await this.repo.dataVersion(ctx.selection.callId));
    const rows = await this.repo.aggregate(ctx.selection, reportNames(ctx.questions), REPORT_HISTOGRAM_BUCKETS, v);
    const by = new Map<string, AggregateRow[]>();
    for (const r of rows) {
      const key = `${r.part}:${r.q}`;
      if (!by.has(key)) by.set(key, []);
      by.get(key)!.push(r);
    }
    const total = rows.find((r) => r.part === 'total')?.n ?? 0;
    const get = (part: AggregateRow['part'], q: string) => by.get(`${part}:${q}`) ?? [];
    const questions = ctx.questions.map((q): ReportQuestionDto => {
      const answered = get('answered', q.name)[0]?.n ?? 0;
      const out: ReportQuestionDto = { name: q.name, title: q.title, type: q.type, kind: q.kind, answered };
      const found = (part: AggregateRow['part']) => new Map(get(part, q.name).map((r) => [r.k1 ?? '', r.n]));
      switch (q.kind) {
        case 'choice':
        case 'boolean':
        case 'multi':
          out.choices = counts(q.options, found(q.kind === 'multi' ? 'multi' : 'value'), answered);
          break;
        case 'rating': {
          const values = found('value');
          // Numbers may come back as "7" or "7.0": match the scale by value.
          const byNumber = new Map<string, number>();
          for (const [v, n] of values) {
            const key = Number.isFinite(Number(v)) && q.options.some((o) => Number(o.value) === Number(v)) ? String(Number(v)) : v;
            byNumber.set(key, (byNumber.get(key) ?? 0) + n);
          }
          const scale = q.options.map((o) => ({ ...o, value: Number.isFinite(Number(o.value)) ? String(Number(o.value)) : o.value }));
          out.choices = counts(scale, byNumber, answered);
          out.stats = this.stats(get('stats', q.name)[0]);
          if (q.nps) {
            const split = npsSplit(out.choices.map((c) => ({ value: Number(c.value), count: c.count })));
            const percent = (n: number) => round(percentOf(n, split.total), 2)!;
            out.nps = {
              ...split,
              score: round(split.score, 2),
              promotersPercent: percent(split.promoters),
              passivesPercent: percent(split.passives),
              detractorsPercent: percent(split.detractors),
            };
          }
          break;
        }
        case 'number': {
          const stats = get('stats', q.name)[0];
          out.stats = this.stats(stats);
          if (stats) out.histogram = this.histogram(stats, get('bucket', q.name));
          break;
        }
        case 'matrix':
          out.rows = this.matrix(q, get('matrix', q.name));
          break;
        case 'text':
        case 'other':
          // Listed a page at a time (textAnswers): only the answered count here.
          break;
      }
      return out;
    });
    return { total, questions };
  }

  private stats(r: AggregateRow | undefined) {
    if (!r) return { count: 0, mean: null, median: null, min: null, max: null };
    return { count: r.n, mean: round(r.a), median: round(r.b), min: round(r.c), max: round(r.e) };
  }

  /** Bars of equal width between min and max (the last one holds max). */
  private histogram(stats: AggregateRow, buckets: AggregateRow[]): ReportCountDto[] {
    const min = stats.c ?? 0;
    const max = stats.e ?? 0;
    const bars = max === min ? 1 : REPORT_HISTOGRAM_BUCKETS;
    const width = (max - min) / bars;
    const found = new Map(buckets.map((b) => [Number(b.k1), b.n]));
    return Array.from({ length: bars }, (_, i) => {
      const lo = round(min + i * width)!;
      const hi = round(i === bars - 1 ? max : min + (i + 1) * width)!;
      const count = found.get(i + 1) ?? 0;
      return {
        value: `${lo}`,
        label: lo === hi ? `${lo}` : `${lo} – ${hi}`,
        count,
        percent: round(percentOf(count, stats.n), 2)!,
        from: lo,
        to: hi,
      };
    });
  }

  private matrix(q: ReportQuestion, cells: AggregateRow[]): ReportMatrixRowDto[] {
    const rows = [...q.rows];
    for (const c of cells) if (c.k1 !== null && !rows.some((r) => r.value === c.k1)) rows.push({ value: c.k1, label: c.k1 });
    return rows.map((row) => {
      const found = new Map(cells.filter((c) => c.k1 === row.value).map((c) => [c.k2 ?? '', c.n]));
      const answered = [...found.values()].reduce((a, b) => a + b, 0);
      return { value: row.value, label: row.label, answered, columns: counts(q.options, found, answered) };
    });
  }

  /** A page of a question's answers (text questions and any other kind), newest first, searched on the server. */
  async textAnswers(
    callId: string,
    stepId: string,
    question: unknown,
    query: ReportQuery & { search?: unknown; page?: unknown; perPage?: unknown },
    language: Language,
  ): Promise<TextAnswerPageDto> {
    const ctx = await this.context(callId, stepId, query, language);
    const q = typeof question === 'string' ? ctx.questions.find((x) => x.name === question) : undefined;
    if (!q) throw notFound('errors.report-question-not-found', 'This question is not in the survey');
    const page = readWhole('page', query.page, 1, 1, 1_000_000);
    const perPage = readWhole('perPage', query.perPage, 10, 1, REPORT_TEXT_PAGE_MAX);
    if (query.search !== undefined && typeof query.search !== 'string') filterError('search', 'must be text');
    const search = typeof query.search === 'string' && query.search.trim() ? query.search.trim().slice(0, 200) : null;
    const rows = await this.repo.textAnswers(ctx.selection, q.name, search, (page - 1) * perPage, perPage);
    const source = answerableQuestions(readSurveyJson(ctx.step.content)).find((x) => x.name === q.name) ?? { name: q.name };
    return {
      question: q.name,
      page,
      perPage,
      // A page past the end answers no row to count with: the first one does.
      total: rows[0]?.total ?? (page > 1 ? ((await this.repo.textAnswers(ctx.selection, q.name, search, 0, 1))[0]?.total ?? 0) : 0),
      items: rows.map((r) => ({
        submissionId: r.submissionId,
        code: r.code,
        state: r.closed ? 'submitted' : 'open',
        at: r.at,
        text: q.kind === 'text' && typeof r.value === 'string' ? r.value : surveyAnswerText(source, r.value, language),
      })),
    };
  }
}

function readWhole(field: string, raw: unknown, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  if (!Number.isInteger(n) || n < min || n > max) filterError(field, `must be a whole number from ${min} to ${max}`);
  return n;
}
