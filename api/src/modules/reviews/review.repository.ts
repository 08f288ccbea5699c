import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type Expression, type OnConflictBuilder } from 'kysely';
import type { DB } from '../../database/schema.js';
import { rankByScore, type ReviewState } from '@impact-calls/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { DataVersions } from '../../database/data-version.js';
import { CacheInvalidation, committedAndSettled } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { countInt, db, isoUtc, statement } from '../../database/typed-sql.js';

const uuids = (ids: string[]) => sql<string>`ANY(${ids}::uuid[])`;

/** A review that counts in an application's score: submitted, not an abstention. */
const SCORED = sql`r.submitted_at IS NOT NULL AND NOT r.abstained`;

/** How many reviews have `column` equal to the outer row's `outer`, in a state (any when omitted). */
const reviewCount = (column: 'reviewer_id' | 'submission_id', outer: Expression<string>, state?: ReviewState) => {
  const only = {
    done: sql` AND x.submitted_at IS NOT NULL`,
    'in-progress': sql` AND x.saved_at IS NOT NULL AND x.submitted_at IS NULL`,
    'to-do': sql` AND x.saved_at IS NULL`,
  };
  return sql<number>`(SELECT count(*)::int FROM review x WHERE x.${sql.raw(column)} = ${outer}${state ? only[state] : sql``})`;
};

const callName = statement('review-call', (p: { callId: string }) =>
  db.selectFrom('call').select(['id', 'name']).where('id', '=', p.callId),
);

const settings = statement('review-settings', (p: { callId: string }) =>
  db.selectFrom('reviewSettings').select(['reviewsPerApplication', 'aggregate', 'disagreementThreshold']).where('callId', '=', p.callId),
);

const saveSettings = statement(
  'review-settings-save',
  (p: { callId: string; reviewsPerApplication: number; aggregate: string; disagreementThreshold: number }) =>
    db
      .insertInto('reviewSettings')
      .values({
        callId: p.callId,
        reviewsPerApplication: p.reviewsPerApplication,
        aggregate: p.aggregate,
        disagreementThreshold: p.disagreementThreshold,
      })
      .onConflict((oc) =>
        oc.column('callId').doUpdateSet((eb) => ({
          reviewsPerApplication: eb.ref('excluded.reviewsPerApplication'),
          aggregate: eb.ref('excluded.aggregate'),
          disagreementThreshold: eb.ref('excluded.disagreementThreshold'),
          updatedAt: sql`now()`,
        })),
      ),
);

const PHASE_COLUMNS = ['id', 'name', 'startsAt', 'endsAt', 'mayScore', 'seeOthers', 'blind', 'mayDecide'] as const;

const phases = statement('review-phases', (p: { callId: string }) =>
  db.selectFrom('reviewPhase').select(PHASE_COLUMNS).where('callId', '=', p.callId).orderBy('startsAt'),
);

const deletePhases = statement('review-phases-delete', (p: { callId: string }) =>
  db.deleteFrom('reviewPhase').where('callId', '=', p.callId),
);

export interface PhaseRow {
  id: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  mayScore: boolean;
  seeOthers: string;
  blind: boolean;
  mayDecide: boolean;
}

const insertPhase = statement('review-phase-insert', (p: PhaseRow & { callId: string }) =>
  db.insertInto('reviewPhase').values({
    id: p.id,
    callId: p.callId,
    name: p.name,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    mayScore: p.mayScore,
    seeOthers: p.seeOthers,
    blind: p.blind,
    mayDecide: p.mayDecide,
  }),
);

const CRITERION_COLUMNS = [
  'id',
  'name',
  'guidance',
  'minScore',
  'maxScore',
  'step',
  'weight',
  'required',
  'retiredAt',
  'position',
] as const;

const criteria = statement('review-criteria', (p: { callId: string }) =>
  db
    .selectFrom('reviewCriterion')
    .select(CRITERION_COLUMNS)
    .where('callId', '=', p.callId)
    .orderBy('retiredAt', 'desc')
    .orderBy('position'),
);

export interface CriterionRow {
  id: string;
  name: string;
  guidance: Record<string, string>;
  minScore: number;
  maxScore: number;
  step: number;
  weight: number;
  required: boolean;
  position: number;
}

const insertCriterion = statement('review-criterion-insert', (p: Omit<CriterionRow, 'guidance'> & { callId: string; guidance: string }) =>
  db.insertInto('reviewCriterion').values({
    id: p.id,
    callId: p.callId,
    name: p.name,
    guidance: p.guidance,
    minScore: p.minScore,
    maxScore: p.maxScore,
    step: p.step,
    weight: p.weight,
    required: p.required,
    position: p.position,
  }),
);

const updateCriterionText = statement('review-criterion-text', (p: { id: string; name: string; guidance: string; position: number }) =>
  db.updateTable('reviewCriterion').set({ name: p.name, guidance: p.guidance, position: p.position }).where('id', '=', p.id),
);

const retireCriteria = statement('review-criteria-retire', (p: { ids: string[] }) =>
  db
    .updateTable('reviewCriterion')
    .set({ retiredAt: sql`now()` })
    .where('id', '=', uuids(p.ids))
    .where('retiredAt', 'is', null),
);

const deleteCriteria = statement('review-criteria-delete', (p: { callId: string }) =>
  db.deleteFrom('reviewCriterion').where('callId', '=', p.callId),
);

const scoringStarted = statement('review-scoring-started', (p: { callId: string }) =>
  db.selectFrom('review').select('id').where('callId', '=', p.callId).where('savedAt', 'is not', null).limit(1),
);

const pendingDecisions = statement('review-pending-count', (p: { callId: string }) =>
  db.selectFrom('reviewDecision').select(countInt().as('n')).where('callId', '=', p.callId).where('releasedAt', 'is', null),
);

const lockCall = statement('review-lock-call', (p: { callId: string }) =>
  db.selectNoFrom(sql<string>`pg_advisory_xact_lock(hashtext('review:' || ${p.callId}))::text`.as('locked')),
);

// Reviewers.

const reviewers = statement('review-reviewers', (p: { callId: string }) =>
  db
    .selectFrom('callReviewer as v')
    .leftJoin('appUser as u', 'u.id', 'v.userId')
    .select((eb) => [
      'v.id',
      'v.userId',
      'v.email',
      sql<string>`trim(coalesce(${eb.ref('u.firstName')}, '') || ' ' || coalesce(${eb.ref('u.lastName')}, ''))`.as('name'),
      reviewCount('reviewer_id', eb.ref('v.id')).as('assigned'),
      reviewCount('reviewer_id', eb.ref('v.id'), 'done').as('done'),
    ])
    .where('v.callId', '=', p.callId)
    .orderBy('v.email'),
);

const addReviewers = statement('review-reviewers-add', (p: { callId: string; emails: string[] }) =>
  db
    .insertInto('callReviewer')
    .columns(['callId', 'email', 'userId', 'invitedAt'])
    .expression((eb) =>
      eb
        .selectFrom(sql<{ email: string }>`unnest(${p.emails}::text[])`.as<'e'>(sql`e(email)`))
        .leftJoinLateral(
          (j) =>
            j
              .selectFrom('appUser as u')
              .select('u.id')
              .whereRef('u.emailFolded', '=', 'e.email')
              .orderBy('u.lastLoginAt', 'desc')
              .limit(1)
              .as('u'),
          (join) => join.onTrue(),
        )
        .select((s) => [
          sql<string>`${p.callId}::uuid`.as('callId'),
          'e.email',
          'u.id as userId',
          sql<Date | null>`CASE WHEN ${s.ref('u.id')} IS NULL THEN now() END`.as('invitedAt'),
        ]),
    )
    .onConflict((oc) => oc.columns(['callId', 'email']).doNothing())
    .returning(['id', 'email', 'userId']),
);

const reviewerWithReviews = statement('review-reviewer-reviews', (p: { callId: string; reviewerId: string }) =>
  db
    .selectFrom('callReviewer as v')
    .select((eb) => ['v.id', reviewCount('reviewer_id', eb.ref('v.id'), 'done').as('submitted')])
    .where('v.callId', '=', p.callId)
    .where('v.id', '=', p.reviewerId),
);

const deleteReviewer = statement('review-reviewer-delete', (p: { reviewerId: string }) =>
  db.deleteFrom('callReviewer').where('id', '=', p.reviewerId),
);

const candidates = statement('review-candidates', (p: { q: string }) =>
  db
    .selectFrom('appUser as u')
    .select((eb) => [
      'u.id as userId',
      'u.email',
      sql<string>`trim(${eb.ref('u.firstName')} || ' ' || ${eb.ref('u.lastName')})`.as('name'),
      sql<boolean>`EXISTS (SELECT 1 FROM unnest(${eb.ref('u.roles')}) r WHERE lower(r) = 'reviewer')`.as('reviewerRole'),
    ])
    .where((eb) =>
      eb.or([
        sql<boolean>`EXISTS (SELECT 1 FROM unnest(${eb.ref('u.roles')}) r WHERE lower(r) = 'reviewer')`,
        eb.and([
          sql<boolean>`${p.q} <> ''`,
          eb.or([
            eb('u.emailFolded', 'like', sql<string>`'%' || lower(${p.q}) || '%'`),
            sql<boolean>`lower(${eb.ref('u.firstName')} || ' ' || ${eb.ref('u.lastName')}) LIKE '%' || lower(${p.q}) || '%'`,
          ]),
        ]),
      ]),
    )
    .orderBy('u.email')
    .limit(20),
);

/** The invited addresses a user now signs in with become their account. */
const linkInvites = statement('review-link-invites', (p: { userId: string; email: string }) =>
  db.updateTable('callReviewer').set({ userId: p.userId }).where('userId', 'is', null).where('email', '=', p.email).returning('id'),
);

// Assignment.

/** The call's submitted applications with what the conflict rules read. */
const applicationsForAssignment = statement('review-assignable', (p: { callId: string }) =>
  db
    .selectFrom('callSubmission as s')
    .innerJoin('organization as o', 'o.id', 's.organizationId')
    .select(['s.id', 's.organizationId', 'o.contactEmail'])
    .where('s.callId', '=', p.callId)
    .where('s.closed', '=', true)
    .orderBy('s.submittedAt')
    .orderBy('s.id'),
);

const reviewersForAssignment = statement('review-assigners', (p: { callId: string }) =>
  db
    .selectFrom('callReviewer as v')
    .select((eb) => [
      'v.id',
      'v.email',
      'v.userId',
      eb.fn
        .coalesce(
          eb
            .selectFrom('organizationMember as m')
            .whereRef('m.userId', '=', 'v.userId')
            .select((o) => sql<string[]>`array_agg(${o.ref('m.organizationId')})`.as('ids'))
            .$asScalar(),
          sql<string[]>`'{}'::uuid[]`,
        )
        .as('organizationIds'),
    ])
    .where('v.callId', '=', p.callId)
    .orderBy('v.createdAt')
    .orderBy('v.id'),
);

const declaredConflicts = statement('review-conflicts', (p: { callId: string }) =>
  db.selectFrom('reviewConflict').select(['submissionId', 'reviewerId']).where('callId', '=', p.callId),
);

const existingPairs = statement('review-pairs', (p: { callId: string }) =>
  db.selectFrom('review').select(['id', 'submissionId', 'reviewerId', 'submittedAt']).where('callId', '=', p.callId),
);

const insertAssignments = statement(
  'review-assign',
  (p: { callId: string; submissionIds: string[]; reviewerIds: string[]; source: string; by: string }) =>
    db
      .insertInto('review')
      .columns(['callId', 'submissionId', 'reviewerId', 'source', 'assignedById'])
      .expression(
        db
          .selectFrom(sql<{ s: string; r: string }>`unnest(${p.submissionIds}::uuid[], ${p.reviewerIds}::uuid[])`.as<'x'>(sql`x(s, r)`))
          .select([
            sql<string>`${p.callId}::uuid`.as('callId'),
            'x.s',
            'x.r',
            sql<string>`${p.source}`.as('source'),
            sql<string>`${p.by}::uuid`.as('by'),
          ]),
      )
      .onConflict((oc) => oc.columns(['submissionId', 'reviewerId']).doNothing())
      .returning(['id', 'submissionId', 'reviewerId']),
);

const deleteReviews = statement('review-unassign', (p: { ids: string[] }) =>
  db.deleteFrom('review').where('id', '=', uuids(p.ids)).returning(['id', 'callId', 'submissionId', 'reviewerId']),
);

const insertEvents = statement(
  'review-events',
  (p: {
    callId: string;
    kind: string;
    actorId: string | null;
    submissionIds: string[];
    reviewerIds: (string | null)[];
    details: string | null;
  }) =>
    db
      .insertInto('reviewEvent')
      .columns(['callId', 'kind', 'actorId', 'submissionId', 'reviewerId', 'details'])
      .expression(
        db
          .selectFrom(
            sql<{ s: string; r: string | null }>`unnest(${p.submissionIds}::uuid[], ${p.reviewerIds}::uuid[])`.as<'x'>(sql`x(s, r)`),
          )
          .select([
            sql<string>`${p.callId}::uuid`.as('callId'),
            sql<string>`${p.kind}`.as('kind'),
            sql<string | null>`${p.actorId}::uuid`.as('actorId'),
            'x.s',
            'x.r',
            sql<unknown>`${p.details}::jsonb`.as('details'),
          ]),
      ),
);

const insertConflict = statement(
  'review-conflict-insert',
  (p: { callId: string; submissionId: string; reviewerId: string; reason: string }) =>
    db
      .insertInto('reviewConflict')
      .values({ callId: p.callId, submissionId: p.submissionId, reviewerId: p.reviewerId, reason: p.reason })
      .onConflict((oc) => oc.columns(['submissionId', 'reviewerId']).doUpdateSet({ reason: p.reason })),
);

// The reviewer's side.

const myCalls = statement('review-my-calls', (p: { userId: string }) =>
  db
    .selectFrom('callReviewer as v')
    .innerJoin('call as c', 'c.id', 'v.callId')
    .select((eb) => [
      'c.id as callId',
      'c.name as callName',
      'v.id as reviewerId',
      reviewCount('reviewer_id', eb.ref('v.id'), 'to-do').as('toDo'),
      reviewCount('reviewer_id', eb.ref('v.id'), 'in-progress').as('inProgress'),
      reviewCount('reviewer_id', eb.ref('v.id'), 'done').as('done'),
    ])
    .where('v.userId', '=', p.userId)
    .orderBy('c.name'),
);

const myAssignments = statement('review-my-assignments', (p: { userId: string; callId: string }) =>
  db
    .selectFrom('review as r')
    .innerJoin('callReviewer as v', 'v.id', 'r.reviewerId')
    .innerJoin('callSubmission as s', 's.id', 'r.submissionId')
    .innerJoin('organization as o', 'o.id', 's.organizationId')
    .select((eb) => [
      'r.id',
      's.code',
      'o.name as organizationName',
      'r.savedAt',
      'r.submittedAt',
      reviewCount('submission_id', eb.ref('r.submissionId'), 'done').as('reviewsDone'),
    ])
    .where('v.userId', '=', p.userId)
    .where('r.callId', '=', p.callId)
    .orderBy('s.code'),
);

/** A review's own columns, as a save answers them. */
const REVIEW_FIELDS = [
  'id',
  'callId',
  'submissionId',
  'reviewerId',
  'scores',
  'score',
  'recommendation',
  'commentApplicant',
  'commentPanel',
  'abstained',
  'abstainReason',
  'version',
  'savedAt',
  'submittedAt',
] as const;

const REVIEW_COLUMNS = [
  'r.id',
  'r.callId',
  'r.submissionId',
  'r.reviewerId',
  'r.scores',
  'r.score',
  'r.recommendation',
  'r.commentApplicant',
  'r.commentPanel',
  'r.abstained',
  'r.abstainReason',
  'r.version',
  'r.savedAt',
  'r.submittedAt',
] as const;

const reviewById = statement('review-by-id', (p: { id: string }) =>
  db.selectFrom('review as r').select(REVIEW_COLUMNS).where('r.id', '=', p.id),
);

/** Everything a reviewer's request on an assignment reads, in one round trip: the review, whose it is, the call's phases and rubric. */
const reviewContext = statement('review-context', (p: { id: string }) =>
  db
    .selectFrom('review as r')
    .innerJoin('callReviewer as v', 'v.id', 'r.reviewerId')
    .select(REVIEW_COLUMNS)
    .select((eb) => [
      'v.userId',
      'v.email',
      eb
        .selectFrom('reviewPhase as p')
        .whereRef('p.callId', '=', 'r.callId')
        .select(() =>
          sql<PhaseRow[]>`coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'startsAt', p.starts_at, 'endsAt', p.ends_at,
            'mayScore', p.may_score, 'seeOthers', p.see_others, 'blind', p.blind, 'mayDecide', p.may_decide) ORDER BY p.starts_at), '[]')`.as(
            'x',
          ),
        )
        .$asScalar()
        .$notNull()
        .as('phases'),
      eb
        .selectFrom('reviewCriterion as c')
        .whereRef('c.callId', '=', 'r.callId')
        .select(() =>
          sql<
            CriterionJson[]
          >`coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'guidance', c.guidance, 'minScore', c.min_score,
            'maxScore', c.max_score, 'step', c.step, 'weight', c.weight, 'required', c.required, 'retiredAt', c.retired_at, 'position', c.position)
            ORDER BY c.retired_at DESC NULLS FIRST, c.position), '[]')`.as('x'),
        )
        .$asScalar()
        .$notNull()
        .as('criteria'),
    ])
    .where('r.id', '=', p.id),
);

type CriterionJson = CriterionRow & { retiredAt: string | null };

const reviewerSubmissions = statement('review-reviewer-submissions', (p: { reviewerId: string }) =>
  db.selectFrom('review').select('submissionId').where('reviewerId', '=', p.reviewerId),
);

const reviewsOf = statement('review-of-submission', (p: { submissionId: string }) =>
  db
    .selectFrom('review as r')
    .innerJoin('callReviewer as v', 'v.id', 'r.reviewerId')
    .leftJoin('appUser as u', 'u.id', 'v.userId')
    .select(REVIEW_COLUMNS)
    .select((eb) => [
      'v.email as reviewerEmail',
      sql<string>`trim(coalesce(${eb.ref('u.firstName')}, '') || ' ' || coalesce(${eb.ref('u.lastName')}, ''))`.as('reviewerName'),
    ])
    .where('r.submissionId', '=', p.submissionId)
    .orderBy('v.email'),
);

export interface SaveReviewArgs {
  id: string;
  version: number;
  scores: string;
  score: number | null;
  recommendation: string | null;
  commentApplicant: string;
  commentPanel: string;
  abstained: boolean;
  abstainReason: string;
  /** Still submitted after this save (complete), or back to a draft. */
  keepSubmitted: boolean;
}

/** The review's fields written, at the version the reviewer read. */
const reviewUpdate = (p: SaveReviewArgs) =>
  db
    .updateTable('review')
    .set((eb) => ({
      scores: p.scores,
      score: p.score,
      recommendation: p.recommendation,
      commentApplicant: p.commentApplicant,
      commentPanel: p.commentPanel,
      abstained: p.abstained,
      abstainReason: p.abstainReason,
      version: eb('version', '+', 1),
      savedAt: sql`now()`,
      submittedAt: sql<Date | null>`CASE WHEN ${p.keepSubmitted}::boolean THEN submitted_at END`,
    }))
    .where('id', '=', p.id)
    .where('version', '=', p.version)
    .returning(REVIEW_FIELDS);

const saveReview = statement('review-save', reviewUpdate);

const submitReview = statement('review-submit', (p: { id: string; version: number }) =>
  db
    .updateTable('review')
    .set((eb) => ({ version: eb('version', '+', 1), submittedAt: sql`now()`, savedAt: sql`now()` }))
    .where('id', '=', p.id)
    .where('version', '=', p.version)
    .returning(['id', 'version']),
);

const nextAssignment = statement('review-next', (p: { userId: string; callId: string; after: string | null }) =>
  db
    .selectFrom('review as r')
    .innerJoin('callReviewer as v', 'v.id', 'r.reviewerId')
    .select((eb) => ['r.id', reviewCount('submission_id', eb.ref('r.submissionId'), 'done').as('done')])
    .where('v.userId', '=', p.userId)
    .where('r.callId', '=', p.callId)
    .where('r.submittedAt', 'is', null)
    .where((eb) => eb.or([sql<boolean>`${p.after}::uuid IS NULL`, eb('r.id', '<>', sql<string>`${p.after}::uuid`)]))
    .orderBy('done')
    .orderBy('r.assignedAt')
    .orderBy('r.id')
    .limit(1),
);

const history = statement('review-history', (p: { submissionId: string }) =>
  db
    .selectFrom('reviewEvent as e')
    .leftJoin('appUser as a', 'a.id', 'e.actorId')
    .leftJoin('callReviewer as v', 'v.id', 'e.reviewerId')
    .leftJoin('appUser as u', 'u.id', 'v.userId')
    .select((eb) => [
      'e.kind',
      isoUtc(eb.ref('e.at')).as('at'),
      'e.actorId',
      'e.reviewerId',
      'e.details',
      sql<string | null>`nullif(trim(coalesce(${eb.ref('a.firstName')}, '') || ' ' || coalesce(${eb.ref('a.lastName')}, '')), '')`.as(
        'byName',
      ),
      sql<
        string | null
      >`coalesce(nullif(trim(coalesce(${eb.ref('u.firstName')}, '') || ' ' || coalesce(${eb.ref('u.lastName')}, '')), ''), ${eb.ref('v.email')})`.as(
        'reviewerName',
      ),
    ])
    .where('e.submissionId', '=', p.submissionId)
    .orderBy('e.at')
    .orderBy('e.id'),
);

const conflictsOf = statement('review-conflicts-of', (p: { submissionId: string }) =>
  db
    .selectFrom('reviewConflict as c')
    .innerJoin('callReviewer as v', 'v.id', 'c.reviewerId')
    .select((eb) => ['v.email as reviewerEmail', 'c.reason', isoUtc(eb.ref('c.declaredAt')).as('declaredAt')])
    .where('c.submissionId', '=', p.submissionId)
    .orderBy('c.declaredAt'),
);

// Decisions.

const submissionsOfCall = statement('review-submissions-of-call', (p: { callId: string; ids: string[] }) =>
  db
    .selectFrom('callSubmission as s')
    .leftJoin('reviewDecision as d', 'd.submissionId', 's.id')
    .select(['s.id', 's.closed', 'd.releasedAt'])
    .where('s.callId', '=', p.callId)
    .where('s.id', '=', uuids(p.ids)),
);

const submissionCall = statement('review-submission-call', (p: { id: string }) =>
  db.selectFrom('callSubmission').select(['callId', 'closed']).where('id', '=', p.id),
);

const upsertDecisions = statement('review-decide', (p: { callId: string; ids: string[]; decision: string; by: string }) =>
  db
    .insertInto('reviewDecision')
    .columns(['submissionId', 'callId', 'decision', 'decidedById'])
    .expression(
      db
        .selectFrom(sql<{ s: string }>`unnest(${p.ids}::uuid[])`.as<'x'>(sql`x(s)`))
        .select(['x.s', sql<string>`${p.callId}::uuid`.as('c'), sql<string>`${p.decision}`.as('d'), sql<string>`${p.by}::uuid`.as('b')]),
    )
    .onConflict((oc) =>
      oc
        .column('submissionId')
        .doUpdateSet((eb) => ({
          decision: eb.ref('excluded.decision'),
          decidedById: eb.ref('excluded.decidedById'),
          decidedAt: sql`now()`,
        }))
        .where('reviewDecision.releasedAt', 'is', null),
    )
    .returning('submissionId'),
);

const withdrawDecisions = statement('review-withdraw', (p: { ids: string[] }) =>
  db.deleteFrom('reviewDecision').where('submissionId', '=', uuids(p.ids)).where('releasedAt', 'is', null).returning('submissionId'),
);

const release = statement('review-release', (p: { callId: string }) =>
  db
    .updateTable('reviewDecision')
    .set({ releasedAt: sql`now()` })
    .where('callId', '=', p.callId)
    .where('releasedAt', 'is', null)
    .returning(['submissionId', 'decision']),
);

const applicantComments = statement('review-applicant-comments', (p: { ids: string[] }) =>
  db
    .selectFrom('review')
    .select(['submissionId', 'commentApplicant'])
    .where('submissionId', '=', uuids(p.ids))
    .where('submittedAt', 'is not', null)
    .where('commentApplicant', '<>', '')
    .orderBy('submissionId')
    .orderBy('submittedAt'),
);

/** An application's review figures from its reviews `r` joined to its submission `s` (the rules of the ranked list, in one place). */
const SUMMARY_FIGURES = [
  's.id',
  's.callId',
  sql<number>`count(r.submission_id)::int`.as('assigned'),
  sql<number>`(count(r.submission_id) FILTER (WHERE r.submitted_at IS NOT NULL))::int`.as('done'),
  sql<number | null>`avg(r.score) FILTER (WHERE ${SCORED})`.as('mean'),
  sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY r.score) FILTER (WHERE ${SCORED})`.as('median'),
  sql<number | null>`max(r.score) FILTER (WHERE ${SCORED}) - min(r.score) FILTER (WHERE ${SCORED})`.as('spread'),
] as const;
const SUMMARY_COLUMNS = ['submissionId', 'callId', 'reviewsAssigned', 'reviewsDone', 'mean', 'median', 'spread'] as const;

/** Writes the figures computed, leaving a summary whose figures did not change untouched (it would move the call's data version). */
const upsertFigures = (oc: OnConflictBuilder<DB, 'reviewSummary'>) =>
  oc
    .column('submissionId')
    .doUpdateSet((eb) => ({
      reviewsAssigned: eb.ref('excluded.reviewsAssigned'),
      reviewsDone: eb.ref('excluded.reviewsDone'),
      mean: eb.ref('excluded.mean'),
      median: eb.ref('excluded.median'),
      spread: eb.ref('excluded.spread'),
    }))
    .where(
      sql<boolean>`(review_summary.reviews_assigned, review_summary.reviews_done, review_summary.mean, review_summary.median, review_summary.spread)
          IS DISTINCT FROM (excluded.reviews_assigned, excluded.reviews_done, excluded.mean, excluded.median, excluded.spread)`,
    );

/** Rewrites the review figures of these applications from their reviews. */
const refreshSummaries = statement('review-summary-refresh', (p: { ids: string[] }) =>
  db
    .insertInto('reviewSummary')
    .columns(SUMMARY_COLUMNS)
    .expression(
      db
        .selectFrom('callSubmission as s')
        .leftJoin('review as r', 'r.submissionId', 's.id')
        .select(SUMMARY_FIGURES)
        .where('s.id', '=', uuids(p.ids))
        .groupBy(['s.id', 's.callId']),
    )
    .onConflict(upsertFigures),
);

/**
 * A submitted review's save and its application's figures in one statement: the figures read the
 * saved row beside the application's other reviews (a statement's parts all see the same snapshot).
 */
const saveSubmittedReview = statement('review-save-submitted', (p: SaveReviewArgs) =>
  db
    .with('saved', () => reviewUpdate(p))
    .with('reviews', (w) =>
      w
        .selectFrom('review')
        .select(['submissionId', 'score', 'submittedAt', 'abstained'])
        .where('submissionId', '=', (eb) => eb.selectFrom('saved').select('saved.submissionId'))
        .where('id', '<>', p.id)
        .unionAll(w.selectFrom('saved').select(['submissionId', 'score', 'submittedAt', 'abstained'])),
    )
    .with('summary', (w) =>
      w
        .insertInto('reviewSummary')
        .columns(SUMMARY_COLUMNS)
        .expression(
          w
            .selectFrom('saved')
            .innerJoin('callSubmission as s', 's.id', 'saved.submissionId')
            .innerJoin('reviews as r', 'r.submissionId', 's.id')
            .select(SUMMARY_FIGURES)
            .groupBy(['s.id', 's.callId']),
        )
        .onConflict(upsertFigures),
    )
    .selectFrom('saved')
    .select(REVIEW_FIELDS),
);

/** The call's submitted applications with their review figures and decision: what the ranked list is made of. */
const rankingRows = statement('review-ranking', (p: { callId: string }) =>
  db
    .selectFrom('callSubmission as s')
    .innerJoin('organization as o', 'o.id', 's.organizationId')
    .leftJoin('reviewSummary as rs', 'rs.submissionId', 's.id')
    .leftJoin('reviewDecision as d', 'd.submissionId', 's.id')
    .select((eb) => [
      's.id',
      's.code',
      'o.name as organizationName',
      's.submittedAt',
      eb.fn.coalesce('rs.reviewsDone', sql<number>`0`).as('reviewsDone'),
      eb.fn.coalesce('rs.reviewsAssigned', sql<number>`0`).as('reviewsAssigned'),
      'rs.mean',
      'rs.median',
      'rs.spread',
      'd.decision',
      'd.releasedAt',
    ])
    .where('s.callId', '=', p.callId)
    .where('s.closed', '=', true),
);

type RankingRow = typeof rankingRows.row;
export type RankedApplication = Omit<RankingRow, 'mean' | 'median'> & { score: number | null; rank: number | null };
export const RANKED_SORTS = ['rank', 'score', 'spread', 'reviewsDone', 'code', 'organizationName', 'submittedAt', 'decision'] as const;
export type RankedSort = (typeof RANKED_SORTS)[number];

const text = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
function compareValues(a: unknown, b: unknown): number {
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text.compare(String(a), String(b));
}

/**
 * A call's ranked applications at one data version, in rank order; each other order is sorted
 * once, when first asked, and kept with them.
 */
export class RankedList {
  private readonly orders = new Map<string, readonly RankedApplication[]>();
  private byId?: Map<string, RankedApplication>;

  constructor(readonly rows: readonly RankedApplication[]) {}

  get(id: string): RankedApplication | undefined {
    this.byId ??= new Map(this.rows.map((r) => [r.id, r]));
    return this.byId.get(id);
  }

  /** Sorted on one field, missing values last either way, then by code. */
  sorted(field: RankedSort, descending: boolean): readonly RankedApplication[] {
    const key = `${field}:${descending}`;
    let rows = this.orders.get(key);
    if (!rows) {
      const sign = descending ? -1 : 1;
      rows = [...this.rows].sort((a, b) => {
        const x = a[field];
        const y = b[field];
        if (x !== y && (x === null || y === null)) return x === null ? 1 : -1;
        return (x === null ? 0 : sign * compareValues(x, y)) || compareValues(a.code, b.code);
      });
      this.orders.set(key, rows);
    }
    return rows;
  }
}

function rankedList(rows: RankingRow[], median: boolean): RankedList {
  const scores = rows.map((r) => (median ? r.median : r.mean));
  const ranks = rankByScore(scores);
  const ranked = rows.map(({ mean: _mean, median: _median, ...r }, i) => ({ ...r, score: scores[i], rank: ranks[i] }));
  return new RankedList(new RankedList(ranked).sorted('rank', false));
}

/** Review of submissions: every statement of the review_* tables and call_reviewer (their one writer). */
@Injectable()
export class ReviewRepository {
  /** Ranked lists by call and aggregate (a few calls are in review at once). */
  private readonly rankings;

  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly invalidation: CacheInvalidation,
    private readonly sql: Sql,
    private readonly versions: DataVersions,
  ) {
    this.rankings = versions.cache<RankedList>('review-ranking', 20);
  }

  /** A write; when it also changed cached rows of other owners (a release), this replica's caches have taken it when it answers. */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return committedAndSettled(this.data.manager, this.invalidation, work);
  }

  /** A write of the review tables only, which no cache holds: nothing to wait for once committed. */
  reviewsTransaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.data.manager.transaction(work);
  }

  /** Serializes the review writes of one call (assignment runs, releases). */
  async lockCall(m: EntityManager, callId: string): Promise<void> {
    await this.sql.run(lockCall, { callId }, m);
  }

  async call(callId: string, m?: EntityManager) {
    return (await this.sql.run(callName, { callId }, m))[0];
  }

  async settings(callId: string, m?: EntityManager) {
    return (await this.sql.run(settings, { callId }, m))[0];
  }

  async saveSettings(
    callId: string,
    s: { reviewsPerApplication: number; aggregate: string; disagreementThreshold: number },
    m?: EntityManager,
  ) {
    await this.sql.run(saveSettings, { callId, ...s }, m);
  }

  phases(callId: string, m?: EntityManager) {
    return this.sql.run(phases, { callId }, m);
  }

  async replacePhases(m: EntityManager, callId: string, rows: PhaseRow[]) {
    await this.sql.run(deletePhases, { callId }, m);
    for (const row of rows) await this.sql.run(insertPhase, { ...row, callId }, m);
  }

  criteria(callId: string, m?: EntityManager) {
    return this.sql.run(criteria, { callId }, m);
  }

  async scoringStarted(callId: string, m?: EntityManager): Promise<boolean> {
    return (await this.sql.run(scoringStarted, { callId }, m)).length > 0;
  }

  async pendingDecisions(callId: string): Promise<number> {
    return (await this.sql.run(pendingDecisions, { callId }))[0]?.n ?? 0;
  }

  async deleteCriteria(m: EntityManager, callId: string) {
    await this.sql.run(deleteCriteria, { callId }, m);
  }

  async insertCriterion(m: EntityManager, callId: string, c: CriterionRow) {
    await this.sql.run(insertCriterion, { ...c, callId, guidance: JSON.stringify(c.guidance) }, m);
  }

  async updateCriterionText(m: EntityManager, c: { id: string; name: string; guidance: Record<string, string>; position: number }) {
    await this.sql.run(updateCriterionText, { ...c, guidance: JSON.stringify(c.guidance) }, m);
  }

  async retireCriteria(m: EntityManager, ids: string[]) {
    if (ids.length) await this.sql.run(retireCriteria, { ids }, m);
  }

  reviewers(callId: string) {
    return this.sql.run(reviewers, { callId });
  }

  addReviewers(m: EntityManager, callId: string, emails: string[]) {
    return this.sql.run(addReviewers, { callId, emails }, m);
  }

  async reviewerSubmitted(callId: string, reviewerId: string): Promise<number | undefined> {
    return (await this.sql.run(reviewerWithReviews, { callId, reviewerId }))[0]?.submitted;
  }

  async deleteReviewer(reviewerId: string, m: EntityManager) {
    await this.sql.run(deleteReviewer, { reviewerId }, m);
  }

  candidates(q: string) {
    return this.sql.run(candidates, { q });
  }

  async linkInvites(userId: string, email: string): Promise<number> {
    return (await this.sql.run(linkInvites, { userId, email })).length;
  }

  applicationsForAssignment(callId: string, m: EntityManager) {
    return this.sql.run(applicationsForAssignment, { callId }, m);
  }

  reviewersForAssignment(callId: string, m: EntityManager) {
    return this.sql.run(reviewersForAssignment, { callId }, m);
  }

  declaredConflicts(callId: string, m: EntityManager) {
    return this.sql.run(declaredConflicts, { callId }, m);
  }

  existingPairs(callId: string, m: EntityManager) {
    return this.sql.run(existingPairs, { callId }, m);
  }

  insertAssignments(m: EntityManager, callId: string, pairs: { submissionId: string; reviewerId: string }[], source: string, by: string) {
    return this.sql.run(
      insertAssignments,
      { callId, submissionIds: pairs.map((x) => x.submissionId), reviewerIds: pairs.map((x) => x.reviewerId), source, by },
      m,
    );
  }

  deleteReviews(m: EntityManager, ids: string[]) {
    return this.sql.run(deleteReviews, { ids }, m);
  }

  async events(
    m: EntityManager,
    callId: string,
    kind: string,
    actorId: string | null,
    rows: { submissionId: string; reviewerId?: string | null }[],
    details?: Record<string, unknown>,
  ) {
    if (!rows.length) return;
    await this.sql.run(
      insertEvents,
      {
        callId,
        kind,
        actorId,
        submissionIds: rows.map((r) => r.submissionId),
        reviewerIds: rows.map((r) => r.reviewerId ?? null),
        details: details ? JSON.stringify(details) : null,
      },
      m,
    );
  }

  async insertConflict(m: EntityManager, c: { callId: string; submissionId: string; reviewerId: string; reason: string }) {
    await this.sql.run(insertConflict, c, m);
  }

  myCalls(userId: string) {
    return this.sql.run(myCalls, { userId });
  }

  myAssignments(userId: string, callId: string) {
    return this.sql.run(myAssignments, { userId, callId });
  }

  async review(id: string, m?: EntityManager) {
    return (await this.sql.run(reviewById, { id }, m))[0];
  }

  async context(id: string) {
    return (await this.sql.run(reviewContext, { id }))[0];
  }

  async reviewerSubmissions(reviewerId: string, m: EntityManager): Promise<string[]> {
    return (await this.sql.run(reviewerSubmissions, { reviewerId }, m)).map((r) => r.submissionId);
  }

  reviewsOf(submissionId: string) {
    return this.sql.run(reviewsOf, { submissionId });
  }

  async saveReview(a: SaveReviewArgs, m?: EntityManager) {
    return (await this.sql.run(saveReview, a, m))[0];
  }

  /** Saves a submitted review and rewrites its application's figures, atomically. */
  async saveSubmittedReview(a: SaveReviewArgs) {
    return (await this.sql.run(saveSubmittedReview, a))[0];
  }

  async submitReview(m: EntityManager, id: string, version: number) {
    return (await this.sql.run(submitReview, { id, version }, m))[0];
  }

  async next(userId: string, callId: string, after: string | null): Promise<string | null> {
    return (await this.sql.run(nextAssignment, { userId, callId, after }))[0]?.id ?? null;
  }

  history(submissionId: string) {
    return this.sql.run(history, { submissionId });
  }

  conflictsOf(submissionId: string) {
    return this.sql.run(conflictsOf, { submissionId });
  }

  submissionsOfCall(callId: string, ids: string[], m?: EntityManager) {
    return this.sql.run(submissionsOfCall, { callId, ids }, m);
  }

  submissionCall(submissionId: string) {
    return this.sql.run(submissionCall, { id: submissionId });
  }

  async decide(m: EntityManager, callId: string, ids: string[], decision: string, by: string): Promise<string[]> {
    return (await this.sql.run(upsertDecisions, { callId, ids, decision, by }, m)).map((r) => r.submissionId);
  }

  async withdraw(m: EntityManager, ids: string[]): Promise<string[]> {
    return (await this.sql.run(withdrawDecisions, { ids }, m)).map((r) => r.submissionId);
  }

  release(m: EntityManager, callId: string) {
    return this.sql.run(release, { callId }, m);
  }

  applicantComments(m: EntityManager, ids: string[]) {
    return this.sql.run(applicantComments, { ids }, m);
  }

  /** After any change to these applications' reviews, in its transaction. */
  async refreshSummaries(m: EntityManager, submissionIds: string[]) {
    if (submissionIds.length) await this.sql.run(refreshSummaries, { ids: [...new Set(submissionIds)] }, m);
  }

  /** The call's ranked list, kept while the call's data version holds (it moves with every write the list reads). */
  async ranking(callId: string, median: boolean): Promise<RankedList> {
    const version = await this.versions.of(callId);
    return this.rankings.get(`${callId}|${median}`, version, async () => rankedList(await this.sql.run(rankingRows, { callId }), median));
  }
}
