import { Injectable } from '@nestjs/common';
import { likeContains } from '../../common/http/like.js';
import { ISO_UTC, Sql } from '../../database/sql.js';
import { SUBMITTED_ORGANIZATION_JOIN } from '../submissions/submitted-organization.js';

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
export interface AggregateRow {
  part: 'total' | 'answered' | 'value' | 'multi' | 'matrix' | 'stats' | 'bucket';
  q: string | null;
  k1: string | null;
  k2: string | null;
  n: number;
  a: number | null;
  b: number | null;
  c: number | null;
  e: number | null;
}

/** A text answer of the listing. */
export interface TextAnswerRow {
  submissionId: string;
  code: string;
  closed: boolean;
  at: string;
  value: unknown;
  total: number;
}

/** One submission's answers, for the raw sheet of the export. */
export interface RawAnswerRow {
  id: string;
  code: string;
  closed: boolean;
  organization: string;
  at: Date;
  data: Record<string, unknown>;
}

export interface SurveyStepRow {
  id: string;
  name: string;
  sort: number;
  content: unknown;
  answers: number;
}

/** The date an answer counts from: when its submission was last submitted, else when the answer was last saved. */
const ANSWER_AT = 'coalesce(s.last_submitted_at, r.updated_at)';

/** The selection's conditions on r (step_result) and s (call_submission): $1 step, $2 call, $3 closed (null: any), $4 from, $5 to. */
const SELECTION_ROWS = `r.step_id = $1 AND s.call_id = $2
    AND ($3::boolean IS NULL OR s.closed = $3::boolean)
    AND ($4::timestamptz IS NULL OR ${ANSWER_AT} >= $4::timestamptz)
    AND ($5::timestamptz IS NULL OR ${ANSWER_AT} < $5::timestamptz)`;

/** The selection, answers that are a document only. */
const SELECTION_WHERE = `${SELECTION_ROWS}
    AND jsonb_typeof(r.content->'data') = 'object'`;

/** The selected answers. */
const SELECTED = `FROM step_result r JOIN call_submission s ON s.id = r.submission_id
  WHERE ${SELECTION_WHERE}`;

/** A jsonb value that holds an answer (not null, '', [] or {}). */
const ANSWERED = (v: string) => `(${v} IS NOT NULL AND ${v} NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb))`;

/** How many questions one aggregate statement reads at most (a bigger survey is read in several). */
export const REPORT_CHUNK = 64;
/** The statement sizes: a survey's questions are padded up to the next one, so a few statement texts serve every survey. */
const REPORT_SIZES = [8, 16, 32, REPORT_CHUNK];

/** The statement size for `count` questions (at most REPORT_CHUNK). */
export const reportStatementSize = (count: number) => REPORT_SIZES.find((s) => s >= count) ?? REPORT_CHUNK;

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
 * connection (a named prepared statement). $6 the questions, $7 whether each one's value matters,
 * $8 choice/boolean/rating, $9 checkbox, $10 rating and number, $11 matrix, $12 bars,
 * $13 number (histogram).
 */
export function reportAggregateSql(size: number): string {
  const at = Array.from({ length: size }, (_, i) => i + 1);
  const answered = (e: string) => `${e} NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)`;
  return `
WITH docs AS (
  SELECT r.content->'data' AS d FROM step_result r JOIN call_submission s ON s.id = r.submission_id
   WHERE ${SELECTION_ROWS}
  OFFSET 0
),
answers AS (
  SELECT ${at.map((i) => `d -> ($6::text[])[${i}] AS e${i}`).join(', ')}
    FROM docs WHERE jsonb_typeof(d) = 'object'
  OFFSET 0
),
keys AS (
  SELECT ${at.map((i) => `CASE WHEN ($7::boolean[])[${i}] THEN e${i} WHEN ${answered(`e${i}`)} THEN 'true'::jsonb END AS k${i}`).join(', ')}
    FROM answers
  OFFSET 0
),
grouped AS MATERIALIZED (
  SELECT array_position(ARRAY[${at.map((i) => `GROUPING(k${i})`).join(', ')}], 0) AS i,
         COALESCE(${at.map((i) => `k${i}`).join(', ')}) AS v, count(*)::int AS n
    FROM keys GROUP BY GROUPING SETS (${at.map((i) => `(k${i})`).join(', ')}, ())
),
g AS MATERIALIZED (
  SELECT ($6::text[])[i] AS q, CASE WHEN ($7::boolean[])[i] THEN v END AS v, n
    FROM grouped
   WHERE i IS NOT NULL AND ($6::text[])[i] IS NOT NULL AND v IS NOT NULL AND ${answered('v')}
),
nums AS MATERIALIZED (
  SELECT q, (v #>> '{}')::float8 AS x, n FROM g
   WHERE q = ANY($10::text[])
     AND (jsonb_typeof(v) = 'number' OR (jsonb_typeof(v) = 'string' AND v #>> '{}' ~ '^\\s*[-+]?[0-9]+(\\.[0-9]+)?\\s*$'))
),
stats AS MATERIALIZED (
  SELECT q, sum(n)::int AS n, sum(x * n) / sum(n) AS a, min(x) AS c, max(x) AS e FROM nums GROUP BY q
),
med AS (
  SELECT q, (min(x) FILTER (WHERE upto >= floor((total - 1) / 2.0) + 1) + min(x) FILTER (WHERE upto >= ceil((total - 1) / 2.0) + 1)) / 2 AS b
    FROM (SELECT nums.q, nums.x, stats.n AS total,
                 sum(nums.n) OVER (PARTITION BY nums.q ORDER BY nums.x ROWS UNBOUNDED PRECEDING) AS upto
            FROM nums JOIN stats ON stats.q = nums.q) c
   GROUP BY q
)
SELECT 'total' AS part, NULL::text AS q, NULL::text AS k1, NULL::text AS k2, (SELECT n FROM grouped WHERE i IS NULL) AS n,
       NULL::float8 AS a, NULL::float8 AS b, NULL::float8 AS c, NULL::float8 AS e
UNION ALL
SELECT 'answered', q, NULL, NULL, sum(n)::int, NULL, NULL, NULL, NULL FROM g GROUP BY q
UNION ALL
SELECT 'value', q, v #>> '{}', NULL, sum(n)::int, NULL, NULL, NULL, NULL FROM g
 WHERE q = ANY($8::text[]) AND jsonb_typeof(v) IN ('string', 'number', 'boolean') GROUP BY q, v #>> '{}'
UNION ALL
SELECT 'multi', q, el, NULL, sum(n)::int, NULL, NULL, NULL, NULL
  FROM g, jsonb_array_elements_text(CASE WHEN q = ANY($9::text[]) AND jsonb_typeof(v) = 'array' THEN v ELSE '[]'::jsonb END) AS el
 GROUP BY q, el
UNION ALL
SELECT 'matrix', q, kv.key, kv.value, sum(n)::int, NULL, NULL, NULL, NULL
  FROM g, jsonb_each_text(CASE WHEN q = ANY($11::text[]) AND jsonb_typeof(v) = 'object' THEN v ELSE '{}'::jsonb END) AS kv
 GROUP BY q, kv.key, kv.value
UNION ALL
SELECT 'stats', stats.q, NULL, NULL, stats.n, stats.a, med.b, stats.c, stats.e FROM stats JOIN med ON med.q = stats.q
UNION ALL
SELECT 'bucket', nums.q,
       (CASE WHEN stats.e = stats.c THEN 1 ELSE least(width_bucket(nums.x, stats.c, stats.e, $12::int), $12::int) END)::text,
       NULL, sum(nums.n)::int, NULL, NULL, NULL, NULL
  FROM nums JOIN stats ON stats.q = nums.q WHERE nums.q = ANY($13::text[])
 GROUP BY 2, 3`;
}

/** The parameters of reportAggregateSql(size) for one chunk of a survey's questions. */
export function reportAggregateParams(sel: ReportSelection, names: ReportNames, chunk: string[], size: number, buckets: number): unknown[] {
  const keep = new Set([...names.values, ...names.multi, ...names.numeric, ...names.matrix]);
  const padded = Array.from({ length: size }, (_, i) => chunk[i] ?? null);
  return [
    ...selectionParams(sel),
    padded,
    padded.map((n) => n !== null && keep.has(n)),
    names.values,
    names.multi,
    names.numeric,
    names.matrix,
    buckets,
    names.histogram,
  ];
}

/** Survey reports: the figures of a survey step aggregated by PostgreSQL, the text answers paged, the raw answers for the export. */
@Injectable()
export class ReportsRepository {
  constructor(private readonly sql: Sql) {}

  async call(callId: string): Promise<{ id: string; name: string; callTypeId: string } | undefined> {
    const rows = await this.sql.rows<{ id: string; name: string; callTypeId: string }>(
      'report-call',
      `SELECT id, name, call_type_id AS "callTypeId" FROM call WHERE id = $1`,
      [callId],
    );
    return rows[0];
  }

  /** A step with its kind, if it belongs to the call type. */
  async step(callTypeId: string, stepId: string): Promise<{ id: string; name: string; kind: string; content: unknown } | undefined> {
    const rows = await this.sql.rows<{ id: string; name: string; kind: string; content: unknown }>(
      'report-step',
      `SELECT st.id, st.name, t.name AS kind, st.content FROM step st JOIN step_type t ON t.id = st.step_type_id
        WHERE st.id = $1 AND st.call_type_id = $2`,
      [stepId, callTypeId],
    );
    return rows[0];
  }

  /** The survey steps of a call type in order, each with the number of submitted answers of the call. */
  surveySteps(callId: string, callTypeId: string, surveyTypeName: string): Promise<SurveyStepRow[]> {
    return this.sql.rows<SurveyStepRow>(
      'report-survey-steps',
      `SELECT st.id, st.name, st.sort, st.content,
              (SELECT count(*)::int FROM step_result r JOIN call_submission s ON s.id = r.submission_id
                WHERE r.step_id = st.id AND s.call_id = $1 AND s.closed) AS answers
         FROM step st JOIN step_type t ON t.id = st.step_type_id
        WHERE st.call_type_id = $2 AND t.name = $3
        ORDER BY st.sort, st.id`,
      [callId, callTypeId, surveyTypeName],
    );
  }

  /** Every figure of the step's questions: one statement per REPORT_CHUNK questions (one for nearly every survey), each one pass over the answers. */
  async aggregate(sel: ReportSelection, names: ReportNames, buckets: number): Promise<AggregateRow[]> {
    const chunks: string[][] = [];
    for (let i = 0; i < names.all.length || i === 0; i += REPORT_CHUNK) chunks.push(names.all.slice(i, i + REPORT_CHUNK));
    const parts = await Promise.all(
      chunks.map((chunk) => {
        const size = reportStatementSize(chunk.length);
        return this.sql.rows<AggregateRow>(
          `report-aggregate-${size}`,
          reportAggregateSql(size),
          reportAggregateParams(sel, names, chunk, size, buckets),
        );
      }),
    );
    // Each statement counts the documents: keep one total.
    return parts.flatMap((rows, i) => (i === 0 ? rows : rows.filter((r) => r.part !== 'total')));
  }

  /** One page of the answers to a question, newest first; `search` matches the answer's text (case-insensitive). */
  textAnswers(sel: ReportSelection, question: string, search: string | null, skip: number, take: number): Promise<TextAnswerRow[]> {
    return this.sql.rows<TextAnswerRow>(
      'report-text-answers',
      `SELECT s.id AS "submissionId", s.code, s.closed, ${ISO_UTC(ANSWER_AT)} AS at, r.content->'data'->$6 AS value,
              count(*) OVER ()::int AS total
         ${SELECTED}
          AND ${ANSWERED(`r.content->'data'->$6`)}
          AND ($7::text IS NULL OR (CASE WHEN jsonb_typeof(r.content->'data'->$6) = 'string' THEN r.content->'data'->>$6
                                         ELSE (r.content->'data'->$6)::text END) ILIKE $7::text)
        ORDER BY ${ANSWER_AT} DESC, s.id
        LIMIT $8 OFFSET $9`,
      [...selectionParams(sel), question, search === null ? null : likeContains(search), take, skip],
    );
  }

  /** A page of the selected submissions' answers (keyset on the submission id), for the export. */
  rawAnswers(sel: ReportSelection, after: string | null, take: number): Promise<RawAnswerRow[]> {
    return this.sql.rows<RawAnswerRow>(
      'report-raw-answers',
      `SELECT s.id, s.code, s.closed, o.name AS organization, ${ANSWER_AT} AS at, r.content->'data' AS data
         FROM step_result r JOIN call_submission s ON s.id = r.submission_id ${SUBMITTED_ORGANIZATION_JOIN('s', 'o')}
        WHERE r.step_id = $1 AND s.call_id = $2
          AND ($3::boolean IS NULL OR s.closed = $3::boolean)
          AND ($4::timestamptz IS NULL OR ${ANSWER_AT} >= $4::timestamptz)
          AND ($5::timestamptz IS NULL OR ${ANSWER_AT} < $5::timestamptz)
          AND jsonb_typeof(r.content->'data') = 'object'
          AND ($6::uuid IS NULL OR s.id > $6::uuid)
        ORDER BY s.id
        LIMIT $7`,
      [...selectionParams(sel), after, take],
    );
  }
}

export function selectionParams(sel: ReportSelection): unknown[] {
  return [sel.stepId, sel.callId, sel.closed, sel.from, sel.to];
}
