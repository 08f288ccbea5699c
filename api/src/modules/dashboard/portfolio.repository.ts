import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';

/** Which submissions the dashboard counts: all, in progress (not closed) or submitted (closed). */
export const DASHBOARD_STATES = ['all', 'open', 'closed'] as const;
export type DashboardState = (typeof DASHBOARD_STATES)[number];

export interface PortfolioScope {
  callId: string | undefined;
  state: DashboardState;
}

/** The SROI above which a submission is flagged (design/impact.md: "SROI is over 8", strictly). */
export const SROI_FLAG = 8;
/** How many days the timeline shows at most (the last ones). */
export const TIMELINE_DAYS = 366;

export interface SubmissionFiguresRow {
  total: number;
  open: number;
  reopened: number;
  closed: number;
  timeline: { day: string; started: number; submitted: number }[];
  sroiCount: number;
  sroiBins: { bin: number; n: number }[];
  sroiQuartiles: [number, number, number] | null;
  sroiOver: number;
  sroiFlagged: { id: string; code: string; organizationName: string; sroi: number }[];
  quizCount: number;
  quizBins: { bin: number; n: number }[];
  organizations: number;
  countries: { country: string; n: number }[];
  cities: { country: string; city: string; n: number }[];
}

export interface ImpactFiguresRow {
  withMiniDyi: number;
  sdgs: { sdg: number; n: number }[];
  outcomes: { id: string; name: string; sdg: number | null; n: number }[];
  customOutcomes: number;
  indicators: { id: string; name: string; n: number }[];
  budgetCount: number;
  budgetTotal: number | null;
  budgetMedian: number | null;
}

export interface FunnelRow {
  stepId: string;
  name: string;
  kind: string;
  sort: number;
  reached: number;
}

/**
 * The portfolio dashboard's figures (issue 18), each section one statement over the
 * submissions the scope selects (`sub`). Two texts per statement (with and without a call),
 * so each prepared statement keeps a plan fitted to its filter.
 */
@Injectable()
export class PortfolioRepository {
  constructor(private readonly sql: Sql) {}

  private scoped(scope: PortfolioScope): { where: string; params: unknown[]; suffix: string } {
    const state = `($1::text = 'all' OR s.closed = ($1::text = 'closed'))`;
    return scope.callId
      ? { where: `s.call_id = $2::uuid AND ${state}`, params: [scope.state, scope.callId], suffix: 'call' }
      : { where: state, params: [scope.state], suffix: 'all' };
  }

  async call(id: string): Promise<{ openingAt: Date; closingAt: Date } | undefined> {
    const rows = await this.sql.rows<{ openingAt: Date; closingAt: Date }>(
      'dashboard-call',
      'SELECT opening_at AS "openingAt", closing_at AS "closingAt" FROM call WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async submissionFigures(scope: PortfolioScope): Promise<SubmissionFiguresRow> {
    const { where, params, suffix } = this.scoped(scope);
    const rows = await this.sql.rows<SubmissionFiguresRow>(
      `dashboard-submissions-${suffix}`,
      `WITH sub AS MATERIALIZED (
         SELECT s.id, s.code, s.organization_id, s.closed, s.submitted_at, s.opened_at, s.quiz_score, s.sroi_score
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
       orgs AS (SELECT DISTINCT o.id, o.country, o.city_name FROM sub JOIN organization o ON o.id = sub.organization_id)
       SELECT count(*)::int AS total,
              count(*) FILTER (WHERE NOT closed AND submitted_at IS NULL)::int AS open,
              count(*) FILTER (WHERE NOT closed AND submitted_at IS NOT NULL)::int AS reopened,
              count(*) FILTER (WHERE closed)::int AS closed,
              (SELECT COALESCE(json_agg(json_build_object('day', to_char(d, 'YYYY-MM-DD'), 'started', started, 'submitted', submitted) ORDER BY d), '[]')
                 FROM days) AS timeline,
              (SELECT count(*)::int FROM sroi) AS "sroiCount",
              (SELECT COALESCE(json_agg(json_build_object('bin', bin, 'n', n) ORDER BY bin), '[]') FROM (
                 SELECT CASE WHEN v > ${SROI_FLAG} THEN ${SROI_FLAG} ELSE least(greatest(floor(v), 0), ${SROI_FLAG - 1}) END::int AS bin, count(*)::int AS n
                   FROM sroi GROUP BY 1) b) AS "sroiBins",
              (SELECT CASE WHEN count(*) = 0 THEN NULL ELSE to_json(percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY v)) END FROM sroi) AS "sroiQuartiles",
              (SELECT count(*)::int FROM sroi WHERE v > ${SROI_FLAG}) AS "sroiOver",
              (SELECT COALESCE(json_agg(json_build_object('id', f.id, 'code', f.code, 'organizationName', o.name, 'sroi', f.sroi_score::float8)
                                        ORDER BY f.sroi_score DESC, f.code), '[]')
                 FROM (SELECT id, code, organization_id, sroi_score FROM sub WHERE sroi_score > ${SROI_FLAG} ORDER BY sroi_score DESC, code LIMIT 20) f
                 JOIN organization o ON o.id = f.organization_id) AS "sroiFlagged",
              count(quiz_score)::int AS "quizCount",
              (SELECT COALESCE(json_agg(json_build_object('bin', bin, 'n', n) ORDER BY bin), '[]') FROM (
                 SELECT least(greatest(floor(quiz_score * 10), 0), 9)::int AS bin, count(*)::int AS n
                   FROM sub WHERE quiz_score IS NOT NULL GROUP BY 1) q) AS "quizBins",
              (SELECT count(*)::int FROM orgs) AS organizations,
              (SELECT COALESCE(json_agg(json_build_object('country', country, 'n', n) ORDER BY n DESC, country), '[]') FROM (
                 SELECT country, count(*)::int AS n FROM orgs GROUP BY country ORDER BY n DESC, country LIMIT 20) c) AS countries,
              (SELECT COALESCE(json_agg(json_build_object('country', country, 'city', city_name, 'n', n) ORDER BY n DESC, city_name, country), '[]') FROM (
                 SELECT country, city_name, count(*)::int AS n FROM orgs GROUP BY country, city_name ORDER BY n DESC, city_name, country LIMIT 20) c) AS cities
         FROM sub`,
      params,
    );
    return rows[0];
  }

  /**
   * What the miniDyi results aim at: a submission aims at an SDG it picked in the SDG sub-step
   * or that one of its selected outcomes belongs to; an outcome or indicator counts once per
   * submission; the budget asked is the sum of its miniDyi steps' budgets (as the SROI's).
   */
  async impactFigures(scope: PortfolioScope): Promise<ImpactFiguresRow> {
    const { where, params, suffix } = this.scoped(scope);
    const rows = await this.sql.rows<ImpactFiguresRow>(
      `dashboard-impact-${suffix}`,
      `WITH r AS MATERIALIZED (
         SELECT r.submission_id AS sid, r.content
           FROM call_submission s
           JOIN step_result r ON r.submission_id = s.id
           JOIN step st ON st.id = r.step_id
           JOIN step_type t ON t.id = st.step_type_id AND t.name = 'miniDyi'
          WHERE ${where}
       ),
       o AS MATERIALIZED (
         SELECT r.sid, x.o FROM r, jsonb_path_query(r.content, 'strict $.selectedOutcomes[*]') x(o)
          WHERE jsonb_typeof(r.content -> 'selectedOutcomes') = 'array'
       ),
       sdgs AS (
         SELECT DISTINCT sid, code FROM (
           SELECT r.sid, (x.v #>> '{}')::int AS code FROM r, jsonb_path_query(r.content, 'strict $.sdg[*] ? (@.type() == "number")') x(v)
            WHERE jsonb_typeof(r.content -> 'sdg') = 'array'
           UNION ALL
           SELECT sid, (o ->> 'sdg')::int FROM o WHERE jsonb_typeof(o -> 'sdg') = 'number'
         ) c WHERE code BETWEEN 1 AND 17
       ),
       budgets AS (
         SELECT sid, sum((content ->> 'budget')::float8) AS b FROM r WHERE jsonb_typeof(content -> 'budget') = 'number' GROUP BY sid
       )
       SELECT (SELECT count(DISTINCT sid)::int FROM r) AS "withMiniDyi",
              (SELECT COALESCE(json_agg(json_build_object('sdg', code, 'n', n) ORDER BY code), '[]') FROM (
                 SELECT code, count(*)::int AS n FROM sdgs GROUP BY code) g) AS sdgs,
              (SELECT COALESCE(json_agg(json_build_object('id', id, 'name', name, 'sdg', sdg, 'n', n) ORDER BY n DESC, name), '[]') FROM (
                 SELECT o ->> 'outcomeId' AS id, min(o ->> 'outcomeName') AS name, min((o ->> 'sdg')::int) AS sdg, count(DISTINCT sid)::int AS n
                   FROM o WHERE jsonb_typeof(o -> 'outcomeId') = 'string' GROUP BY 1 ORDER BY n DESC, name LIMIT 10) t) AS outcomes,
              (SELECT count(DISTINCT sid)::int FROM o WHERE jsonb_typeof(o -> 'outcomeId') IS DISTINCT FROM 'string') AS "customOutcomes",
              (SELECT COALESCE(json_agg(json_build_object('id', id, 'name', name, 'n', n) ORDER BY n DESC, name), '[]') FROM (
                 SELECT i ->> 'indicatorId' AS id, min(i ->> 'indicatorName') AS name, count(DISTINCT o.sid)::int AS n
                   FROM o, jsonb_path_query(o.o, 'strict $.indicators[*]') x(i)
                  WHERE jsonb_typeof(o.o -> 'indicators') = 'array' AND jsonb_typeof(i -> 'indicatorId') = 'string'
                  GROUP BY 1 ORDER BY n DESC, name LIMIT 10) t) AS indicators,
              (SELECT count(*)::int FROM budgets) AS "budgetCount",
              (SELECT sum(b) FROM budgets) AS "budgetTotal",
              (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY b) FROM budgets) AS "budgetMedian"`,
      params,
    );
    return rows[0];
  }

  /**
   * Where applicants stop, for one call: per step of its type, the submissions that reached it.
   * A submission reached the furthest step where it saved an answer or a file (text and
   * results steps save nothing, so the furthest saved step decides), every started one reached
   * the first step, and a submitted one reached them all.
   */
  async funnel(scope: PortfolioScope & { callId: string }): Promise<FunnelRow[]> {
    const { where, params } = this.scoped(scope);
    return this.sql.rows<FunnelRow>(
      'dashboard-funnel',
      `WITH steps AS (
         SELECT st.id, st.name, t.name AS kind, st.sort, row_number() OVER (ORDER BY st.sort, st.id)::int AS pos
           FROM call c JOIN step st ON st.call_type_id = c.call_type_id JOIN step_type t ON t.id = st.step_type_id
          WHERE c.id = $2::uuid
       ),
       furthest AS (
         SELECT s.id, CASE WHEN s.closed THEN (SELECT max(pos) FROM steps) ELSE COALESCE((SELECT max(p.pos) FROM (
                   SELECT steps.pos FROM step_result r JOIN steps ON steps.id = r.step_id WHERE r.submission_id = s.id
                   UNION ALL
                   SELECT steps.pos FROM attachment a JOIN steps ON steps.id = a.step_id WHERE a.submission_id = s.id AND a.purpose = 'submission'
                 ) p), 1) END AS pos
           FROM call_submission s WHERE ${where}
       ),
       reached AS (SELECT pos, count(*)::int AS n FROM furthest WHERE pos IS NOT NULL GROUP BY pos)
       SELECT steps.id AS "stepId", steps.name, steps.kind, steps.sort,
              COALESCE((SELECT sum(n) FROM reached WHERE reached.pos >= steps.pos), 0)::int AS reached
         FROM steps ORDER BY steps.pos`,
      params,
    );
  }
}
