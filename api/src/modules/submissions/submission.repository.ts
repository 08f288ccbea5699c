import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { impactFacts, mergeImpactFacts, type ImpactFacts } from '@impact-calls/domain';
import { expressionBuilder, sql, type Expression, type OrderByItemBuilder, type SqlBool } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { likeContains } from '../../common/http/like.js';
import { EXACT_COUNT_LIMIT, PlannerEstimates } from '../../common/http/list-count.js';
import type { DB } from '../../database/schema.js';
import { CacheInvalidation, type SharedCache } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { countInt, db, isoUtc, statement } from '../../database/typed-sql.js';
import type { CallSubmissionEntity } from './call-submission.entity.js';
import type { SubmissionRowDto } from './dto/submission.dto.js';
import type { StepWithKind } from '../steps/steps.repository.js';
import type { StepResultEntity } from './step-result.entity.js';
import type { parseSubmissionFilter } from './submissions.service.js';
import type { SubmissionEventKind } from './submission-event.entity.js';
import { organizationAsSent, organizationSnapshot } from './submitted-organization.js';

export type SubmissionFilter = Partial<ReturnType<typeof parseSubmissionFilter>>;

/**
 * The list's sorts (empty values first ascending, last descending, then `id`); a column without empty
 * values keeps the default NULLS placement so its index scans either way; `join`: the table it reads.
 */
const SORTS: Record<string, { column: string; nullable: boolean; join?: 'call' | 'organization' }> = {
  code: { column: 's.code', nullable: false },
  callName: { column: 'c.name', nullable: false, join: 'call' },
  organizationName: { column: 'o.name', nullable: false, join: 'organization' },
  closed: { column: 's.closed', nullable: false },
  status: { column: 's.closed', nullable: false },
  openedAt: { column: 's.openedAt', nullable: false },
  submittedAt: { column: 's.submittedAt', nullable: true },
  lastSubmittedAt: { column: 's.lastSubmittedAt', nullable: true },
  closedAt: { column: 's.closedAt', nullable: true },
  quizScore: { column: 's.quizScore', nullable: true },
  sroiScore: { column: 's.sroiScore', nullable: true },
};
export const SUBMISSION_SORTABLE = Object.keys(SORTS);

export { EXACT_COUNT_LIMIT };

/** A step of the call with what the submission holds for it, as closing checks them: its result and the upload slots that hold a file. */
export type ClosingStep = StepWithKind & { result: StepResultEntity | undefined; filledSlots: Set<number> };

/** A step result to write, and what the submission's live row must still be for the write to happen. */
export interface ResultWrite {
  submissionId: string;
  stepId: string;
  content: unknown;
  score: number | null;
  /** Written only if the stored version is still this one (0: nothing saved yet). */
  version: number;
  /** Written only while the submission belongs to this organization and call and is not closed. */
  organizationId: string;
  callId: string;
  /** Who saves: recorded on the row, so a member whose save comes too late is told who changed it. */
  userId: string;
}

const float = (e: Expression<unknown>) => sql<number | null>`${e}::float8`;
const [NOW, ONE, ZERO] = [sql<Date>`now()`, sql.lit(1), sql.lit(0)];
const [CLOSED, OPEN] = [sql.lit<'closed'>('closed'), sql.lit<'open'>('open')];
const onSubmission = expressionBuilder<DB, 'callSubmission'>();
const onResult = expressionBuilder<DB & { r: DB['stepResult'] }, 'r'>();
const NEXT_VERSION = onSubmission('version', '+', ONE);

/** A submission's columns as CallSubmissionEntity holds them (but the snapshot), the numeric scores as numbers. */
// prettier-ignore
const SUBMISSION = [
  'id', 'createdAt', 'updatedAt', 'version', 'callId', 'organizationId', 'userId', 'code', 'closed', 'openedAt', 'submittedAt',
  'lastSubmittedAt', 'closedAt', float(onSubmission.ref('quizScore')).as('quizScore'), float(onSubmission.ref('sroiScore')).as('sroiScore'),
  'decision',
] as const;

/** A step result's columns as StepResultEntity holds them (alias `r`), but its step and content. */
const RESULT = ['r.id', 'r.createdAt', 'r.updatedAt', 'r.version', 'r.submissionId', float(onResult.ref('r.score')).as('score')] as const;

const submission = db.selectFrom('callSubmission').select(SUBMISSION);
const find = statement('submissions-find', (p: { id: string }) => submission.where('id', '=', p.id));
const forCall = statement('submissions-for-call', (p: { callId: string; organizationId: string }) =>
  submission.where('callId', '=', p.callId).where('organizationId', '=', p.organizationId),
);
const lock = statement('submissions-lock', (p: { id: string }) =>
  db.updateTable('callSubmission').set({ version: NEXT_VERSION }).where('id', '=', p.id).returning(SUBMISSION),
);
const targetOf = statement('submissions-target', (p: { id: string }) =>
  db.selectFrom('callSubmission').select(['callId', 'organizationId']).where('id', '=', p.id),
);

/** Which call and organization a submission belongs to: fixed for the submission's lifetime. */
export type SubmissionTarget = typeof targetOf.row;

export const insertSubmission = statement(
  'submissions-insert',
  (p: Pick<CallSubmissionEntity, 'callId' | 'organizationId' | 'userId' | 'code'>) =>
    db
      .insertInto('callSubmission')
      .values({ callId: p.callId, organizationId: p.organizationId, userId: p.userId, code: p.code })
      .onConflict((oc) => oc.columns(['callId', 'organizationId']).doNothing())
      .returning('id'),
);
const setSroi = statement('submissions-set-sroi', (p: { id: string; sroi: number | null }) =>
  db.updateTable('callSubmission').set({ sroiScore: p.sroi, updatedAt: NOW }).where('id', '=', p.id),
);

/** The organization (as the submission was sent) and the user of a submission. */
const people = statement('submissions-people', (p: { id: string }) =>
  db
    .selectFrom('callSubmission as s')
    .innerJoin('organization as oNow', 'oNow.id', 's.organizationId')
    .crossJoinLateral((eb) => organizationAsSent('oNow', eb.ref('s.organizationSnapshot'), 'o'))
    .leftJoin('appUser as u', 'u.id', 's.userId')
    .select(['o.name', 'o.regNumber', 'o.contactName', 'o.contactSurname', 'o.contactEmail', 'u.firstName', 'u.lastName', 'u.email'])
    .where('s.id', '=', p.id),
);

/** The submission (what the policy and a close need of it) and, per step asked for, its result (null columns: none) and filled slots. */
const forClose = statement('submissions-for-close', (p: { submissionId: string; stepIds: string[] }) =>
  db
    .selectFrom('callSubmission as s')
    .leftJoin(sql<{ id: string }>`unnest(${p.stepIds}::uuid[])`.as<'st'>(sql`st(id)`), (join) => join.onTrue())
    .leftJoin('stepResult as r', (join) => join.onRef('r.submissionId', '=', 's.id').onRef('r.stepId', '=', 'st.id'))
    .select((eb) => [
      jsonBuildObject({ organizationId: eb.ref('s.organizationId'), closed: eb.ref('s.closed'), version: eb.ref('s.version') }).as(
        'submission',
      ),
      ...RESULT,
      'st.id as stepId',
      'r.content',
      sql<number[]>`ARRAY(${eb
        .selectFrom('attachment as a')
        .select('a.slotIndex')
        .where('a.submissionId', '=', p.submissionId)
        .whereRef('a.stepId', '=', 'st.id')
        .where('a.purpose', '=', sql.lit('submission'))
        .where('a.slotIndex', 'is not', null)})`.as('filled'),
    ])
    .where('s.id', '=', p.submissionId),
);

const resultsOf = (submissionId: string) =>
  db
    .selectFrom('stepResult as r')
    .select([...RESULT, 'r.stepId', 'r.content'])
    .where('r.submissionId', '=', submissionId);
const results = statement('submissions-results', (p: { submissionId: string }) => resultsOf(p.submissionId).orderBy('r.createdAt', 'asc'));
const result = statement('submissions-result', (p: { submissionId: string; stepId: string }) =>
  resultsOf(p.submissionId).where('r.stepId', '=', p.stepId),
);

/** A save: the submission's row locked while still the organization's, of that call and open, the answer written at its version. */
const save = (insert: boolean) =>
  statement(`submissions-${insert ? 'insert' : 'update'}-result`, (p: Omit<ResultWrite, 'content'> & { content: string }) =>
    db
      .with('target', (qb) =>
        qb
          .selectFrom('callSubmission as s')
          .select('s.id')
          .where('s.id', '=', p.submissionId)
          .where('s.organizationId', '=', p.organizationId)
          .where('s.callId', '=', p.callId)
          .where((eb) => eb.not(eb.ref('s.closed')))
          .forNoKeyUpdate(),
      )
      .with('written', (qb) =>
        insert
          ? qb
              .insertInto('stepResult')
              .columns(['submissionId', 'stepId', 'content', 'score', 'updatedById'])
              .expression((eb) =>
                eb
                  .selectFrom('target')
                  .select([
                    'id',
                    eb.val(p.stepId).as('s'),
                    sql`${p.content}::jsonb`.as('c'),
                    eb.val(p.score).as('n'),
                    eb.val(p.userId).as('u'),
                  ]),
              )
              .onConflict((oc) => oc.columns(['submissionId', 'stepId']).doNothing())
              .returningAll()
          : qb
              .updateTable('stepResult as r')
              .from('target')
              .set({
                content: sql`${p.content}::jsonb`,
                score: p.score,
                version: onResult('r.version', '+', ONE),
                updatedAt: NOW,
                updatedById: p.userId,
              })
              .whereRef('r.submissionId', '=', 'target.id')
              .where('r.stepId', '=', p.stepId)
              .where('r.version', '=', p.version)
              .returningAll('r'),
      )
      .with('moved', (qb) =>
        qb
          .updateTable('callSubmission as s')
          .from('written')
          .set((eb) => ({ version: eb('s.version', '+', ONE) }))
          .whereRef('s.id', '=', 'written.submissionId'),
      )
      .selectFrom('written as r')
      .select([...RESULT, 'r.stepId']),
  );
const [insertResult, updateResult] = [save(true), save(false)];

/** A step's current answers: their version, when and by whom they were saved (the user's names, empty when not recorded). */
const lastSave = statement('submissions-last-save', (p: { submissionId: string; stepId: string }) =>
  db
    .selectFrom('stepResult as r')
    .leftJoin('appUser as u', 'u.id', 'r.updatedById')
    .select((eb) => ['r.version', isoUtc(eb.ref('r.updatedAt')).as('changedAt'), 'u.firstName', 'u.lastName', 'u.email'])
    .where('r.submissionId', '=', p.submissionId)
    .where('r.stepId', '=', p.stepId),
);

const setScore = statement('submissions-set-result-score', (p: { id: string; score: number | null }) =>
  db.updateTable('stepResult').set({ score: p.score, updatedAt: NOW, version: NEXT_VERSION }).where('id', '=', p.id),
);

// prettier-ignore
const attachments = statement('submissions-attachments', (p: { submissionId: string }) =>
  db
    .selectFrom('attachment as a')
    .innerJoin('attachmentType as aty', 'aty.id', 'a.attachmentTypeId')
    .select((eb) => [
      'a.id', 'a.createdAt', 'a.updatedAt', 'a.version', 'a.purpose', 'a.submissionId', 'a.organizationId', 'a.stepId', 'a.slotIndex',
      'a.attachmentTypeId', 'a.fileName', 'a.description', 'a.dimensions', 'a.mimeType', 'a.storageKey', 'a.downloadId', 'a.uploadedById',
      jsonBuildObject({ code: eb.ref('aty.code') }).as('attachmentType'),
    ])
    .where('a.submissionId', '=', p.submissionId)
    .where('a.purpose', '=', sql.lit('submission'))
    .orderBy('a.createdAt', 'asc'),
);

/** Who closes a submission: its applicant submitting it, or an administrator forcing the close. */
export type ClosedBy = { userId: string; kind: Extract<SubmissionEventKind, 'submitted' | 'closed'> };
/** The quiz score a close writes on the submission, and each quiz result's. */
type Scored = { quizScore: number | null; scores: { id: string; score: number | null }[] };

interface CloseArgs {
  id: string;
  at: Date;
  quizScore: number | null;
  resultIds: string[];
  resultScores: (number | null)[];
  seenVersion: number | null;
  userId: string;
  kind: SubmissionEventKind;
}

const scoresOf = (ids: string[], scores: (number | null)[]) =>
  sql<{ id: string; score: number | null }>`unnest(${ids}::uuid[], ${scores}::numeric[])`.as<'v'>(sql`v(id, score)`);

const close = statement('submissions-close', (p: CloseArgs) =>
  db
    .with('sent', (qb) =>
      qb
        .selectFrom('callSubmission as s')
        .innerJoin('organization as o', 'o.id', 's.organizationId')
        .select(organizationSnapshot('o').as('organization'))
        .where('s.id', '=', p.id),
    )
    .with('closed', (qb) =>
      qb
        .updateTable('callSubmission')
        .set((eb) => ({
          closed: true,
          closedAt: p.at,
          submittedAt: eb.fn.coalesce('submittedAt', eb.val(p.at)),
          lastSubmittedAt: p.at,
          quizScore: p.quizScore,
          organizationSnapshot: eb.selectFrom('sent').select('organization'),
          updatedAt: NOW,
          version: NEXT_VERSION,
        }))
        .where('id', '=', p.id)
        .where((eb) => eb.not(eb.ref('closed')))
        .where((eb) => sql<boolean>`(${p.seenVersion}::int IS NULL OR ${eb.ref('version')} = ${p.seenVersion})`)
        .returningAll(),
    )
    .with('scored', (qb) =>
      qb
        .updateTable('stepResult as r')
        .from([scoresOf(p.resultIds, p.resultScores), 'closed'])
        .set((eb) => ({ score: eb.ref('v.score'), updatedAt: NOW, version: eb('r.version', '+', ONE) }))
        .whereRef('r.id', '=', 'v.id')
        .whereRef('r.submissionId', '=', 'closed.id'),
    )
    .with('logged', (qb) =>
      qb
        .insertInto('submissionEvent')
        .columns(['submissionId', 'kind', 'userId', 'at', 'organizationSnapshot'])
        .expression((eb) =>
          eb
            .selectFrom('closed')
            .select([
              'id',
              eb.val(p.kind).as('k'),
              eb.val(p.userId).as('u'),
              eb.val(p.at).as('a'),
              eb.selectFrom('sent').select('organization').as('o'),
            ]),
        ),
    )
    .selectFrom('closed')
    .select(SUBMISSION),
);

const reopen = statement('submissions-reopen', (p: { id: string; userId: string }) =>
  db
    .with('reopened', (qb) =>
      qb
        .updateTable('callSubmission')
        .set({ closed: false, updatedAt: NOW, version: NEXT_VERSION })
        .where('id', '=', p.id)
        .where('closed', '=', sql.lit(true))
        .returning(['id', 'version']),
    )
    .with('logged', (qb) =>
      qb
        .insertInto('submissionEvent')
        .columns(['submissionId', 'kind', 'userId'])
        .expression((eb) => eb.selectFrom('reopened').select(['id', sql.lit('reopened').as('k'), eb.val(p.userId).as('u')])),
    )
    .selectFrom('reopened')
    .select('version'),
);

/** The submission's events as the console shows them (who: the user's full name, null when unknown). */
const history = statement('submissions-history', (p: { submissionId: string }) =>
  db
    .selectFrom('submissionEvent as e')
    .leftJoin('appUser as u', 'u.id', 'e.userId')
    .select((eb) => [
      eb.ref('e.kind').$castTo<SubmissionEventKind>().as('kind'),
      isoUtc(eb.ref('e.at')).as('at'),
      sql<string | null>`nullif(trim(concat_ws(' ', nullif(${eb.ref('u.firstName')}, ''), nullif(${eb.ref('u.lastName')}, ''))), '')`.as(
        'byName',
      ),
      'u.email as byEmail',
      eb('e.organizationSnapshot', 'is not', null).$castTo<boolean>().as('dataKept'),
    ])
    .where('e.submissionId', '=', p.submissionId)
    .orderBy('e.at', 'asc')
    .orderBy('e.id', 'asc'),
);

const deleteSubmission = statement('submissions-delete', (p: { id: string }) => db.deleteFrom('callSubmission').where('id', '=', p.id));

/** The submission's miniDyi answers that hold a selection, read as its impact facts are deleted (to be written again from them). */
const miniDyiAnswers = statement('submissions-minidyi-answers', (p: { submissionId: string }) =>
  db
    .with('gone', (qb) => qb.deleteFrom('submissionImpact').where('submissionId', '=', p.submissionId))
    .selectFrom('stepResult as r')
    .innerJoin('step as st', 'st.id', 'r.stepId')
    .innerJoin('stepType as t', (join) => join.onRef('t.id', '=', 'st.stepTypeId').on('t.name', '=', sql.lit('miniDyi')))
    .select('r.content')
    .where('r.submissionId', '=', p.submissionId)
    .where('r.content', '?', sql.lit('selectedOutcomes')),
);
const insertImpact = statement('submissions-insert-impact', (p: ImpactFacts & { submissionId: string }) =>
  db.insertInto('submissionImpact').values({
    submissionId: p.submissionId,
    sdgs: p.sdgs,
    outcomeIds: p.outcomeIds,
    indicatorIds: p.indicatorIds,
    customOutcomes: p.customOutcomes,
    budget: p.budget,
  }),
);

/** The console list's tables: the schema's, with the submission `s` and the CTEs of its statement. */
type Matched = 'matchedCodes' | 'matchedOrganizations' | 'matchedCalls' | 'matchedUsers';
type Listed = DB & { s: DB['callSubmission']; page: DB['callSubmission']; counted: { n: number }; found: { id: string } } & Record<
    Matched,
    { id: string }
  >;
const x = expressionBuilder<Listed, 's'>();

function filtering(filter: SubmissionFilter): Expression<SqlBool> {
  // A submission whose miniDyi answers' facts (submission_impact, written with the answers) hold the value.
  const impactHas = (column: 'sdgs' | 'outcomeIds' | 'indicatorIds', value: Expression<never>) =>
    x('s.id', 'in', x.selectFrom('submissionImpact').select('submissionId').where(column, '@>', value));
  const organizationHas = (column: 'country' | 'cityName', value: string) =>
    x('s.organizationId', 'in', x.selectFrom('organization').select('id').where(column, '=', value));
  // Numeric columns are compared with the numbers as parameters (their type in rows is text).
  const numeric = (n: number) => sql<string>`${n}`;
  const where: Expression<SqlBool>[] = [];
  if (filter.callId) where.push(x('s.callId', '=', filter.callId));
  if (filter.organizationId) where.push(x('s.organizationId', '=', filter.organizationId));
  if (filter.status) where.push(filter.status === 'closed' ? x.ref('s.closed') : x.not(x.ref('s.closed')));
  if (filter.openedFrom) where.push(x('s.openedAt', '>=', filter.openedFrom));
  if (filter.openedTo) where.push(x('s.openedAt', '<=', filter.openedTo));
  if (filter.submittedFrom) where.push(x('s.submittedAt', '>=', filter.submittedFrom));
  if (filter.submittedTo) where.push(x('s.submittedAt', '<=', filter.submittedTo));
  if (filter.sdg !== undefined) where.push(impactHas('sdgs', sql<never>`ARRAY[${filter.sdg}::smallint]`));
  if (filter.outcomeId) where.push(impactHas('outcomeIds', sql<never>`ARRAY[${filter.outcomeId}::text]`));
  if (filter.indicatorId) where.push(impactHas('indicatorIds', sql<never>`ARRAY[${filter.indicatorId}::text]`));
  if (filter.sroiOver !== undefined) where.push(x('s.sroiScore', '>', numeric(filter.sroiOver)));
  if (filter.sroiUpTo !== undefined) where.push(x('s.sroiScore', '<=', numeric(filter.sroiUpTo)));
  if (filter.quizFrom !== undefined) where.push(x('s.quizScore', '>=', numeric(filter.quizFrom)));
  if (filter.quizBelow !== undefined) where.push(x('s.quizScore', '<', numeric(filter.quizBelow)));
  if (filter.country) where.push(organizationHas('country', filter.country));
  if (filter.city) where.push(organizationHas('cityName', filter.city));
  return x.and(where);
}

/** Queries of the submission lifecycle; no rule lives here. What an applicant hits at a deadline runs as few statements as it can. */
const releaseDecisions = statement('submissions-release-decisions', (p: { ids: string[]; decisions: string[] }) =>
  db
    .updateTable('callSubmission as s')
    .from(sql<{ id: string; decision: string }>`unnest(${p.ids}::uuid[], ${p.decisions}::text[])`.as<'v'>(sql`v(id, decision)`))
    .set((eb) => ({ decision: eb.ref('v.decision'), decisionReleasedAt: sql`now()` }))
    .whereRef('s.id', '=', 'v.id'),
);

@Injectable()
export class SubmissionRepository {
  private readonly targets: SharedCache<SubmissionTarget | null>;
  /** The console list's estimated totals (past EXACT_COUNT_LIMIT), reused while they hold. */
  private readonly estimates = new PlannerEstimates();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
    private readonly invalidation: CacheInvalidation,
  ) {
    this.targets = invalidation.cache('submission-target', { max: 50_000, ttlMs: 10 * 60_000, immutable: true });
  }

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** After a committed change of submissions: this replica's caches (the applicant's call list) have taken it. */
  settled(): Promise<void> {
    return this.invalidation.settled();
  }

  async findSubmission(id: string, manager?: EntityManager): Promise<CallSubmissionEntity | null> {
    return (await this.sql.run(find, { id }, manager))[0] ?? null;
  }

  /** The submission row, locked until the transaction ends; a change (version + 1), so an optimistic close that read it reads again. */
  async lockSubmission(m: EntityManager, id: string): Promise<CallSubmissionEntity | null> {
    return (await this.sql.run(lock, { id }, m))[0] ?? null;
  }

  /** Which call and organization a submission belongs to, from memory (it never changes; unknown ids are not kept). */
  async target(id: string): Promise<SubmissionTarget | null> {
    const found = await this.targets.get(id, async () => {
      const [row] = await this.sql.run(targetOf, { id });
      return row ? Object.freeze(row) : null;
    });
    if (!found) this.targets.evict(id);
    return found;
  }

  /** A deleted submission's target: an immutable cache, so its owner evicts it. */
  forgetTarget(id: string): void {
    this.targets.evict(id);
  }

  async findSubmissionForCall(callId: string, organizationId: string): Promise<CallSubmissionEntity | null> {
    return (await this.sql.run(forCall, { callId, organizationId }))[0] ?? null;
  }

  /** Inserts unless the call and organization already have one; answers whether it did. */
  async insertIfAbsent(row: Pick<CallSubmissionEntity, 'callId' | 'organizationId' | 'userId' | 'code'>): Promise<boolean> {
    return (await this.sql.run(insertSubmission, row)).length > 0;
  }

  /** The SROI kept on the submission (derived from its miniDyi results: no version change). */
  async setSubmissionSroi(m: EntityManager, submissionId: string, sroi: number | null): Promise<void> {
    await this.sql.run(setSroi, { id: submissionId, sroi }, m);
  }

  async people(submissionId: string): Promise<typeof people.row> {
    return (await this.sql.run(people, { id: submissionId }))[0];
  }

  /** The submission (null when gone) and each of `steps` with what it holds for it (ClosingStep), in one snapshot. */
  async forClose(submissionId: string, steps: readonly StepWithKind[], m?: EntityManager) {
    const rows = await this.sql.run(forClose, { submissionId, stepIds: steps.map((x) => x.step.id) }, m);
    if (!rows.length) return null;
    // One row per step asked for; its result columns are null when it has none.
    const byStep = new Map(rows.map(({ stepId, filled, submission: _, ...r }) => [stepId, { r, filled }]));
    const withFilling = (x: StepWithKind): ClosingStep => {
      const { r, filled } = byStep.get(x.step.id)!;
      return { ...x, result: r.id === null ? undefined : ({ ...r, stepId: x.step.id } as StepResultEntity), filledSlots: new Set(filled) };
    };
    return { submission: rows[0].submission, steps: steps.map(withFilling) };
  }

  results(submissionId: string, manager?: EntityManager): Promise<StepResultEntity[]> {
    return this.sql.run(results, { submissionId }, manager);
  }

  async result(submissionId: string, stepId: string, manager?: EntityManager): Promise<StepResultEntity | null> {
    return (await this.sql.run(result, { submissionId, stepId }, manager))[0] ?? null;
  }

  /** Writes a step's result in one statement (`save`), or nothing (stale, closed: null), moving the submission's version on. */
  async writeResult(w: ResultWrite, m?: EntityManager): Promise<StepResultEntity | null> {
    const [row] = await this.sql.run(w.version === 0 ? insertResult : updateResult, { ...w, content: JSON.stringify(w.content) }, m);
    return row ? { ...row, content: w.content } : null;
  }

  /** The current save of a step (null: none yet): what a save sent from an older version is told. */
  async lastSave(submissionId: string, stepId: string, m?: EntityManager): Promise<typeof lastSave.row | null> {
    return (await this.sql.run(lastSave, { submissionId, stepId }, m))[0] ?? null;
  }

  async setResultScore(m: EntityManager, id: string, score: number | null): Promise<void> {
    await this.sql.run(setScore, { id, score }, m);
  }

  attachments(submissionId: string, manager?: EntityManager): Promise<(typeof attachments.row)[]> {
    return this.sql.run(attachments, { submissionId }, manager);
  }

  /** Stamps the submission closed with its history row, in one statement; with `seenVersion`, only while still at that version. */
  async closeSubmission(m: EntityManager, id: string, { quizScore, scores }: Scored, by: ClosedBy, seenVersion: number | null = null) {
    const [resultIds, resultScores] = [scores.map((r) => r.id), scores.map((r) => r.score)];
    const [row] = await this.sql.run(close, { id, at: new Date(), quizScore, resultIds, resultScores, seenVersion, ...by }, m);
    return row ?? null;
  }

  /** Reopens a closed submission and writes the history row, in one statement (the dates are kept); answers the version written. */
  async reopenSubmission(m: EntityManager, id: string, userId: string): Promise<number> {
    return (await this.sql.run(reopen, { id, userId }, m))[0].version;
  }

  history(submissionId: string): Promise<(typeof history.row)[]> {
    return this.sql.run(history, { submissionId });
  }

  /** Deletes the submission, its answers with it (ON DELETE CASCADE); its files go first (AttachmentsService.deleteOfSubmission). */
  async deleteSubmission(m: EntityManager, id: string): Promise<void> {
    await this.sql.run(deleteSubmission, { id }, m);
  }

  /** Writes the submission's impact facts (the dashboard's figures, the list's filters) again from its miniDyi answers, in `m`. */
  async keepImpactFacts(m: EntityManager, submissionId: string): Promise<void> {
    const facts = mergeImpactFacts((await this.sql.run(miniDyiAnswers, { submissionId }, m)).map((a) => impactFacts(a.content)));
    if (facts) await this.sql.run(insertImpact, { submissionId, ...facts }, m);
  }

  /**
   * One page of the console's list and its total (past EXACT_COUNT_LIMIT, estimated), in one statement on indexes;
   * a search takes up to EXACT_COUNT_LIMIT + 1 rows of each kind of match, a broader one walks the sort's index.
   */
  async page(query: ListQuery, filter: SubmissionFilter): Promise<Page<SubmissionRowDto> & { estimated: boolean }> {
    const where = filtering(filter);
    const sort = SORTS[query.sortField ?? 'openedAt'] ?? SORTS.openedAt;
    const sortColumn = db.dynamic.ref(sort.column);
    const desc = query.sortOrder === 'DESC';
    const order = (ob: OrderByItemBuilder) => {
      const directed = desc ? ob.desc() : ob.asc();
      return !sort.nullable ? directed : desc ? directed.nullsLast() : directed.nullsFirst();
    };
    const [cap, limit, sortValue] = [sql.lit(EXACT_COUNT_LIMIT + 1), sql.lit(EXACT_COUNT_LIMIT), sql`${sortColumn}`.as('sortValue')];
    const withSortJoin = <Q extends ReturnType<typeof x.selectFrom<'callSubmission as s'>>>(q: Q) =>
      q
        .$if(sort.join === 'call', (j) => j.innerJoin('call as c', 'c.id', 's.callId'))
        .$if(sort.join === 'organization', (j) => j.innerJoin('organization as o', 'o.id', 's.organizationId'));
    // The page's rows with the names shown, in the list's order: one JSON array, empty past the last page.
    const items = x
      .selectFrom('page as s')
      .innerJoin('call as c', 'c.id', 's.callId')
      .innerJoin('organization as o', 'o.id', 's.organizationId')
      .innerJoin('appUser as u', 'u.id', 's.userId')
      .select((eb) => {
        // prettier-ignore
        const item = jsonBuildObject({
          id: eb.ref('s.id'), code: eb.ref('s.code'), callId: eb.ref('s.callId'), callName: eb.ref('c.name'),
          organizationId: eb.ref('s.organizationId'), organizationName: eb.ref('o.name'), userEmail: eb.ref('u.email'),
          closed: eb.ref('s.closed'), status: eb.case().when(eb.ref('s.closed')).then(CLOSED).else(OPEN).end(),
          openedAt: isoUtc(eb.ref('s.openedAt')), submittedAt: isoUtc(eb.ref('s.submittedAt')),
          lastSubmittedAt: isoUtc(eb.ref('s.lastSubmittedAt')), closedAt: isoUtc(eb.ref('s.closedAt')),
          quizScore: float(eb.ref('s.quizScore')), sroiScore: float(eb.ref('s.sroiScore')),
        });
        return eb.fn.coalesce(eb.fn.jsonAgg(item).orderBy(sortColumn, order).orderBy('s.id', 'asc'), sql<never[]>`'[]'::json`).as('items');
      })
      .$asScalar()
      .$notNull()
      .as('items');
    const submissions = x.selectFrom('callSubmission as s').select('s.id');
    let estimated = submissions.where(where);
    let statement;
    if (!filter.q) {
      const upToCap = x.selectFrom('callSubmission as s').select(ONE.as('one')).where(where).limit(cap).as('x');
      const page = withSortJoin(x.selectFrom('callSubmission as s'))
        .selectAll('s')
        .where(where)
        .orderBy(sortColumn, order)
        .orderBy('s.id', 'asc');
      statement = db
        .with('counted', () => x.selectFrom(upToCap).select(countInt().as('n')))
        .with('page', () => page.offset(query.skip).limit(query.take))
        .selectFrom('counted')
        .select(['counted.n as total', items]);
    } else {
      const q = likeContains(filter.q);
      // The kinds of match: the code, and organizations, calls and users by their lower-cased name or e-mail.
      const folded = sql<string>`lower(${q})`;
      const matched = {
        organizations: db.selectFrom('organization').select('id').where('nameFolded', 'like', folded),
        calls: db.selectFrom('call').select('id').where('nameFolded', 'like', folded),
        users: db.selectFrom('appUser').select('id').where('emailFolded', 'like', folded),
      };
      const code = x('s.code', 'ilike', q);
      const counted = x.selectFrom('counted').select('n').$asScalar();
      const kinds = [
        { cte: 'matchedOrganizations', key: 's.organizationId', rows: matched.organizations },
        { cte: 'matchedCalls', key: 's.callId', rows: matched.calls },
        { cte: 'matchedUsers', key: 's.userId', rows: matched.users },
      ] as const;
      // `found`: the rows of each kind (with the filters), `cap` at most of each, by its index; the
      // union passes EXACT_COUNT_LIMIT iff the search's rows do, and else is all of them.
      const found = kinds.reduce(
        (union, k) =>
          union.union(
            x.parens(x.selectFrom(`${k.cte} as m`).innerJoin('callSubmission as s', k.key, 'm.id').select('s.id').where(where).limit(cap)),
          ),
        x.selectFrom('matchedCodes').select('id'),
      );
      const anyKind = x.or([...kinds.map((k) => x(k.key, 'in', x.selectFrom(k.cte).select('id'))), code]);
      // Walking organizations by name, those that cannot hold a match are passed over without reading their submissions.
      const exists = (cte: Matched) => x.exists(x.selectFrom(cte).select(ONE.as('one')));
      const anyOther = db
        .selectNoFrom(x.or([exists('matchedCodes'), exists('matchedCalls'), exists('matchedUsers')]).as('any'))
        .$asScalar();
      const organizationFirst = x.or([x(db.dynamic.ref('o.id'), 'in', x.selectFrom('matchedOrganizations').select('id')), anyOther]);
      // The page: up to EXACT_COUNT_LIMIT rows sorted from `found`, else the sort's index walked (one branch
      // runs). `OFFSET 0` keeps the subqueries as written: the few rows read by id, then sorted.
      const foundRows = x
        .selectFrom('found as f')
        .crossJoinLateral((eb) => eb.selectFrom('callSubmission as s').selectAll('s').whereRef('s.id', '=', 'f.id').offset(ZERO).as('s'));
      const byId = withSortJoin(foundRows);
      const sorted = x
        .selectFrom(byId.selectAll('s').select(sortValue).where(counted, '<=', limit).offset(ZERO).as('s'))
        .selectAll('s')
        .orderBy('s.sortValue', order)
        .orderBy('s.id', 'asc')
        .offset(query.skip)
        .limit(query.take);
      const walked = withSortJoin(x.selectFrom('callSubmission as s'))
        .selectAll('s')
        .select(sortValue)
        .where(x.and([x(counted, '>', limit), where, ...(sort.join === 'organization' ? [organizationFirst] : []), anyKind]))
        .orderBy(sortColumn, order)
        .orderBy('s.id', 'asc')
        .offset(query.skip)
        .limit(query.take);
      // prettier-ignore
      statement = db
        .with((w) => w('matchedOrganizations').materialized(), () => matched.organizations)
        .with((w) => w('matchedCalls').materialized(), () => matched.calls)
        .with((w) => w('matchedUsers').materialized(), () => matched.users)
        .with((w) => w('matchedCodes').materialized(), () => submissions.where(x.and([where, code])).limit(cap))
        .with((w) => w('found').materialized(), () => found)
        .with('counted', (qb) => qb.selectFrom('found').select(countInt().as('n')))
        .with('page', () => x.selectFrom(sorted.as('first')).selectAll().unionAll(x.parens(walked)))
        .selectFrom('counted')
        .select(['counted.n as total', items]);
      // The planner's estimate: the union of the kinds intersected with the filtered rows (never past the table).
      const kind = (has: Expression<SqlBool>) => submissions.where(x.and([where, has]));
      estimated = estimated.intersect(x.parens(kinds.reduce((union, k) => union.union(kind(x(k.key, 'in', k.rows))), kind(code))));
    }
    const [{ total, items: rows }] = await this.sql.list(statement);
    if (total <= EXACT_COUNT_LIMIT) return { items: rows, total, estimated: false };
    return { items: rows, total: Math.max(await this.estimates.rows(this.sql, estimated), total), estimated: true };
  }

  async releaseDecisions(m: EntityManager, decisions: { submissionId: string; decision: string }[]): Promise<void> {
    await this.sql.run(releaseDecisions, { ids: decisions.map((d) => d.submissionId), decisions: decisions.map((d) => d.decision) }, m);
  }
}
