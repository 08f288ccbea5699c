/**
 * The portfolio dashboard's statements over the scope's submissions: $1 the state (all, open, closed), $2 the call.
 * Each section has one statement with a call and one without, so each prepared statement keeps a plan fitted to its filter.
 */
import { SROI_WARNING_THRESHOLD } from '@impact-calls/domain';
import { sql, type Expression, type QueryCreator } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { organizationAsSent } from '../submissions/submitted-organization.js';
import { countInt, db, statement } from '../../database/typed-sql.js';

/** The SROI above which a submission is flagged, strictly: the domain's warning threshold (isSroiOverThreshold). */
export const SROI_FLAG = SROI_WARNING_THRESHOLD;
/** How many days the timeline shows at most (the last ones). */
const TIMELINE_DAYS = 366;

/** The scope's arguments: the state (all, open, closed) and, for the statements of one call, the call. */
interface ScopeArgs {
  state: string;
  callId: string;
}

const FLAG = sql.lit(SROI_FLAG);
/** The SROI of a row of `sroi`. */
const V = sql.ref('v');
const EMPTY = sql<never[]>`'[]'::json`;
const int = (e: Expression<unknown>) => sql<number>`${e}::int`;
const float = (e: Expression<unknown>) => sql<number>`${e}::float8`;

/** The scope's condition on a submission `s`: its state, and its call when there is one. */
function inScope(withCall: boolean, p: ScopeArgs) {
  const state = sql`${p.state}::text`;
  const inState = sql<boolean>`(${state} = 'all' OR ${sql.ref('s.closed')} = (${state} = 'closed'))`;
  return withCall ? sql<boolean>`${sql.ref('s.callId')} = ${p.callId}::uuid AND ${inState}` : inState;
}

/** The submissions of the scope, `s`. */
const scoped = (withCall: boolean, p: ScopeArgs) => db.selectFrom('callSubmission as s').where(inScope(withCall, p));

const variant = (withCall: boolean) => (withCall ? 'call' : 'all');
const order = (withCall: boolean) => (withCall ? (['state', 'callId'] as const) : (['state'] as const));

/** A `json_agg`, `[]` when there is no row. */
export const list = <T>(agg: Expression<T>) => sql<T>`coalesce(${agg}, ${EMPTY})`;

/** A submission's day in the timeline: the day it was opened (started) or submitted. */
const dayOf = (at: 'openedAt' | 'submittedAt') => [
  sql<string>`(${sql.ref(at)} AT TIME ZONE 'UTC')::date`.as('d'),
  sql<number>`${sql.lit(at === 'openedAt' ? 1 : 0)}`.as('started'),
  sql<number>`${sql.lit(at === 'openedAt' ? 0 : 1)}`.as('submitted'),
];

/** States, days, SROI, quiz scores and organizations: one pass over the scope's submissions. */
const submissionFigures = (withCall: boolean) =>
  statement(
    `dashboard-submissions-${variant(withCall)}`,
    (p: ScopeArgs) =>
      db
        .with(
          (w) => w('sub').materialized(),
          () =>
            scoped(withCall, p).select([
              's.id',
              's.code',
              's.organizationId',
              's.organizationSnapshot',
              's.closed',
              's.submittedAt',
              's.openedAt',
              's.quizScore',
              's.sroiScore',
            ]),
        )
        .with('days', (qb) =>
          qb
            .selectFrom((e) =>
              e
                .selectFrom('sub')
                .select(dayOf('openedAt'))
                .unionAll(e.selectFrom('sub').where('submittedAt', 'is not', null).select(dayOf('submittedAt')))
                .as('e'),
            )
            .select((eb) => ['e.d', int(eb.fn.sum('e.started')).as('started'), int(eb.fn.sum('e.submitted')).as('submitted')])
            .groupBy('e.d')
            .orderBy('e.d', 'desc')
            .limit(sql.lit(TIMELINE_DAYS)),
        )
        .with('sroi', (qb) =>
          qb
            .selectFrom('sub')
            .where('sroiScore', 'is not', null)
            .select((eb) => float(eb.ref('sroiScore')).as('v')),
        )
        .with('orgs', (qb) =>
          qb
            .selectFrom('sub')
            .innerJoin('organization as oNow', 'oNow.id', 'sub.organizationId')
            .crossJoinLateral((eb) => organizationAsSent('oNow', eb.ref('sub.organizationSnapshot'), 'o'))
            .select(['o.id', 'o.country', 'o.cityName'])
            .distinct(),
        )
        .selectFrom('sub')
        .select((eb) => [
          countInt().as('total'),
          int(eb.fn.countAll().filterWhere((f) => f.and([f.not(f.ref('closed')), f('submittedAt', 'is', null)]))).as('open'),
          int(eb.fn.countAll().filterWhere((f) => f.and([f.not(f.ref('closed')), f('submittedAt', 'is not', null)]))).as('reopened'),
          int(eb.fn.countAll().filterWhere('closed', '=', sql.lit(true))).as('closed'),
          eb
            .selectFrom('days')
            .select((d) =>
              list(
                d.fn
                  .jsonAgg(
                    jsonBuildObject({
                      day: sql<string>`to_char(${d.ref('days.d')}, 'YYYY-MM-DD')`,
                      started: d.ref('days.started'),
                      submitted: d.ref('days.submitted'),
                    }),
                  )
                  .orderBy('days.d'),
              ).as('x'),
            )
            .$asScalar()
            .as('timeline'),
          eb.selectFrom('sroi').select(countInt().as('n')).$asScalar().as('sroiCount'),
          eb
            .selectFrom((b) =>
              b
                .selectFrom('sroi')
                .select([
                  int(sql`CASE WHEN ${V} > ${FLAG} THEN ${FLAG} WHEN ${V} <= 1 THEN 0 ELSE ceil(${V}) - 1 END`).as('bin'),
                  countInt().as('n'),
                ])
                .groupBy(sql`1`)
                .as('b'),
            )
            .select((b) => list(b.fn.jsonAgg(jsonBuildObject({ bin: b.ref('b.bin'), n: b.ref('b.n') })).orderBy('b.bin')).as('x'))
            .$asScalar()
            .as('sroiBins'),
          eb
            .selectFrom('sroi')
            .select((s) =>
              sql<[number, number, number] | null>`CASE WHEN count(*) = 0 THEN NULL ELSE to_json(${s.fn
                .agg('percentile_cont', [sql`ARRAY[0.25, 0.5, 0.75]`])
                .withinGroupOrderBy('v')}) END`.as('q'),
            )
            .$asScalar()
            .as('sroiQuartiles'),
          eb.selectFrom('sroi').where('v', '>', FLAG).select(countInt().as('n')).$asScalar().as('sroiOver'),
          eb
            .selectFrom((f) =>
              f
                .selectFrom('sub')
                .select(['id', 'code', 'organizationId', 'organizationSnapshot', 'sroiScore'])
                .where('sroiScore', '>', sql<string>`${FLAG}`)
                .orderBy('sroiScore', 'desc')
                .orderBy('code')
                .limit(sql.lit(20))
                .as('f'),
            )
            .innerJoin('organization as oNow', 'oNow.id', 'f.organizationId')
            .crossJoinLateral((f) => organizationAsSent('oNow', f.ref('f.organizationSnapshot'), 'o'))
            .select((f) =>
              list(
                f.fn
                  .jsonAgg(
                    jsonBuildObject({
                      id: f.ref('f.id'),
                      code: f.ref('f.code'),
                      organizationName: f.ref('o.name'),
                      sroi: float(f.ref('f.sroiScore')),
                    }),
                  )
                  .orderBy('f.sroiScore', 'desc')
                  .orderBy('f.code'),
              ).as('x'),
            )
            .$asScalar()
            .as('sroiFlagged'),
          int(eb.fn.count('quizScore')).as('quizCount'),
          eb
            .selectFrom((q) =>
              q
                .selectFrom('sub')
                .where('quizScore', 'is not', null)
                .select((s) => [int(sql`least(greatest(floor(${s.ref('quizScore')} * 10), 0), 9)`).as('bin'), countInt().as('n')])
                .groupBy(sql`1`)
                .as('q'),
            )
            .select((q) => list(q.fn.jsonAgg(jsonBuildObject({ bin: q.ref('q.bin'), n: q.ref('q.n') })).orderBy('q.bin')).as('x'))
            .$asScalar()
            .as('quizBins'),
          eb.selectFrom('orgs').select(countInt().as('n')).$asScalar().as('organizations'),
          eb
            .selectFrom((c) =>
              c
                .selectFrom('orgs')
                .select(['country', countInt().as('n')])
                .groupBy('country')
                .orderBy('n', 'desc')
                .orderBy('country')
                .limit(sql.lit(20))
                .as('c'),
            )
            .select((c) =>
              list(
                c.fn
                  .jsonAgg(jsonBuildObject({ country: c.ref('c.country'), n: c.ref('c.n') }))
                  .orderBy('c.n', 'desc')
                  .orderBy('c.country'),
              ).as('x'),
            )
            .$asScalar()
            .as('countries'),
          eb
            .selectFrom((c) =>
              c
                .selectFrom('orgs')
                .select(['country', 'cityName', countInt().as('n')])
                .groupBy(['country', 'cityName'])
                .orderBy('n', 'desc')
                .orderBy('cityName')
                .orderBy('country')
                .limit(sql.lit(20))
                .as('c'),
            )
            .select((c) =>
              list(
                c.fn
                  .jsonAgg(jsonBuildObject({ country: c.ref('c.country'), city: c.ref('c.cityName'), n: c.ref('c.n') }))
                  .orderBy('c.n', 'desc')
                  .orderBy('c.cityName')
                  .orderBy('c.country'),
              ).as('x'),
            )
            .$asScalar()
            .as('cities'),
        ]),
    order(withCall),
  );

/** The ten ids of the array column `ids` of `r` chosen most, with how many submissions chose each. */
const topTen = (qb: QueryCreator<{ r: Record<'outcomeIds' | 'indicatorIds', string[]> }>, ids: 'outcomeIds' | 'indicatorIds') =>
  qb
    .selectFrom((u) =>
      u
        .selectFrom('r')
        .select((r) => r.fn<string>('unnest', [`r.${ids}`]).as('id'))
        .as('u'),
    )
    .select(['u.id', countInt().as('n')])
    .groupBy('u.id')
    .orderBy('n', 'desc')
    .orderBy('u.id')
    .limit(sql.lit(10));

/**
 * SDGs, outcomes, indicators and budgets from `submission_impact` (one row per submission, kept by the miniDyi save):
 * an outcome or indicator counts once per submission; names come from the framework.
 */
const impactFigures = (withCall: boolean) =>
  statement(
    `dashboard-impact-${variant(withCall)}`,
    (p: ScopeArgs) =>
      db
        .with(
          (w) => w('r').materialized(),
          () =>
            scoped(withCall, p)
              .innerJoin('submissionImpact as i', 'i.submissionId', 's.id')
              .select(['i.submissionId as sid', 'i.sdgs', 'i.outcomeIds', 'i.indicatorIds', 'i.customOutcomes', 'i.budget']),
        )
        .with('budgets', (qb) => qb.selectFrom('r').where('budget', 'is not', null).select('budget as b'))
        .with('topOutcomes', (qb) => topTen(qb, 'outcomeIds'))
        .with('topIndicators', (qb) => topTen(qb, 'indicatorIds'))
        .selectNoFrom((eb) => [
          eb.selectFrom('r').select(countInt().as('n')).$asScalar().as('withMiniDyi'),
          eb
            .selectFrom((g) =>
              g
                .selectFrom((u) =>
                  u
                    .selectFrom('r')
                    .select((r) => r.fn<number>('unnest', ['r.sdgs']).as('code'))
                    .as('u'),
                )
                .select(['u.code', countInt().as('n')])
                .groupBy('u.code')
                .as('g'),
            )
            .select((g) => list(g.fn.jsonAgg(jsonBuildObject({ sdg: g.ref('g.code'), n: g.ref('g.n') })).orderBy('g.code')).as('x'))
            .$asScalar()
            .as('sdgs'),
          eb
            .selectFrom('topOutcomes as t')
            .leftJoin('impactOutcome as o', (j) => j.on((o) => o(o.cast('o.id', 'text'), '=', o.ref('t.id'))))
            .select((t) =>
              list(
                t.fn
                  .jsonAgg(
                    jsonBuildObject({ id: t.ref('t.id'), name: t.fn.coalesce('o.name', 't.id'), sdg: t.ref('o.sdg'), n: t.ref('t.n') }),
                  )
                  .orderBy('t.n', 'desc')
                  .orderBy('o.name')
                  .orderBy('t.id'),
              ).as('x'),
            )
            .$asScalar()
            .as('outcomes'),
          eb.selectFrom('r').where('customOutcomes', '>', sql.lit(0)).select(countInt().as('n')).$asScalar().as('customOutcomes'),
          eb
            .selectFrom('topIndicators as t')
            .leftJoin('impactIndicator as i', (j) => j.on((o) => o(o.cast('i.id', 'text'), '=', o.ref('t.id'))))
            .select((t) =>
              list(
                t.fn
                  .jsonAgg(jsonBuildObject({ id: t.ref('t.id'), name: t.fn.coalesce('i.name', 't.id'), n: t.ref('t.n') }))
                  .orderBy('t.n', 'desc')
                  .orderBy('i.name')
                  .orderBy('t.id'),
              ).as('x'),
            )
            .$asScalar()
            .as('indicators'),
          eb.selectFrom('budgets').select(countInt().as('n')).$asScalar().as('budgetCount'),
          eb
            .selectFrom('budgets')
            .select((b) => b.fn.sum('b').as('total'))
            .$asScalar()
            .as('budgetTotal'),
          eb
            .selectFrom('budgets')
            .select((b) =>
              b.fn
                .agg<number | null>('percentile_cont', [sql.lit(0.5)])
                .withinGroupOrderBy('b')
                .as('median'),
            )
            .$asScalar()
            .as('budgetMedian'),
        ]),
    order(withCall),
  );

/**
 * Where applicants stop, for one call: per step, the submissions that reached it. A submission reached the furthest step
 * where it saved an answer or a file (text and results steps save nothing), at least the first, and all once submitted.
 */
const funnel = statement(
  'dashboard-funnel',
  (p: ScopeArgs) =>
    db
      .with('steps', (qb) =>
        qb
          .selectFrom('call as c')
          .innerJoin('step as st', 'st.callTypeId', 'c.callTypeId')
          .innerJoin('stepType as t', 't.id', 'st.stepTypeId')
          .where('c.id', '=', (eb) => eb.cast<string>(eb.val(p.callId), 'uuid'))
          .select((eb) => [
            'st.id',
            'st.name',
            't.name as kind',
            'st.sort',
            int(eb.fn.agg<number>('row_number').over((o) => o.orderBy('st.sort').orderBy('st.id'))).as('pos'),
          ]),
      )
      .with('saved', (qb) =>
        qb
          .selectFrom('attachment as a')
          .innerJoin('steps', 'steps.id', 'a.stepId')
          .where('a.purpose', '=', sql.lit('submission'))
          .select(['a.submissionId as sid', 'steps.pos'])
          .unionAll(
            qb.selectFrom('stepResult as r').innerJoin('steps', 'steps.id', 'r.stepId').select(['r.submissionId as sid', 'steps.pos']),
          ),
      )
      .with('furthest', (qb) =>
        qb
          .selectFrom('callSubmission as s')
          .leftJoin(
            qb
              .selectFrom('saved')
              .select((s) => ['saved.sid', s.fn.max('saved.pos').as('pos')])
              .groupBy('saved.sid')
              .as('f'),
            (j) => j.onRef('f.sid', '=', 's.id'),
          )
          .where(inScope(true, p))
          .select((eb) =>
            eb
              .case()
              .when('s.closed', '=', sql.lit(true))
              .then(
                qb
                  .selectFrom('steps')
                  .select((s) => s.fn.max('pos').as('m'))
                  .$asScalar(),
              )
              .else(eb.fn.coalesce('f.pos', sql.lit(1)))
              .end()
              .as('pos'),
          ),
      )
      .with('reached', (qb) =>
        qb
          .selectFrom('furthest')
          .where('pos', 'is not', null)
          .select(['pos', countInt().as('n')])
          .groupBy('pos'),
      )
      .selectFrom('steps')
      .select((eb) => [
        'steps.id as stepId',
        'steps.name',
        'steps.kind',
        'steps.sort',
        int(
          eb.fn.coalesce(
            eb
              .selectFrom('reached')
              .where('reached.pos', '>=', eb.ref('steps.pos'))
              .select((r) => r.fn.sum('n').as('n'))
              .$asScalar(),
            sql.lit(0),
          ),
        ).as('reached'),
      ])
      .orderBy('steps.pos'),
  ['state', 'callId'],
);

export const PORTFOLIO = {
  submissions: { call: submissionFigures(true), all: submissionFigures(false) },
  impact: { call: impactFigures(true), all: impactFigures(false) },
  funnel,
};

export type SubmissionFiguresRow = typeof PORTFOLIO.submissions.call.row;
export type ImpactFiguresRow = typeof PORTFOLIO.impact.call.row;
export type FunnelRow = typeof funnel.row;

/** For the benchmark's bare baseline (bench/scenarios/dashboard.mjs): the statements' texts, $1 the state, $2 the call. */
export const scopeWhere = (withCall: boolean): 'call' | 'all' => variant(withCall);
export const submissionFiguresSql = (scope: 'call' | 'all'): string => PORTFOLIO.submissions[scope].text;
export const impactFiguresSql = (scope: 'call' | 'all'): string => PORTFOLIO.impact[scope].text;
export const funnelSql = (scope: 'call' | 'all'): string => (scope === 'call' ? funnel.text : '');
