import { Injectable } from '@nestjs/common';
import { sql, type Expression } from 'kysely';
import { likeContains } from '../../common/http/like.js';
import type { Json } from '../../database/schema.js';
import { DataVersions } from '../../database/data-version.js';
import { Sql } from '../../database/sql.js';
import { organizationAsSent } from '../submissions/submitted-organization.js';
import { countInt, db, isoUtc, statement, type Statement } from '../../database/typed-sql.js';

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

/**
 * The step's questions by how PostgreSQL aggregates them: all (answered), values (counts per scalar value), multi (per
 * array element), matrix (per row and column), numeric (count, mean, median, min, max), histogram (bars, min to max).
 */
export interface ReportNames {
  all: string[];
  values: string[];
  multi: string[];
  matrix: string[];
  numeric: string[];
  histogram: string[];
}

/**
 * What a row of the aggregate is: total (n: submissions selected), answered (q, n), value and multi (q, k1 the value, n),
 * matrix (q, k1 row, k2 column, n), stats (q, n, a mean, b median, c min, e max), bucket (q, k1 the bar from 1, n).
 */
export type AggregatePart = 'total' | 'answered' | 'value' | 'multi' | 'matrix' | 'stats' | 'bucket';

/** The date an answer counts from: when its submission `s` was last submitted, else when the answer `r` was last saved. */
const ANSWER_AT = sql<Date>`coalesce(${sql.ref('s.lastSubmittedAt')}, ${sql.ref('r.updatedAt')})`;

/** The answer document of the step result `r`. */
const DOC = sql<Json>`${sql.ref('r.content')}->'data'`;

/** A jsonb value that holds an answer (not '', [] or {} or JSON null). */
const answered = (v: Expression<unknown>) => sql<boolean>`${v} NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)`;

/** The selected answers: step results `r` of the step and call, with their submission `s`, by state and answer date. */
function selected(p: ReportSelection) {
  return db
    .selectFrom('stepResult as r')
    .innerJoin('callSubmission as s', 's.id', 'r.submissionId')
    .where((eb) =>
      eb.and([
        eb('r.stepId', '=', p.stepId),
        eb('s.callId', '=', p.callId),
        sql<boolean>`(${p.closed}::boolean IS NULL OR ${eb.ref('s.closed')} = ${p.closed}::boolean)`,
        sql<boolean>`(${p.from}::timestamptz IS NULL OR ${ANSWER_AT} >= ${p.from}::timestamptz)`,
        sql<boolean>`(${p.to}::timestamptz IS NULL OR ${ANSWER_AT} < ${p.to}::timestamptz)`,
      ]),
    );
}

/** A selected answer that is a document (not a JSON null or a scalar). */
const IS_DOC = sql<boolean>`jsonb_typeof(${DOC}) = 'object'`;

/** The arguments of the aggregate, in the order of its parameters. */
const SELECTION = ['stepId', 'callId', 'closed', 'from', 'to'] as const;
const AGGREGATE_ORDER = [...SELECTION, 'questions', 'keep', 'values', 'multi', 'numeric', 'matrix', 'buckets', 'histogram'] as const;

interface AggregateArgs extends ReportSelection, Omit<ReportNames, 'all'> {
  /** The questions of the chunk, padded with nulls up to the statement's size. */
  questions: (string | null)[];
  /** Whether each question's value matters (else it is counted as answered or not). */
  keep: boolean[];
  buckets: number;
}

const SUM_N = sql<number>`sum(n)::int`;

/** The columns of one kind of row of the aggregate (AggregatePart): those given, NULL for the others. */
function part(
  kind: AggregatePart,
  c: { n: Expression<unknown> } & Partial<Record<'q' | 'k1' | 'k2' | 'a' | 'b' | 'c' | 'e', Expression<unknown>>>,
) {
  const text = (v?: Expression<unknown>) => sql<string | null>`${v ?? sql`NULL::text`}`;
  const float = (v?: Expression<unknown>) => sql<number | null>`${v ?? sql`NULL::float8`}`;
  return [
    sql<AggregatePart>`${sql.lit(kind)}`.as('part'),
    text(c.q).as('q'),
    text(c.k1).as('k1'),
    text(c.k2).as('k2'),
    sql<number>`${c.n}`.as('n'),
    float(c.a).as('a'),
    float(c.b).as('b'),
    float(c.c).as('c'),
    float(c.e).as('e'),
  ];
}

/**
 * The report of up to `size` questions in one pass over the answer documents: GROUPING SETS count every question's
 * distinct answers at once (`grouped`: a few hundred rows whatever the number of submissions; text is only counted as
 * answered, never hashed), and every figure is computed from those counts. Question names are array parameters padded
 * to `size`, so one text (one plan per connection) serves every survey of up to `size` questions.
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
      const elements = sql`jsonb_array_elements_text(CASE WHEN ${any(p.multi)} AND jsonb_typeof(v) = 'array' THEN v ELSE '[]'::jsonb END)`;
      const cells = sql`jsonb_each_text(CASE WHEN ${any(p.matrix)} AND jsonb_typeof(v) = 'object' THEN v ELSE '{}'::jsonb END)`;
      return db
        .with('docs', () => selected(p).select(DOC.as('d')).offset(sql.lit(0)))
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
                countInt().as('n'),
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
                SUM_N.as('n'),
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
        .selectNoFrom(part('total', { n: sql`(SELECT n FROM grouped WHERE i IS NULL)` }))
        .unionAll((qb) =>
          qb
            .selectFrom('g')
            .select(part('answered', { q: sql`q`, n: SUM_N }))
            .groupBy('q'),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('g')
            .where(sql<boolean>`${any(p.values)} AND jsonb_typeof(v) IN ('string', 'number', 'boolean')`)
            .select(part('value', { q: sql`q`, k1: sql`v #>> '{}'`, n: SUM_N }))
            .groupBy(['q', sql`v #>> '{}'`]),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('g')
            .crossJoin(elements.as('el'))
            .select(part('multi', { q: sql`q`, k1: sql`el`, n: SUM_N }))
            .groupBy(['q', sql`el`]),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('g')
            .crossJoin(cells.as('kv'))
            .select(part('matrix', { q: sql`q`, k1: sql`kv.key`, k2: sql`kv.value`, n: SUM_N }))
            .groupBy(['q', sql`kv.key`, sql`kv.value`]),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('stats')
            .innerJoin('med', 'med.q', 'stats.q')
            .select(part('stats', { q: sql`stats.q`, n: sql`stats.n`, a: sql`stats.a`, b: sql`med.b`, c: sql`stats.c`, e: sql`stats.e` })),
        )
        .unionAll((qb) =>
          qb
            .selectFrom('nums')
            .innerJoin('stats', 'stats.q', 'nums.q')
            .where(sql<boolean>`nums.q = ANY(${p.histogram}::text[])`)
            .select(
              part('bucket', {
                q: sql`nums.q`,
                k1: sql`(CASE WHEN stats.e = stats.c THEN 1 ELSE least(width_bucket(nums.x, stats.c, stats.e, ${p.buckets}::int), ${p.buckets}::int) END)::text`,
                n: sql`sum(nums.n)::int`,
              }),
            )
            .groupBy([sql`2`, sql`3`]),
        );
    },
    AGGREGATE_ORDER,
  );
}

/** How many questions one aggregate statement reads at most (a bigger survey is read in several). */
const REPORT_CHUNK = 64;
/** The statement sizes: a survey's questions are padded up to the next one, so a few statement texts serve every survey. */
const REPORT_SIZES = [8, 16, 32, REPORT_CHUNK];
const AGGREGATES = new Map(REPORT_SIZES.map((size) => [size, aggregateStatement(size)]));

export type AggregateRow = ReturnType<typeof aggregateStatement>['row'];

export const reportStatementSize = (count: number) => REPORT_SIZES.find((s) => s >= count) ?? REPORT_CHUNK;

const aggregateOf = (size: number): Statement<AggregateArgs, AggregateRow> => AGGREGATES.get(size)!;

/** The aggregate's arguments for one chunk of a survey's questions. */
function aggregateArgs(sel: ReportSelection, names: ReportNames, chunk: string[], size: number, buckets: number): AggregateArgs {
  const { values, multi, numeric, matrix, histogram } = names;
  const keep = new Set([...values, ...multi, ...numeric, ...matrix]);
  const questions = Array.from({ length: size }, (_, i) => chunk[i] ?? null);
  return { ...sel, questions, keep: questions.map((n) => n !== null && keep.has(n)), values, multi, numeric, matrix, buckets, histogram };
}

/** For the benchmark's baseline (bench/scenarios/reporting.mjs): the aggregate's text for `size` questions. */
export const reportAggregateSql = (size: number): string => aggregateOf(size).text;

/** For the benchmark's baseline: the aggregate's parameters for one chunk of a survey's questions. */
export const reportAggregateParams = (...args: Parameters<typeof aggregateArgs>): unknown[] =>
  aggregateOf(args[3]).values(aggregateArgs(...args));

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
        .select(countInt().as('n'))
        .$asScalar()
        .as('answers'),
    ])
    .orderBy('st.sort')
    .orderBy('st.id'),
);

/** One page of the answers to a question, newest first; `search` (an ILIKE pattern) matches the answer's text. */
const textAnswers = statement(
  'report-text-answers',
  (p: ReportSelection & { question: string; search: string | null; take: number; skip: number }) => {
    const v = sql<Json>`${DOC}->${p.question}::text`;
    return selected(p)
      .where((eb) =>
        eb.and([
          IS_DOC,
          sql<boolean>`(${v} IS NOT NULL AND ${answered(v)})`,
          sql<boolean>`(${p.search}::text IS NULL OR (CASE WHEN jsonb_typeof(${v}) = 'string' THEN ${DOC}->>${p.question}::text
                                                         ELSE (${v})::text END) ILIKE ${p.search}::text)`,
        ]),
      )
      .select([
        's.id as submissionId',
        's.code',
        's.closed',
        isoUtc(ANSWER_AT).as('at'),
        v.as('value'),
        sql<number>`count(*) OVER ()::int`.as('total'),
      ])
      .orderBy(ANSWER_AT, 'desc')
      .orderBy('s.id')
      .limit(p.take)
      .offset(p.skip);
  },
);

/** A page of the selected submissions' answers (keyset on the submission id), for the export. */
const rawAnswers = statement('report-raw-answers', (p: ReportSelection & { after: string | null; take: number }) =>
  selected(p)
    .innerJoin('organization as oNow', 'oNow.id', 's.organizationId')
    .crossJoinLateral((eb) => organizationAsSent('oNow', eb.ref('s.organizationSnapshot'), 'o'))
    .where((eb) => eb.and([IS_DOC, sql<boolean>`(${p.after}::uuid IS NULL OR ${eb.ref('s.id')} > ${p.after}::uuid)`]))
    .select(['s.id', 's.code', 's.closed', 'o.name as organization', ANSWER_AT.as('at'), sql<Record<string, unknown>>`${DOC}`.as('data')])
    .orderBy('s.id')
    .limit(p.take),
);

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

  async step(callTypeId: string, stepId: string): Promise<typeof reportStep.row | undefined> {
    return (await this.sql.run(reportStep, { stepId, callTypeId }))[0];
  }

  surveySteps(callId: string, callTypeId: string, surveyTypeName: string): Promise<(typeof surveySteps.row)[]> {
    return this.sql.run(surveySteps, { callId, callTypeId, kind: surveyTypeName });
  }

  /** Every figure of the step's questions: one statement per REPORT_CHUNK questions (one for nearly every survey), each one pass over the answers. */
  aggregate(sel: ReportSelection, names: ReportNames, buckets: number, version: string): Promise<AggregateRow[]> {
    const key = JSON.stringify([sel.stepId, sel.callId, sel.closed, sel.from, sel.to, names, buckets]);
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

  /** `search` matches the answer's text, case-insensitive. */
  textAnswers(
    sel: ReportSelection,
    question: string,
    search: string | null,
    skip: number,
    take: number,
  ): Promise<(typeof textAnswers.row)[]> {
    return this.sql.run(textAnswers, { ...sel, question, search: search === null ? null : likeContains(search), take, skip });
  }

  rawAnswers(sel: ReportSelection, after: string | null, take: number): Promise<(typeof rawAnswers.row)[]> {
    return this.sql.run(rawAnswers, { ...sel, after, take });
  }
}
