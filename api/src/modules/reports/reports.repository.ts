import { Injectable } from '@nestjs/common';
import { ISO_UTC, Sql } from '../../database/sql.js';

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
const SELECTION_WHERE = `r.step_id = $1 AND s.call_id = $2
    AND ($3::boolean IS NULL OR s.closed = $3::boolean)
    AND ($4::timestamptz IS NULL OR ${ANSWER_AT} >= $4::timestamptz)
    AND ($5::timestamptz IS NULL OR ${ANSWER_AT} < $5::timestamptz)
    AND jsonb_typeof(r.content->'data') = 'object'`;

/** The selected answers. */
const SELECTED = `FROM step_result r JOIN call_submission s ON s.id = r.submission_id
  WHERE ${SELECTION_WHERE}`;

/** A jsonb value that holds an answer (not null, '', [] or {}). */
const ANSWERED = (v: string) => `(${v} IS NOT NULL AND ${v} NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb))`;

/**
 * The whole report in one statement. The selected answer documents are read once: each one's
 * answers are expanded (`jsonb_each`) and grouped by question and, for the questions whose
 * value matters (choices, checkboxes, matrices, numbers), by value: `g` holds one row per
 * distinct answer with its count, a few hundred rows whatever the number of submissions (text
 * answers are only counted). Every figure is then computed from `g`: counts per value, per
 * checkbox element, per matrix cell; count, mean, min and max of numbers weighted by their
 * counts, the median from the running counts (percentile_cont(0.5): the mean of the two middle
 * answers), the histogram with width_bucket. Question names come as array parameters, so the
 * text is the same for every survey and PostgreSQL plans it once per connection (a named
 * prepared statement). $6 every question, $7 choice/boolean/rating, $8 checkbox, $9 rating and
 * number, $10 matrix, $11 bars, $12 number (histogram).
 */
export const REPORT_AGGREGATE_SQL = `
WITH g AS MATERIALIZED (
  SELECT e.key AS q,
         CASE WHEN e.key = ANY($7::text[]) OR e.key = ANY($8::text[]) OR e.key = ANY($9::text[]) OR e.key = ANY($10::text[])
              THEN e.value END AS v,
         count(*)::int AS n
    FROM step_result r JOIN call_submission s ON s.id = r.submission_id
         CROSS JOIN LATERAL jsonb_each(r.content->'data') AS e
   WHERE ${SELECTION_WHERE}
     AND e.key = ANY($6::text[])
     AND e.value NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)
   GROUP BY 1, 2
),
nums AS MATERIALIZED (
  SELECT q, (v #>> '{}')::float8 AS x, n FROM g
   WHERE q = ANY($9::text[])
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
SELECT 'total' AS part, NULL::text AS q, NULL::text AS k1, NULL::text AS k2, (SELECT count(*)::int ${SELECTED}) AS n,
       NULL::float8 AS a, NULL::float8 AS b, NULL::float8 AS c, NULL::float8 AS e
UNION ALL
SELECT 'answered', q, NULL, NULL, sum(n)::int, NULL, NULL, NULL, NULL FROM g GROUP BY q
UNION ALL
SELECT 'value', q, v #>> '{}', NULL, sum(n)::int, NULL, NULL, NULL, NULL FROM g
 WHERE q = ANY($7::text[]) AND jsonb_typeof(v) IN ('string', 'number', 'boolean') GROUP BY q, v #>> '{}'
UNION ALL
SELECT 'multi', q, el, NULL, sum(n)::int, NULL, NULL, NULL, NULL
  FROM g, jsonb_array_elements_text(CASE WHEN q = ANY($8::text[]) AND jsonb_typeof(v) = 'array' THEN v ELSE '[]'::jsonb END) AS el
 GROUP BY q, el
UNION ALL
SELECT 'matrix', q, kv.key, kv.value, sum(n)::int, NULL, NULL, NULL, NULL
  FROM g, jsonb_each_text(CASE WHEN q = ANY($10::text[]) AND jsonb_typeof(v) = 'object' THEN v ELSE '{}'::jsonb END) AS kv
 GROUP BY q, kv.key, kv.value
UNION ALL
SELECT 'stats', stats.q, NULL, NULL, stats.n, stats.a, med.b, stats.c, stats.e FROM stats JOIN med ON med.q = stats.q
UNION ALL
SELECT 'bucket', nums.q,
       (CASE WHEN stats.e = stats.c THEN 1 ELSE least(width_bucket(nums.x, stats.c, stats.e, $11::int), $11::int) END)::text,
       NULL, sum(nums.n)::int, NULL, NULL, NULL, NULL
  FROM nums JOIN stats ON stats.q = nums.q WHERE nums.q = ANY($12::text[])
 GROUP BY 2, 3`;

/** A text for ILIKE that matches itself literally (\\ % _ escaped). */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

  aggregate(sel: ReportSelection, names: ReportNames, buckets: number): Promise<AggregateRow[]> {
    return this.sql.rows<AggregateRow>('report-aggregate', REPORT_AGGREGATE_SQL, [
      ...selectionParams(sel),
      names.all,
      names.values,
      names.multi,
      names.numeric,
      names.matrix,
      buckets,
      names.histogram,
    ]);
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
      [...selectionParams(sel), question, search === null ? null : likePattern(search), take, skip],
    );
  }

  /** A page of the selected submissions' answers (keyset on the submission id), for the export. */
  rawAnswers(sel: ReportSelection, after: string | null, take: number): Promise<RawAnswerRow[]> {
    return this.sql.rows<RawAnswerRow>(
      'report-raw-answers',
      `SELECT s.id, s.code, s.closed, o.name AS organization, ${ANSWER_AT} AS at, r.content->'data' AS data
         FROM step_result r JOIN call_submission s ON s.id = r.submission_id JOIN organization o ON o.id = s.organization_id
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

function selectionParams(sel: ReportSelection): unknown[] {
  return [sel.stepId, sel.callId, sel.closed, sel.from, sel.to];
}
