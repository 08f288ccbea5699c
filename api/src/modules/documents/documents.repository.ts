import { Injectable } from '@nestjs/common';
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { AppUser, Call, CallSubmission, DB, Organization } from '../../database/schema.js';
import { Sql } from '../../database/sql.js';
import { countInt, db, statement, type RowOf } from '../../database/typed-sql.js';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
import { organizationAsSent } from '../submissions/submitted-organization.js';
import { likeContains } from '../../common/http/like.js';

export type ExportCursor = { openedAt: string; id: string };

/** A submission `s` with its call `c`, its organization as it was sent `o` (today's `oNow`) and its user `u`. */
const submissions = () =>
  db
    .selectFrom('callSubmission as s')
    .innerJoin('call as c', 'c.id', 's.callId')
    .innerJoin('organization as oNow', 'oNow.id', 's.organizationId')
    .crossJoinLateral((eb) => organizationAsSent('oNow', eb.ref('s.organizationSnapshot'), 'o'))
    .leftJoin('appUser as u', 'u.id', 's.userId');

/** What every document of a submission starts from; the organization and the user as small JSON objects. */
const head = (qb: ReturnType<typeof submissions>) =>
  qb.select((eb) => [
    ...(['s.id', 's.code', 's.closed', 's.openedAt', 's.submittedAt', 's.closedAt'] as const),
    eb.cast<number | null>('s.quizScore', 'float8').as('quizScore'),
    eb.cast<number | null>('s.sroiScore', 'float8').as('sroiScore'),
    ...(['c.id as callId', 'c.name as callName', 'c.callTypeId'] as const),
    jsonBuildObject({
      name: eb.ref('o.name'),
      regNumber: eb.ref('o.regNumber'),
      streetName: eb.ref('o.streetName'),
      cityName: eb.ref('o.cityName'),
      country: eb.ref('o.country'),
      dateOfFoundation: sql<string | null>`to_char(${eb.ref('o.dateOfFoundation')}, 'YYYY-MM-DD')`,
      contactName: eb.ref('o.contactName'),
      contactSurname: eb.ref('o.contactSurname'),
      contactRole: eb.ref('o.contactRole'),
      contactEmail: eb.ref('o.contactEmail'),
    }).as('organization'),
    eb
      .case()
      .when('u.id', 'is not', null)
      .then(
        jsonBuildObject({
          firstName: eb.ref('u.firstName').$notNull(),
          lastName: eb.ref('u.lastName').$notNull(),
          email: eb.ref('u.email').$notNull(),
        }),
      )
      .end()
      .as('user'),
  ]);

const headOf = statement('documents-head', (p: { id: string }) => head(submissions()).where('s.id', '=', p.id));

export type SubmissionHead = typeof headOf.row;

const results = statement('documents-results', (p: { ids: string[] }) =>
  db
    .selectFrom('stepResult')
    .select((eb) => ['submissionId', 'stepId', 'content', eb.cast<number | null>('score', 'float8').as('score')])
    .where('submissionId', '=', sql<string>`ANY(${p.ids}::uuid[])`),
);

const attachments = statement('documents-attachments', (p: { ids: string[] }) =>
  db
    .selectFrom('attachment as a')
    .leftJoin('attachmentType as t', 't.id', 'a.attachmentTypeId')
    .select((eb) => [
      ...(['a.submissionId', 'a.stepId', 'a.slotIndex', 'a.fileName', 'a.dimensions as size', 'a.description'] as const),
      eb.fn.coalesce('t.code', sql.lit('')).as('type'),
      ...(['a.downloadId', 'a.storageKey'] as const),
    ])
    .where('a.submissionId', '=', sql<string>`ANY(${p.ids}::uuid[])`)
    .where('a.purpose', '=', sql.lit('submission'))
    .orderBy('a.submissionId')
    .orderBy('a.stepId')
    .orderBy('a.slotIndex', (o) => o.nullsLast())
    .orderBy('a.createdAt'),
);

/** A submission's step answer and file, as its documents read them. */
export type DocumentResult = Omit<typeof results.row, 'submissionId' | 'stepId'>;
export type DocumentAttachment = Omit<typeof attachments.row, 'submissionId'>;

/** The active configuration's logo and name (none before any configuration exists). */
const logo = statement('documents-logo', () =>
  db
    .selectFrom('configuration')
    .select(['logoBase64', 'logoWidth', 'logoHeight', 'name'])
    .where((eb) => eb.ref('isActive'))
    .limit(1),
);

/** The review criteria of some calls (retired ones too: old scores keep their column), each call's current ones first. */
const reviewCriteria = statement('documents-review-criteria', (p: { callIds: string[] }) =>
  db
    .selectFrom('reviewCriterion as k')
    .innerJoin('call as c', 'c.id', 'k.callId')
    .select(['k.id', 'k.callId', 'c.name as callName', 'k.name', 'k.retiredAt'])
    .where('k.callId', '=', sql<string>`ANY(${p.callIds}::uuid[])`)
    .orderBy('c.name')
    .orderBy('k.callId')
    .orderBy('k.retiredAt', (o) => o.desc().nullsFirst())
    .orderBy('k.position'),
);

/** Per submission: reviews assigned and done, the scores that count (submitted, not abstained), the call's aggregate, the decision. */
const reviewFigures = statement('documents-review-figures', (p: { ids: string[] }) =>
  db
    .selectFrom('callSubmission as s')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('review as r')
          .whereRef('r.submissionId', '=', 's.id')
          .select((r) => {
            const counted = sql<boolean>`${r.ref('r.submittedAt')} IS NOT NULL AND NOT ${r.ref('r.abstained')} AND ${r.ref('r.score')} IS NOT NULL`;
            return [
              countInt().as('assigned'),
              sql<number>`count(*) FILTER (WHERE ${r.ref('r.submittedAt')} IS NOT NULL)::int`.as('done'),
              sql<number[]>`coalesce(array_agg(${r.ref('r.score')}) FILTER (WHERE ${counted}), '{}')`.as('scores'),
            ];
          })
          .as('f'),
      (join) => join.onTrue(),
    )
    .leftJoin('reviewSettings as rs', 'rs.callId', 's.callId')
    .leftJoin('reviewDecision as d', 'd.submissionId', 's.id')
    .select((eb) => [
      's.id',
      'f.assigned',
      'f.done',
      'f.scores',
      eb.fn.coalesce('rs.aggregate', sql.lit('mean')).as('aggregate'),
      'd.decision',
      'd.releasedAt',
    ])
    .where('s.id', '=', sql<string>`ANY(${p.ids}::uuid[])`),
);

/** The reviews of some submissions, with their call and reviewer, each submission's in the reviewers' order. */
const reviews = statement('documents-reviews', (p: { ids: string[] }) =>
  db
    .selectFrom('review as r')
    .innerJoin('call as c', 'c.id', 'r.callId')
    .innerJoin('callReviewer as v', 'v.id', 'r.reviewerId')
    .leftJoin('appUser as u', 'u.id', 'v.userId')
    .select((eb) => [
      'r.submissionId',
      'c.name as callName',
      sql<string>`trim(coalesce(${eb.ref('u.firstName')}, '') || ' ' || coalesce(${eb.ref('u.lastName')}, ''))`.as('reviewerName'),
      'v.email as reviewerEmail',
      'r.scores',
      'r.score',
      'r.recommendation',
      'r.commentApplicant',
      'r.commentPanel',
      'r.abstained',
      'r.abstainReason',
      'r.savedAt',
      'r.submittedAt',
    ])
    .where('r.submissionId', '=', sql<string>`ANY(${p.ids}::uuid[])`)
    .orderBy('r.submissionId')
    .orderBy('v.email'),
);

export type ExportCriterion = typeof reviewCriteria.row;
export type ExportReviewFigures = typeof reviewFigures.row;
export type ExportReview = typeof reviews.row;

const x = expressionBuilder<DB & { s: CallSubmission; c: Call; oNow: Organization; u: AppUser }, 's' | 'c' | 'oNow' | 'u'>();

/** The console list's filters on `submissions()`: a test checks that the export selects what the list shows. */
function selection(filter: SubmissionFilter) {
  const where: Expression<SqlBool>[] = [];
  if (filter.callId) where.push(x('s.callId', '=', filter.callId));
  if (filter.organizationId) where.push(x('s.organizationId', '=', filter.organizationId));
  if (filter.status) where.push(x('s.closed', '=', filter.status === 'closed'));
  if (filter.openedFrom) where.push(x('s.openedAt', '>=', filter.openedFrom));
  if (filter.openedTo) where.push(x('s.openedAt', '<=', filter.openedTo));
  if (filter.submittedFrom) where.push(x('s.submittedAt', '>=', filter.submittedFrom));
  if (filter.submittedTo) where.push(x('s.submittedAt', '<=', filter.submittedTo));
  if (filter.q) {
    const q = likeContains(filter.q);
    // Today's name, as the console list searches it, so the export selects what the list shows.
    where.push(x.or([x('oNow.name', 'ilike', q), x('s.code', 'ilike', q), x('c.name', 'ilike', q), x('u.email', 'ilike', q)]));
  }
  return submissions().$if(where.length > 0, (b) => b.where(x.and(where)));
}

/** A page of the selection, newest first, after `cursor` (keyset; the opened date as PostgreSQL's text: no precision lost). */
const ordered = (filter: SubmissionFilter, cursor: ExportCursor | undefined, limit: number) =>
  selection(filter)
    .$if(cursor !== undefined, (b) =>
      b.where((eb) => sql<boolean>`(${eb.ref('s.openedAt')}, ${eb.ref('s.id')}) < (${cursor!.openedAt}::timestamptz, ${cursor!.id}::uuid)`),
    )
    .orderBy('s.openedAt', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit);
const cursorOf = x.cast<string>('s.openedAt', 'text').as('cursor');

const keys = (filter: SubmissionFilter, cursor: ExportCursor | undefined, limit: number) =>
  ordered(filter, cursor, limit).select(['s.id', 's.code', 'c.callTypeId', cursorOf]);
/** A submission of an export as its later sheets need it: the code, the call type and the keyset cursor. */
export type ExportKey = RowOf<ReturnType<typeof keys>>;

/** The sum of a number of the submission's miniDyi answers (numbers only: the miniDyi hook stores them so). */
const budget = (field: 'budget' | 'budgetSpent', withBudget: boolean) =>
  withBudget
    ? x
        .selectFrom('stepResult as r')
        .innerJoin('step as st', 'st.id', 'r.stepId')
        .innerJoin('stepType as ty', 'ty.id', 'st.stepTypeId')
        .whereRef('r.submissionId', '=', 's.id')
        .where((eb) =>
          eb.and([
            eb('ty.name', '=', sql.lit('miniDyi')),
            sql<boolean>`jsonb_typeof(${eb.ref('r.content')}->${sql.lit(field)}) = 'number'`,
          ]),
        )
        .select((eb) => sql<number | null>`sum((${eb.ref('r.content')}->>${sql.lit(field)})::numeric)::float8`.as('sum'))
        .$asScalar()
        .as(field)
    : sql<number | null>`NULL`.as(field);

function bySubmission<R extends { submissionId: string | null }>(rows: R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) {
    const list = out.get(r.submissionId!);
    if (list) list.push(r);
    else out.set(r.submissionId!, [r]);
  }
  return out;
}

@Injectable()
export class DocumentsRepository {
  constructor(private readonly sql: Sql) {}

  async head(submissionId: string): Promise<SubmissionHead | undefined> {
    return (await this.sql.run(headOf, { id: submissionId }))[0];
  }

  async results(submissionIds: string[]): Promise<Map<string, Map<string, DocumentResult>>> {
    const rows = bySubmission(await this.sql.run(results, { ids: submissionIds }));
    return new Map([...rows].map(([id, list]) => [id, new Map(list.map((r) => [r.stepId, r]))]));
  }

  async attachments(submissionIds: string[]): Promise<Map<string, DocumentAttachment[]>> {
    return bySubmission(await this.sql.run(attachments, { ids: submissionIds }));
  }

  async logo(): Promise<typeof logo.row | undefined> {
    return (await this.sql.run(logo, {}))[0];
  }

  /** The call types of the selection's submissions (the export's miniDyi sheet reads the selection again only if one has such a step). */
  async callTypes(filter: SubmissionFilter): Promise<string[]> {
    return (await this.sql.list(selection(filter).select('c.callTypeId as id').distinct())).map((r) => r.id);
  }

  /** One page of the export's first sheet (`ordered`), with the budgets unless `withBudget` is false. */
  page(filter: SubmissionFilter, cursor: ExportCursor | undefined, limit: number, withBudget = true) {
    return this.sql.list(
      head(ordered(filter, cursor, limit)).select([cursorOf, budget('budget', withBudget), budget('budgetSpent', withBudget)]),
    );
  }

  keys(filter: SubmissionFilter, cursor: ExportCursor | undefined, limit: number): Promise<ExportKey[]> {
    return this.sql.list(keys(filter, cursor, limit));
  }

  /** The calls of the selection that have any review (the export adds its review columns and sheet only for them). */
  async reviewedCalls(filter: SubmissionFilter): Promise<string[]> {
    const rows = await this.sql.list(
      db
        .selectFrom('call as rc')
        .select('rc.id')
        .where('rc.id', 'in', selection(filter).select('s.callId'))
        .where((eb) => eb.exists(eb.selectFrom('review as r').whereRef('r.callId', '=', 'rc.id').select(sql.lit(1).as('one')))),
    );
    return rows.map((r) => r.id);
  }

  reviewCriteria(callIds: string[]): Promise<ExportCriterion[]> {
    return this.sql.run(reviewCriteria, { callIds });
  }

  async reviewFigures(submissionIds: string[]): Promise<Map<string, ExportReviewFigures>> {
    return new Map((await this.sql.run(reviewFigures, { ids: submissionIds })).map((r) => [r.id, r]));
  }

  async reviews(submissionIds: string[]): Promise<Map<string, ExportReview[]>> {
    return bySubmission(await this.sql.run(reviews, { ids: submissionIds }));
  }
}
