/**
 * The portfolio dashboard's statements, as plain text builders importing no framework, so the
 * benchmark's bare baseline runs exactly the product's SQL. `where` filters
 * `call_submission s` ($1 the state, $2 the call when there is one).
 */
import { SROI_WARNING_THRESHOLD } from '@impact-calls/domain';
import { SUBMITTED_ORGANIZATION_JOIN } from '../submissions/submitted-organization.js';

/** The SROI above which a submission is flagged, strictly: the domain's warning threshold (isSroiOverThreshold). */
export const SROI_FLAG = SROI_WARNING_THRESHOLD;
/** How many days the timeline shows at most (the last ones). */
export const TIMELINE_DAYS = 366;

/** The scope's condition on `call_submission s`: the state ($1), and the call ($2) when given. */
export function scopeWhere(withCall: boolean): string {
  const state = `($1::text = 'all' OR s.closed = ($1::text = 'closed'))`;
  return withCall ? `s.call_id = $2::uuid AND ${state}` : state;
}

/** States, days, SROI, quiz scores and organizations: one pass over the scope's submissions. */
export const submissionFiguresSql = (where: string): string =>
  `WITH sub AS MATERIALIZED (
         SELECT s.id, s.code, s.organization_id, s.organization_snapshot, s.closed, s.submitted_at, s.opened_at, s.quiz_score, s.sroi_score
           FROM call_submission s WHERE ${where}
       ),
       days AS (
         SELECT d, sum(started)::int AS started, sum(submitted)::int AS submitted FROM (
           SELECT (opened_at AT TIME ZONE 'UTC')::date AS d, 1 AS started, 0 AS submitted FROM sub
           UNION ALL
           SELECT (submitted_at AT TIME ZONE 'UTC')::date, 0, 1 FROM sub WHERE submitted_at IS NOT NULL
         ) e GROUP BY d ORDER BY d DESC LIMIT ${TIMELINE_DAYS}
       ),
       sroi AS (SELECT sroi_score::float8 AS v FROM sub WHERE sroi_score IS NOT NULL),
       orgs AS (SELECT DISTINCT o.id, o.country, o.city_name FROM sub ${SUBMITTED_ORGANIZATION_JOIN('sub', 'o')})
       SELECT count(*)::int AS total,
              count(*) FILTER (WHERE NOT closed AND submitted_at IS NULL)::int AS open,
              count(*) FILTER (WHERE NOT closed AND submitted_at IS NOT NULL)::int AS reopened,
              count(*) FILTER (WHERE closed)::int AS closed,
              (SELECT COALESCE(json_agg(json_build_object('day', to_char(d, 'YYYY-MM-DD'), 'started', started, 'submitted', submitted) ORDER BY d), '[]')
                 FROM days) AS timeline,
              (SELECT count(*)::int FROM sroi) AS "sroiCount",
              (SELECT COALESCE(json_agg(json_build_object('bin', bin, 'n', n) ORDER BY bin), '[]') FROM (
                 SELECT CASE WHEN v > ${SROI_FLAG} THEN ${SROI_FLAG} WHEN v <= 1 THEN 0 ELSE ceil(v) - 1 END::int AS bin, count(*)::int AS n
                   FROM sroi GROUP BY 1) b) AS "sroiBins",
              (SELECT CASE WHEN count(*) = 0 THEN NULL ELSE to_json(percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY v)) END FROM sroi) AS "sroiQuartiles",
              (SELECT count(*)::int FROM sroi WHERE v > ${SROI_FLAG}) AS "sroiOver",
              (SELECT COALESCE(json_agg(json_build_object('id', f.id, 'code', f.code, 'organizationName', o.name, 'sroi', f.sroi_score::float8)
                                        ORDER BY f.sroi_score DESC, f.code), '[]')
                 FROM (SELECT id, code, organization_id, organization_snapshot, sroi_score FROM sub WHERE sroi_score > ${SROI_FLAG} ORDER BY sroi_score DESC, code LIMIT 20) f
                 ${SUBMITTED_ORGANIZATION_JOIN('f', 'o')}) AS "sroiFlagged",
              count(quiz_score)::int AS "quizCount",
              (SELECT COALESCE(json_agg(json_build_object('bin', bin, 'n', n) ORDER BY bin), '[]') FROM (
                 SELECT least(greatest(floor(quiz_score * 10), 0), 9)::int AS bin, count(*)::int AS n
                   FROM sub WHERE quiz_score IS NOT NULL GROUP BY 1) q) AS "quizBins",
              (SELECT count(*)::int FROM orgs) AS organizations,
              (SELECT COALESCE(json_agg(json_build_object('country', country, 'n', n) ORDER BY n DESC, country), '[]') FROM (
                 SELECT country, count(*)::int AS n FROM orgs GROUP BY country ORDER BY n DESC, country LIMIT 20) c) AS countries,
              (SELECT COALESCE(json_agg(json_build_object('country', country, 'city', city_name, 'n', n) ORDER BY n DESC, city_name, country), '[]') FROM (
                 SELECT country, city_name, count(*)::int AS n FROM orgs GROUP BY country, city_name ORDER BY n DESC, city_name, country LIMIT 20) c) AS cities
         FROM sub`;

/**
 * SDGs, outcomes, indicators and budgets from the scope's miniDyi answers, as the trigger of
 * migration DashboardImpactFacts keeps them in `submission_impact` (one row per submission, over all its miniDyi answers). A
 * submission aims at an SDG it picked or that one of its outcomes belongs to; an outcome or
 * indicator counts once per submission; the budget asked is the sum of its miniDyi budgets.
 * Names come from the framework (the answer's ids are the framework's).
 */
export const impactFiguresSql = (where: string): string =>
  `WITH r AS MATERIALIZED (
         SELECT i.submission_id AS sid, i.sdgs, i.outcome_ids, i.indicator_ids, i.custom_outcomes, i.budget
           FROM call_submission s JOIN submission_impact i ON i.submission_id = s.id
          WHERE ${where}
       ),
       budgets AS (SELECT budget AS b FROM r WHERE budget IS NOT NULL),
       top_outcomes AS (
         SELECT id, count(*)::int AS n FROM r, unnest(r.outcome_ids) id GROUP BY id ORDER BY n DESC, id LIMIT 10
       ),
       top_indicators AS (
         SELECT id, count(*)::int AS n FROM r, unnest(r.indicator_ids) id GROUP BY id ORDER BY n DESC, id LIMIT 10
       )
       SELECT (SELECT count(*)::int FROM r) AS "withMiniDyi",
              (SELECT COALESCE(json_agg(json_build_object('sdg', code, 'n', n) ORDER BY code), '[]') FROM (
                 SELECT code, count(*)::int AS n FROM r, unnest(r.sdgs) code GROUP BY code) g) AS sdgs,
              (SELECT COALESCE(json_agg(json_build_object('id', t.id, 'name', COALESCE(o.name, t.id), 'sdg', o.sdg, 'n', t.n) ORDER BY t.n DESC, o.name, t.id), '[]')
                 FROM top_outcomes t LEFT JOIN impact_outcome o ON o.id::text = t.id) AS outcomes,
              (SELECT count(*)::int FROM r WHERE custom_outcomes > 0) AS "customOutcomes",
              (SELECT COALESCE(json_agg(json_build_object('id', t.id, 'name', COALESCE(i.name, t.id), 'n', t.n) ORDER BY t.n DESC, i.name, t.id), '[]')
                 FROM top_indicators t LEFT JOIN impact_indicator i ON i.id::text = t.id) AS indicators,
              (SELECT count(*)::int FROM budgets) AS "budgetCount",
              (SELECT sum(b) FROM budgets) AS "budgetTotal",
              (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY b) FROM budgets) AS "budgetMedian"`;

/** The furthest step each submission of one call reached, counted per step ($2 is the call). */
export const funnelSql = (where: string): string =>
  `WITH steps AS (
         SELECT st.id, st.name, t.name AS kind, st.sort, row_number() OVER (ORDER BY st.sort, st.id)::int AS pos
           FROM call c JOIN step st ON st.call_type_id = c.call_type_id JOIN step_type t ON t.id = st.step_type_id
          WHERE c.id = $2::uuid
       ),
       saved AS (
         SELECT r.submission_id AS sid, steps.pos FROM step_result r JOIN steps ON steps.id = r.step_id
         UNION ALL
         SELECT a.submission_id, steps.pos FROM attachment a JOIN steps ON steps.id = a.step_id WHERE a.purpose = 'submission'
       ),
       furthest AS (
         SELECT CASE WHEN s.closed THEN (SELECT max(pos) FROM steps) ELSE COALESCE(f.pos, 1) END AS pos
           FROM call_submission s LEFT JOIN (SELECT sid, max(pos) AS pos FROM saved GROUP BY sid) f ON f.sid = s.id
          WHERE ${where}
       ),
       reached AS (SELECT pos, count(*)::int AS n FROM furthest WHERE pos IS NOT NULL GROUP BY pos)
       SELECT steps.id AS "stepId", steps.name, steps.kind, steps.sort,
              COALESCE((SELECT sum(n) FROM reached WHERE reached.pos >= steps.pos), 0)::int AS reached
         FROM steps ORDER BY steps.pos`;
