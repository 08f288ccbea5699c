import { Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { CallTiming, EmailFiltered, ReviewPhase } from '@impact-calls/domain';
import type { DB } from '../../database/schema.js';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';

export type CallFacts = CallTiming & EmailFiltered;

export interface SubmissionFacts {
  organizationId: string;
  closed: boolean;
  call: CallFacts;
}

/** What the PDF rule reads besides: whether the submission's call lets applicants download it. */
export interface SubmissionPdfFacts extends SubmissionFacts {
  enableUserDownloadPdf: boolean;
}

/** What the report rule reads of a call: the e-mail filter and the end of its lock. */
export type ReportCallFacts = EmailFiltered & { callLockEnd?: string | Date | null };

export interface AttachmentFacts {
  purpose: string;
  /** The submission a submission file belongs to (null for console files). */
  submission: SubmissionFacts | null;
  /** The calls offering a custom file. */
  customFileCalls: CallFacts[];
}

/** A reviewer of a call: their account, or the address invited before its first sign-in. */
export interface ReviewerFacts {
  userId: string | null;
  email: string;
}

/** What the review rules read of an assignment: whose it is and the call's phases. */
export interface AssignmentFacts extends ReviewerFacts {
  phases: ReviewPhase[];
}

export interface CallReviewFacts {
  reviewers: ReviewerFacts[];
}

const CALL_COLUMNS = ['isUserFilterEnable', 'userFilterEmail', 'openingAt', 'closingAt', 'callLockEnd'] as const;

const anyOf = (ids: string[]) => sql<string>`ANY(${ids}::uuid[])`;

const callJson = (eb: ExpressionBuilder<DB & { c: DB['call'] }, 'c'>) =>
  jsonBuildObject({
    isUserFilterEnable: eb.ref('c.isUserFilterEnable'),
    userFilterEmail: eb.ref('c.userFilterEmail'),
    openingAt: eb.ref('c.openingAt'),
    closingAt: eb.ref('c.closingAt'),
  });

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map(({ id, ...facts }) => [id, facts]));

const calls = statement('access-calls', (p: { ids: string[] }) =>
  db.selectFrom('call').select('id').select(CALL_COLUMNS).where('id', '=', anyOf(p.ids)),
);

const callTypes = statement('access-call-types', (p: { ids: string[] }) =>
  db.selectFrom('call').select('callTypeId as id').select(CALL_COLUMNS).where('callTypeId', '=', anyOf(p.ids)),
);

const submissions = statement('access-submissions', (p: { ids: string[] }) =>
  db
    .selectFrom('callSubmission as s')
    .innerJoin('call as c', 'c.id', 's.callId')
    .select((eb) => ['s.id', 's.organizationId', 's.closed', callJson(eb).as('call'), 'c.enableUserDownloadPdf'])
    .where('s.id', '=', anyOf(p.ids)),
);

const attachments = statement('access-attachments', (p: { ids: string[] }) =>
  db
    .selectFrom('attachment as a')
    .leftJoin('callSubmission as s', 's.id', 'a.submissionId')
    .leftJoin('call as c', 'c.id', 's.callId')
    .select((eb) => [
      'a.id',
      'a.purpose',
      eb
        .case()
        .when('c.id', 'is not', null)
        .then(
          jsonBuildObject({
            organizationId: eb.ref('s.organizationId').$notNull(),
            closed: eb.ref('s.closed').$notNull(),
            call: callJson(eb),
          }),
        )
        .end()
        .as('submission'),
      // The calls offering the file (as `c` inside), for a custom file only.
      eb
        .selectFrom('call as c')
        .where((o) => o.and([o('a.purpose', '=', sql.lit('custom-file')), o('c.customFileId', '=', o.ref('a.downloadId'))]))
        .select((o) => o.fn.coalesce(o.fn.jsonAgg(callJson(o)), sql<never[]>`'[]'::json`).as('list'))
        .$asScalar()
        .$notNull()
        .as('customFileCalls'),
    ])
    .where('a.id', '=', anyOf(p.ids)),
);

const phasesOf = (eb: ExpressionBuilder<DB & { r: DB['review'] }, 'r'>) =>
  eb
    .selectFrom('reviewPhase as p')
    .whereRef('p.callId', '=', 'r.callId')
    .select((o) =>
      o.fn
        .coalesce(
          o.fn.jsonAgg(
            jsonBuildObject({
              id: o.ref('p.id'),
              startsAt: o.ref('p.startsAt'),
              endsAt: o.ref('p.endsAt'),
              mayScore: o.ref('p.mayScore'),
              seeOthers: o.ref('p.seeOthers'),
              blind: o.ref('p.blind'),
              mayDecide: o.ref('p.mayDecide'),
            }),
          ),
          sql<never[]>`'[]'::json`,
        )
        .as('list'),
    )
    .$asScalar()
    .$notNull();

const assignments = statement('access-assignments', (p: { ids: string[] }) =>
  db
    .selectFrom('review as r')
    .innerJoin('callReviewer as v', 'v.id', 'r.reviewerId')
    .select((eb) => ['r.id', 'v.userId', 'v.email', phasesOf(eb).as('phases')])
    .where('r.id', '=', anyOf(p.ids)),
);

const callReviewers = statement('access-call-reviewers', (p: { ids: string[] }) =>
  db
    .selectFrom('callReviewer as v')
    .select((eb) => [
      'v.callId as id',
      eb.fn.jsonAgg(jsonBuildObject({ userId: eb.ref('v.userId'), email: eb.ref('v.email') })).as('reviewers'),
    ])
    .where('v.callId', '=', anyOf(p.ids))
    .groupBy('v.callId'),
);

/**
 * The facts every access decision reads, for a set of ids in one statement each; the rules live in
 * AccessPolicy. The only SQL that crosses every module's tables, on purpose: access is decided in one place.
 */
@Injectable()
export class AccessRepository {
  constructor(private readonly sql: Sql) {}

  async calls(ids: string[]): Promise<Map<string, CallFacts & ReportCallFacts>> {
    return byId(await this.sql.run(calls, { ids }));
  }

  async callsOfCallTypes(ids: string[]): Promise<Map<string, CallFacts[]>> {
    const found = new Map<string, CallFacts[]>();
    for (const { id, ...facts } of await this.sql.run(callTypes, { ids })) found.set(id, [...(found.get(id) ?? []), facts]);
    return found;
  }

  async submissions(ids: string[]): Promise<Map<string, SubmissionPdfFacts>> {
    return byId(await this.sql.run(submissions, { ids }));
  }

  async assignments(ids: string[]): Promise<Map<string, AssignmentFacts>> {
    return byId((await this.sql.run(assignments, { ids })) as (AssignmentFacts & { id: string })[]);
  }

  async callReviewers(ids: string[]): Promise<Map<string, CallReviewFacts>> {
    return byId(await this.sql.run(callReviewers, { ids }));
  }

  async attachments(ids: string[]): Promise<Map<string, AttachmentFacts>> {
    return byId(await this.sql.run(attachments, { ids }));
  }
}
