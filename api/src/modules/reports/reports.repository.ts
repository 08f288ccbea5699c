import { Injectable } from '@nestjs/common';
import { sql, type Expression } from 'kysely';
import { likeContains } from '../../common/http/like.js';
import type { Json } from '../../database/schema.js';
import { DataVersions } from '../../database/data-version.js';
import { Sql } from '../../database/sql.js';
import { organizationAsSent } from '../submissions/submitted-organization.js';
import { db, isoUtc, statement, type Statement } from '../../database/typed-sql.js';

/** Which answers a report reads: one survey step of one call, by submission state and answer date. */
export interface ReportSelection {
  callId: string;
  stepId: string;
  /** true: submitted (closed) only; false: in progress only; null: both. */
  closed: boolean | null;
  /** Answer dates from (inclusive) … to (exclusive); null: open-ended. */
  from: Date | null;
  to: Date | null;
}

/** The names of the step's questions, grouped by how PostgreSQL aggregates them. */
export interface ReportNames {
  /** Every answerable question: how many answered it. */
  all: string[];
  /** One scalar value each (choice, boolean, rating): counts per value. */
  values: string[];
  /** Arrays (checkbox, tagbox): counts per element. */
  multi: string[];
  /** Objects row -> column (matrix): counts per row and column. */
  matrix: string[];
  /** Numbers (rating, number): count, mean, median, min, max. */
  numeric: string[];
  /** Numbers (number): a histogram of REPORT_HISTOGRAM_BUCKETS bars between min and max. */
  histogram: string[];
}

/**
 * One row of the aggregate: `part` says what it is.
 * - total: n = submissions selected
 * - answered: q, n
 * - value / multi: q, k1 = the value (text), n
 * - matrix: q, k1 = row, k2 = column, n
 * - stats: q, n, a = mean, b = median, c = min, e = max
 * - bucket: q, k1 = bar (1…buckets), n
 */
export type AggregatePart = 'total' | 'answered' | 'value' | 'multi' | 'matrix' | 'stats' | 'bucket';

/** A selection's arguments (ReportSelection). */
type SelectionArgs = ReportSelection;

/** The date an answer counts from: when its submission was last submitted, else when the answer was last saved. */
const answerAt = (lastSubmittedAt: Expression<Date | null>, updatedAt: Expression<Date>) =>
  sql<Date>`coalesce(${lastSubmittedAt}, ${updatedAt})`;

/** The answer document of a step result. */
const answers = (content: Expression<Json>) => sql<Json>`${content}->'data'`;

/** A jsonb value that holds an answer (not '', [] or {} or JSON null). */
const answered = (v: Expression<unknown>) => sql<boolean>`${v} NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)`;

/** The selected answers: step results `r` of the step and call, with their submission `s`, by state and answer date. */
function selected(p: SelectionArgs) {
  return db
    .selectFrom('stepResult as r')
    .innerJoin('callSubmission as s', 's.id', 'r.submissionId')
    .where((eb) => {
      const at = answerAt(eb.ref('s.lastSubmittedAt'), eb.ref('r.updatedAt'));
      return eb.and([
        eb('r.stepId', '=', p.stepId),
        eb('s.callId', '=', p.callId),
        sql<boolean>`(${p.closed}::boolean IS NULL OR ${eb.ref('s.closed')} = ${p.closed}::boolean)`,
        sql<boolean>`(${p.from}::timestamptz IS NULL OR ${at} >= ${p.from}::timestamptz)`,
        sql<boolean>`(${p.to}::timestamptz IS NULL OR ${at} < ${p.to}::timestamptz)`,
      ]);
    });
}

/** A selected answer that is a document (not a JSON null or a scalar). */
const isDocument = (content: Expression<Json>) => sql<boolean>`jsonb_typeof(${answers(content)}) = 'object'`;

/** The arguments of the aggregate, in the order of its parameters (the benchmark's baseline passes them so). */
const AGGREGATE_ORDER = [
  'stepId',
  'callId',
  'closed',
  'from',
  'to',
  'questions',
  'keep',
  'values',
  'multi',
  'numeric',
  'matrix',
  'buckets',
  'histogram',
] as const;

interface AggregateArgs extends SelectionArgs {
  /** The questions of the chunk, padded with nulls up to the statement's size. */
  questions: (string | null)[];
  /** Whether each question's value matters (else it is counted as answered or not). */
  keep: boolean[];
  values: string[];
  multi: string[];
  numeric: string[];
  matrix: string[];
  buckets: number;
  histogram: string[];
}

const NULL_TEXT = sql<string | null>`NULL::text`;
const NULL_FLOAT = sql<number | null>`NULL::float8`;

/**
 * The report of up to `size` questions in one statement. The selected answer documents are read
 * once, in one pass: each document gives one row of its `size` answers (`d -> name`), and that
 * row is counted into `size` groupings at once (GROUPING SETS, one hash table per question):
 * `grouped` holds one row per question and distinct answer with its count, a few hundred rows
 * whatever the number of submissions, plus the number of documents (the empty grouping set).
 * Questions whose value does not matter (text) are grouped by "answered" only, so no text is
 * hashed. Every figure is then computed from `g`: counts per value, per checkbox element, per
 * matrix cell; count, mean, min and max of numbers weighted by their counts, the median from the
 * running counts (percentile_cont(0.5): the mean of the two middle answers), the histogram with
 * width_bucket. Question names come as array parameters (padded with nulls up to `size`), so the
 * text is the same for every survey of up to `size` questions and PostgreSQL plans it once per
 * connection (a named prepared statement).
 */
function aggregateStatement(size: number) {
  const at = Array.from({ length: size }, (_, i) => i + 1);
  const e = (i: number) => sql.ref(`e${i}`);
  const k = (i: number) => sql.ref(`k${i}`);
  return statement(
    `report-aggregate-${size}`,
    (p: AggregateArgs) => {
      const questions = sql<string[]>`${p.questions}::text[]`;
      const keep = sql<boolean[]>`${p.keep}::boolean[]`;
      const any = (names: string[]) => sql<boolean>`q = ANY(${names}::text[])`;
      return db
        .with('docs', () =>
          selected(p)
            .select((eb) => answers(eb.ref('r.content')).as('d'))
            .offset(sql.lit(0)),
        )
        .with('answers', (qb) =>
          qb
            .selectFrom('docs')
            .where(sql<boolean>`jsonb_typeof(d) = 'object'`)
            .select(at.map((i) => sql<Json | null>`d -> (${questions})[${sql.lit(i)}]`.as(`e${i}`)))
            .offset(sql.lit(0)),
        )
        .with('keys', (qb) =>
          qb
            .selectFrom('answers')
            .select(
              at.map((i) =>
                sql<Json | null>`CASE WHEN (${keep})[${sql.lit(i)}] THEN ${e(i)} WHEN ${answered(e(i))} THEN 'true'::jsonb END`.as(`k${i}`),
              ),
            )
            .offset(sql.lit(0)),
        )
        .with(
          (w) => w('grouped').materialized(),
          (qb) =>
            qb
              .selectFrom('keys')
              .select([
                sql<number | null>`array_position(ARRAY[${sql.join(at.map((i) => sql`GROUPING(${k(i)})`))}], 0)`.as('i'),
                sql<Json | null>`COALESCE(${sql.join(at.map(k))})`.as('v'),
                sql<number>`count(*)::int`.as('n'),
              ])
              .groupBy(sql`GROUPING SETS (${sql.join(at.map((i) => sql`(${k(i)})`))}, ())`),
        )
        .with(
          (w) => w('g').materialized(),
          (qb) =>
            qb
              .selectFrom('grouped')
              .where(sql<boolean>`i IS NOT NULL AND (${questions})[i] IS NOT NULL AND v IS NOT NULL AND ${answered(sql.ref('v'))}`)
              .select([sql<string>`(${questions})[i]`.as('q'), sql<Json | null>`CASE WHEN (${keep})[i] THEN v END`.as('v'), 'n']),
        )
        .with(
          (w) => w('nums').materialized(),
          (qb) =>
            qb
              .selectFrom('g')
              .where(
                sql<boolean>`${any(p.numeric)}
                  AND (jsonb_typeof(v) = 'number' OR (jsonb_typeof(v) = 'string' AND v #>> '{}' ~ '^\\s*[-+]?[0-9]+(\\.[0-9]+)?\\s*$'))`,
              )
              .select(['q', sql<number>`(v #>> '{}')::float8`.as('x'), 'n']),
        )
        .with(
          (w) => w('stats').materialized(),
          (qb) =>
            qb
              .selectFrom('nums')
              .select([
                'q',
                sql<number>`sum(n)::int`.as('n'),
                sql<number>`sum(x * n) / sum(n)`.as('a'),
                sql<number>`min(x)`.as('c'),
                sql<number>`max(x)`.as('e'),
              ])
              .groupBy('q'),
        )
        .with('med', (qb) =>
          qb
            .selectFrom((c) =>
              c
                .selectFrom('nums')
                .innerJoin('stats', 'stats.q', 'nums.q')
                .select([
                  'nums.q',
                  'nums.x',
                  'stats.n as total',
                  sql<number>`sum(nums.n) OVER (PARTITION BY nums.q ORDER BY nums.x ROWS UNBOUNDED PRECEDING)`.as('upto'),
                ])
                .as('c'),
            )
            .select([
              'c.q',
              sql<
                number | null
              >`(min(x) FILTER (WHERE upto >= floor((total - 1) / 2.0) + 1) + min(x) FILTER (WHERE upto >= ceil((total - 1) / 2.0) + 1)) / 2`.as(
                'b',
              ),
            ])
            .groupBy('c.q'),
        )
        .selectNoFrom([
          sql<AggregatePart>`'total'`.as('part'),
          NULL_TEXT.as('q'),
          NULL_TEXT.as('k1'),
          NULL_TEXT.as('k2'),
          sql<number>`(SELECT n FROM grouped WHERE i IS NULL)`.as('n'),
          NULL_FLOAT.as('a'),
          NULL_FLOAT.as('b'),
          NULL_FLOAT.as('c'),
          NULL_FLOAT.as('e'),
        ])
        .unionAll((qb) =>
          qb
            .selectFrom('g')
            .select([
              sql<AggregatePart>`'answered'`.as('part'),
              sql<string | null>`q`.as('q'),
              NULL_TEXT.as('k1'),
              NULL_TEXT.as('k2'),
              sql<number>`sum(n)::int`.as('n'),
              NULL_FLOAT.as('a'),
              NULL_FLOAT.as('b'),
              NULL_FLOAT.as('c'),
              NULL_FLOAT.as('e'),
            ])
            .groupBy('q'),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('g')
            .where(sql<boolean>`${any(p.values)} AND jsonb_typeof(v) IN ('string', 'number', 'boolean')`)
            .select([
              sql<AggregatePart>`'value'`.as('part'),
              sql<string | null>`q`.as('q'),
              sql<string | null>`v #>> '{}'`.as('k1'),
              NULL_TEXT.as('k2'),
              sql<number>`sum(n)::int`.as('n'),
              NULL_FLOAT.as('a'),
              NULL_FLOAT.as('b'),
              NULL_FLOAT.as('c'),
              NULL_FLOAT.as('e'),
            ])
            .groupBy(['q', sql`v #>> '{}'`]),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('g')
            .crossJoin(
              sql<{
                el: string;
              }>`jsonb_array_elements_text(CASE WHEN ${any(p.multi)} AND jsonb_typeof(v) = 'array' THEN v ELSE '[]'::jsonb END)`.as('el'),
            )
            .select([
              sql<AggregatePart>`'multi'`.as('part'),
              sql<string | null>`q`.as('q'),
              sql<string | null>`el`.as('k1'),
              NULL_TEXT.as('k2'),
              sql<number>`sum(n)::int`.as('n'),
              NULL_FLOAT.as('a'),
              NULL_FLOAT.as('b'),
              NULL_FLOAT.as('c'),
              NULL_FLOAT.as('e'),
            ])
            .groupBy(['q', sql`el`]),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('g')
            .crossJoin(
              sql<{
                key: string;
                value: string;
              }>`jsonb_each_text(CASE WHEN ${any(p.matrix)} AND jsonb_typeof(v) = 'object' THEN v ELSE '{}'::jsonb END)`.as('kv'),
            )
            .select([
              sql<AggregatePart>`'matrix'`.as('part'),
              sql<string | null>`q`.as('q'),
              sql<string | null>`kv.key`.as('k1'),
              sql<string | null>`kv.value`.as('k2'),
              sql<number>`sum(n)::int`.as('n'),
              NULL_FLOAT.as('a'),
              NULL_FLOAT.as('b'),
              NULL_FLOAT.as('c'),
              NULL_FLOAT.as('e'),
            ])
            .groupBy(['q', sql`kv.key`, sql`kv.value`]),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('stats')
            .innerJoin('med', 'med.q', 'stats.q')
            .select([
              sql<AggregatePart>`'stats'`.as('part'),
              sql<string | null>`stats.q`.as('q'),
              NULL_TEXT.as('k1'),
              NULL_TEXT.as('k2'),
              sql<number>`stats.n`.as('n'),
              sql<number | null>`stats.a`.as('a'),
              sql<number | null>`med.b`.as('b'),
              sql<number | null>`stats.c`.as('c'),
              sql<number | null>`stats.e`.as('e'),
            ]),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('nums')
            .innerJoin('stats', 'stats.q', 'nums.q')
            .where(sql<boolean>`nums.q = ANY(${p.histogram}::text[])`)
            .select([
              sql<AggregatePart>`'bucket'`.as('part'),
              sql<string | null>`nums.q`.as('q'),
              sql<
                string | null
              >`(CASE WHEN stats.e = stats.c THEN 1 ELSE least(width_bucket(nums.x, stats.c, stats.e, ${p.buckets}::int), ${p.buckets}::int) END)::text`.as(
                'k1',
              ),
              NULL_TEXT.as('k2'),
              sql<number>`sum(nums.n)::int`.as('n'),
              NULL_FLOAT.as('a'),
              NULL_FLOAT.as('b'),
              NULL_FLOAT.as('c'),
              NULL_FLOAT.as('e'),
            ])
            .groupBy([sql`2`, sql`3`]),
        );
    },
    AGGREGATE_ORDER,
  );
}

/** How many questions one aggregate statement reads at most (a bigger survey is read in several). */
export const REPORT_CHUNK = 64;
/** The statement sizes: a survey's questions are padded up to the next one, so a few statement texts serve every survey. */
const REPORT_SIZES = [8, 16, 32, REPORT_CHUNK];
const AGGREGATES = new Map(REPORT_SIZES.map((size) => [size, aggregateStatement(size)]));

/** One row of the aggregate (AggregatePart says what it is). */
export type AggregateRow = ReturnType<typeof aggregateStatement>['row'];

/** The statement size for `count` questions (at most REPORT_CHUNK). */
export const reportStatementSize = (count: number) => REPORT_SIZES.find((s) => s >= count) ?? REPORT_CHUNK;

const aggregateOf = (size: number): Statement<AggregateArgs, AggregateRow> => AGGREGATES.get(size)!;

/** The aggregate's arguments for one chunk of a survey's questions. */
function aggregateArgs(sel: ReportSelection, names: ReportNames, chunk: string[], size: number, buckets: number): AggregateArgs {
  const keep = new Set([...names.values, ...names.multi, ...names.numeric, ...names.matrix]);
  const questions = Array.from({ length: size }, (_, i) => chunk[i] ?? null);
  return {
    ...sel,
    questions,
    keep: questions.map((n) => n !== null && keep.has(n)),
    values: names.values,
    multi: names.multi,
    numeric: names.numeric,
    matrix: names.matrix,
    buckets,
    histogram: names.histogram,
  };
}

/** For the benchmark's baseline (bench/scenarios/reporting.mjs): the aggregate's text for `size` questions. */
export const reportAggregateSql = (size: number): string => aggregateOf(size).text;

/** For the benchmark's baseline: the aggregate's parameters for one chunk of a survey's questions. */
export const reportAggregateParams = (
  sel: ReportSelection,
  names: ReportNames,
  chunk: string[],
  size: number,
  buckets: number,
): unknown[] => aggregateOf(size).values(aggregateArgs(sel, names, chunk, size, buckets));

const reportCall = statement('report-call', (p: { id: string }) =>
  db.selectFrom('call').select(['id', 'name', 'callTypeId']).where('id', '=', p.id),
);

/** A step with its kind, if it belongs to the call type. */
const reportStep = statement('report-step', (p: { stepId: string; callTypeId: string }) =>
  db
    .selectFrom('step as st')
    .innerJoin('stepType as t', 't.id', 'st.stepTypeId')
    .select(['st.id', 'st.name', 't.name as kind', 'st.content'])
    .where('st.id', '=', p.stepId)
    .where('st.callTypeId', '=', p.callTypeId),
);

/** The survey steps of a call type in order, each with the number of submitted answers of the call. */
const surveySteps = statement('report-survey-steps', (p: { callId: string; callTypeId: string; kind: string }) =>
  db
    .selectFrom('step as st')
    .innerJoin('stepType as t', 't.id', 'st.stepTypeId')
    .where('st.callTypeId', '=', p.callTypeId)
    .where('t.name', '=', p.kind)
    .select((eb) => [
      'st.id',
      'st.name',
      'st.sort',
      'st.content',
      eb
        .selectFrom('stepResult as r')
        .innerJoin('callSubmission as s', 's.id', 'r.submissionId')
        .whereRef('r.stepId', '=', 'st.id')
        .where('s.callId', '=', p.callId)
        .where('s.closed', '=', sql.lit(true))
        .select(sql<number>`count(*)::int`.as('n'))
        .$asScalar()
        .$notNull()
        .as('answers'),
    ])
    .orderBy('st.sort')
    .orderBy('st.id'),
);

/** One page of the answers to a question, newest first; `search` (an ILIKE pattern) matches the answer's text. */
const textAnswers = statement(
  'report-text-answers',
  (p: SelectionArgs & { question: string; search: string | null; take: number; skip: number }) =>
    selected(p)
      .where((eb) => {
        const v = sql<Json>`${answers(eb.ref('r.content'))}->${p.question}::text`;
        return eb.and([
          isDocument(eb.ref('r.content')),
          sql<boolean>`(${v} IS NOT NULL AND ${answered(v)})`,
          sql<boolean>`(${p.search}::text IS NULL OR (CASE WHEN jsonb_typeof(${v}) = 'string' THEN ${answers(eb.ref('r.content'))}->>${p.question}::text
                                                         ELSE (${v})::text END) ILIKE ${p.search}::text)`,
        ]);
      })
      .select((eb) => [
        's.id as submissionId',
        's.code',
        's.closed',
        isoUtc(answerAt(eb.ref('s.lastSubmittedAt'), eb.ref('r.updatedAt'))).as('at'),
        sql<Json>`${answers(eb.ref('r.content'))}->${p.question}::text`.as('value'),
        sql<number>`count(*) OVER ()::int`.as('total'),
      ])
      .orderBy((eb) => answerAt(eb.ref('s.lastSubmittedAt'), eb.ref('r.updatedAt')), 'desc')
      .orderBy('s.id')
      .limit(p.take)
      .offset(p.skip),
);

/** A page of the selected submissions' answers (keyset on the submission id), for the export. */
const rawAnswers = statement('report-raw-answers', (p: SelectionArgs & { after: string | null; take: number }) =>
  selected(p)
    .innerJoin('organization as oNow', 'oNow.id', 's.organizationId')
    .crossJoinLateral((eb) => organizationAsSent('oNow', eb.ref('s.organizationSnapshot'), 'o'))
    .where((eb) =>
      eb.and([isDocument(eb.ref('r.content')), sql<boolean>`(${p.after}::uuid IS NULL OR ${eb.ref('s.id')} > ${p.after}::uuid)`]),
    )
    .select((eb) => [
      's.id',
      's.code',
      's.closed',
      'o.name as organization',
      answerAt(eb.ref('s.lastSubmittedAt'), eb.ref('r.updatedAt')).as('at'),
      sql<Record<string, unknown>>`${answers(eb.ref('r.content'))}`.as('data'),
    ])
    .orderBy('s.id')
    .limit(p.take),
);

export type TextAnswerRow = typeof textAnswers.row;
export type RawAnswerRow = typeof rawAnswers.row;
export type SurveyStepRow = typeof surveySteps.row;

/** Survey reports: the figures of a survey step aggregated by PostgreSQL, the text answers paged, the raw answers for the export. */
@Injectable()
export class ReportsRepository {
  /** Aggregates kept while the call's data version is unchanged (exact: any write they read changes it first, on every replica). */
  private readonly kept;

  constructor(
    private readonly sql: Sql,
    private readonly versions: DataVersions,
  ) {
    this.kept = versions.cache<AggregateRow[]>('report-aggregates', 200);
  }

  /** The call's data version: read beside the call and its step, handed to `aggregate`. */
  dataVersion(callId: string): Promise<string> {
    return this.versions.of(callId);
  }

  async call(callId: string): Promise<typeof reportCall.row | undefined> {
    return (await this.sql.run(reportCall, { id: callId }))[0];
  }

  /** A step with its kind, if it belongs to the call type. */
  async step(callTypeId: string, stepId: string): Promise<typeof reportStep.row | undefined> {
    return (await this.sql.run(reportStep, { stepId, callTypeId }))[0];
  }

  /** The survey steps of a call type in order, each with the number of submitted answers of the call. */
  surveySteps(callId: string, callTypeId: string, surveyTypeName: string): Promise<SurveyStepRow[]> {
    return this.sql.run(surveySteps, { callId, callTypeId, kind: surveyTypeName });
  }

  /** Every figure of the step's questions: one statement per REPORT_CHUNK questions (one for nearly every survey), each one pass over the answers. */
  aggregate(sel: ReportSelection, names: ReportNames, buckets: number, version: string): Promise<AggregateRow[]> {
    const key = JSON.stringify([
      sel.stepId,
      sel.callId,
      sel.closed,
      sel.from?.toISOString() ?? null,
      sel.to?.toISOString() ?? null,
      names,
      buckets,
    ]);
    return this.kept.get(key, version, () => this.compute(sel, names, buckets));
  }

  /** Requests that miss together share one computation (VersionedCache). */
  private async compute(sel: ReportSelection, names: ReportNames, buckets: number): Promise<AggregateRow[]> {
    const chunks: string[][] = [];
    for (let i = 0; i < names.all.length || i === 0; i += REPORT_CHUNK) chunks.push(names.all.slice(i, i + REPORT_CHUNK));
    const parts = await Promise.all(
      chunks.map((chunk) => {
        const size = reportStatementSize(chunk.length);
        return this.sql.run(aggregateOf(size), aggregateArgs(sel, names, chunk, size, buckets));
      }),
    );
    // Each statement counts the documents: keep one total.
    return parts.flatMap((rows, i) => (i === 0 ? rows : rows.filter((r) => r.part !== 'total')));
  }

  /** One page of the answers to a question, newest first; `search` matches the answer's text (case-insensitive). */
  textAnswers(sel: ReportSelection, question: string, search: string | null, skip: number, take: number): Promise<TextAnswerRow[]> {
    return this.sql.run(textAnswers, { ...sel, question, search: search === null ? null : likeContains(search), take, skip });
  }

  /** A page of the selected submissions' answers (keyset on the submission id), for the export. */
  rawAnswers(sel: ReportSelection, after: string | null, take: number): Promise<RawAnswerRow[]> {
    return this.sql.run(rawAnswers, { ...sel, after, take });
  }
}
