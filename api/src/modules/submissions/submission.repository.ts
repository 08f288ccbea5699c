import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { CacheInvalidation, type SharedCache } from '../../database/shared-cache.js';
import { ISO_UTC, Sql } from '../../database/sql.js';
import type { SubmissionEventDto, SubmissionRowDto } from './dto/submission.dto.js';
import { UserEntity } from '../users/user.entity.js';
import type { CallSubmissionEntity } from './call-submission.entity.js';
import type { AttachmentWithType } from '../files/attachment.mapper.js';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import type { StepResultEntity } from './step-result.entity.js';
import type { SubmissionEventKind } from './submission-event.entity.js';
import { likeContains } from '../../common/http/like.js';
import { EXACT_COUNT_LIMIT, PlannerEstimates } from '../../common/http/list-count.js';
import { ORGANIZATION_SNAPSHOT, SUBMITTED_ORGANIZATION_JOIN } from './submitted-organization.js';

/** One row of a submission's history, with who did it (null: unknown). */
export interface SubmissionFilter {
  callId?: string;
  organizationId?: string;
  status?: 'open' | 'closed';
  q?: string;
  openedFrom?: Date;
  openedTo?: Date;
  submittedFrom?: Date;
  submittedTo?: Date;
  /** Its miniDyi answer aims at this SDG (picked, or one of its outcomes' SDG). */
  sdg?: number;
  /** Its miniDyi answer selected this framework outcome / ticked this framework indicator. */
  outcomeId?: string;
  indicatorId?: string;
  /** SROI strictly over sroiOver, at most sroiUpTo. */
  sroiOver?: number;
  sroiUpTo?: number;
  /** Quiz score (0-1) at least quizFrom, below quizBelow. */
  quizFrom?: number;
  quizBelow?: number;
  /** The organization's country / city (exact, as entered). */
  country?: string;
  city?: string;
}

/** A submission whose miniDyi answer's facts (submission_impact, kept by a trigger; migration DashboardImpactFacts) hold the value. */
const IMPACT_HAS = (column: 'sdgs' | 'outcome_ids' | 'indicator_ids', param: string, type: string) =>
  `s.id IN (SELECT i.submission_id FROM submission_impact i WHERE i.${column} @> ARRAY[${param}::${type}])`;

/**
 * The list's sorts: ascending puts empty values first, descending last, then `id` ascending.
 * `nullable: false` columns have no empty values, so their NULLS placement is left to match
 * their index scanned either way (migration ListIndexes); `join`: the table the sort reads.
 */
const SORTS: Record<string, { column: string; nullable: boolean; join?: 'call' | 'organization' }> = {
  code: { column: 's.code', nullable: false },
  callName: { column: 'c.name', nullable: false, join: 'call' },
  organizationName: { column: 'o.name', nullable: false, join: 'organization' },
  closed: { column: 's.closed', nullable: false },
  status: { column: 's.closed', nullable: false },
  openedAt: { column: 's.opened_at', nullable: false },
  submittedAt: { column: 's.submitted_at', nullable: true },
  lastSubmittedAt: { column: 's.last_submitted_at', nullable: true },
  closedAt: { column: 's.closed_at', nullable: true },
  quizScore: { column: 's.quiz_score', nullable: true },
  sroiScore: { column: 's.sroi_score', nullable: true },
};
export const SUBMISSION_SORTABLE = Object.keys(SORTS);

export { EXACT_COUNT_LIMIT };

/** What a submission holds for one step, for closing: its result and the upload slots that hold a file. */
/** What the policy and an optimistic close need of a submission. */
export type ClosingSubmission = Pick<CallSubmissionEntity, 'organizationId' | 'closed' | 'version'>;

export interface StepFilling {
  result: StepResultEntity | undefined;
  filledSlots: Set<number>;
}

/** Which call and organization a submission belongs to: fixed for the submission's lifetime. */
export interface SubmissionTarget {
  callId: string;
  organizationId: string;
}

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
}

/** The organization and user shown with a submission. */
export interface SubmissionPeople {
  organization: Pick<OrganizationEntity, 'name' | 'regNumber' | 'contactName' | 'contactSurname' | 'contactEmail'> | null;
  user: Pick<UserEntity, 'firstName' | 'lastName' | 'email'> | null;
}

/** The upload slots of step `st` that hold a file of submission $1 (closing checks mandatory slots). */
const FILLED_SLOTS = `ARRAY(SELECT a.slot_index FROM attachment a
   WHERE a.submission_id = $1 AND a.step_id = st.id AND a.purpose = 'submission' AND a.slot_index IS NOT NULL) AS filled`;

/** A submission's columns aliased to the fields of CallSubmissionEntity (alias `s`; numeric scores as numbers). */
const SUBMISSION = `s.id, s.created_at AS "createdAt", s.updated_at AS "updatedAt", s.version, s.call_id AS "callId",
  s.organization_id AS "organizationId", s.user_id AS "userId", s.code, s.closed, s.opened_at AS "openedAt", s.submitted_at AS "submittedAt",
  s.last_submitted_at AS "lastSubmittedAt", s.closed_at AS "closedAt", s.quiz_score::float8 AS "quizScore", s.sroi_score::float8 AS "sroiScore"`;

/** A step result's columns aliased to the fields of StepResultEntity (alias `r`), but its content. */
const RESULT_BUT_CONTENT = `r.id, r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.version, r.submission_id AS "submissionId",
  r.step_id AS "stepId", r.score::float8 AS score`;
const RESULT = `${RESULT_BUT_CONTENT}, r.content`;

/** An attachment's columns aliased to the fields of AttachmentEntity (alias `a`), with its type's code (alias `aty`). */
const ATTACHMENT = `a.id, a.created_at AS "createdAt", a.updated_at AS "updatedAt", a.version, a.purpose, a.submission_id AS "submissionId",
  a.organization_id AS "organizationId", a.step_id AS "stepId", a.slot_index AS "slotIndex", a.attachment_type_id AS "attachmentTypeId",
  a.file_name AS "fileName", a.description, a.dimensions, a.mime_type AS "mimeType", a.storage_key AS "storageKey",
  a.download_id AS "downloadId", a.uploaded_by_id AS "uploadedById", json_build_object('code', aty.code) AS "attachmentType"`;

/** A row of `resultsForClose`: the step, its result's columns (null without one) and its filled slots. */
type FillingRow = StepResultEntity & { filled: number[] };

/**
 * Queries of the submission lifecycle; no rule lives here. The paths an applicant hits at a
 * deadline (save, close, read) are named prepared statements, as few round trips as the rules
 * allow, their columns aliased to the fields of the objects answered: no query builder, no mapping.
 */
@Injectable()
export class SubmissionRepository {
  private readonly targets: SharedCache<SubmissionTarget | null>;
  /** The console list's estimated totals (past EXACT_COUNT_LIMIT), reused while they hold. */
  private readonly estimates = new PlannerEstimates();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
    invalidation: CacheInvalidation,
  ) {
    this.targets = invalidation.cache('submission-target', { max: 50_000, ttlMs: 10 * 60_000, immutable: true });
  }

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * The rows of a read: inside a transaction on its manager, else straight on the pool as a
   * named prepared statement (`name`: one per distinct text), planned once per connection.
   */
  private read<T>(name: string, text: string, params: unknown[], manager?: EntityManager): Promise<T[]> {
    return this.sql.rowsIn<T>(manager, `submissions-${name}`, text, params);
  }

  private async one<T>(name: string, text: string, params: unknown[], m?: EntityManager): Promise<T | null> {
    return (await this.read<T>(name, text, params, m))[0] ?? null;
  }

  findSubmission(id: string, manager?: EntityManager): Promise<CallSubmissionEntity | null> {
    return this.one('find', `SELECT ${SUBMISSION} FROM call_submission s WHERE s.id = $1`, [id], manager);
  }

  /**
   * The submission row, locked until the transaction ends (every write starts here). Taking the
   * lock counts as a change (version + 1): an optimistic close that read the submission before
   * this write then finds its version moved on and closes again under the lock.
   */
  lockSubmission(m: EntityManager, id: string): Promise<CallSubmissionEntity | null> {
    return this.one('lock', `UPDATE call_submission s SET version = s.version + 1 WHERE s.id = $1 RETURNING ${SUBMISSION}`, [id], m);
  }

  /** Which call and organization a submission belongs to, from memory (it never changes; unknown ids are not kept). */
  async target(id: string): Promise<SubmissionTarget | null> {
    const found = await this.targets.get(id, async () => {
      const row = await this.one<SubmissionTarget>(
        'target',
        'SELECT call_id AS "callId", organization_id AS "organizationId" FROM call_submission WHERE id = $1',
        [id],
      );
      return row && Object.freeze(row);
    });
    if (!found) this.targets.evict(id);
    return found;
  }

  /** A submission is gone: its target is no longer worth the memory. */
  forgetTarget(id: string): void {
    this.targets.evict(id);
  }

  findSubmissionForCall(callId: string, organizationId: string): Promise<CallSubmissionEntity | null> {
    return this.one('for-call', `SELECT ${SUBMISSION} FROM call_submission s WHERE s.call_id = $1 AND s.organization_id = $2`, [
      callId,
      organizationId,
    ]);
  }

  /** Inserts unless the call+organization already has one; answers whether a row was inserted. */
  async insertIfAbsent(row: Pick<CallSubmissionEntity, 'callId' | 'organizationId' | 'userId' | 'code'>): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `INSERT INTO call_submission (call_id, organization_id, user_id, code) VALUES ($1, $2, $3, $4)
       ON CONFLICT (call_id, organization_id) DO NOTHING RETURNING id`,
      [row.callId, row.organizationId, row.userId, row.code],
    );
    return rows.length > 0;
  }

  /** The SROI kept on the submission (derived from its miniDyi results: no version change). */
  async setSubmissionSroi(m: EntityManager, submissionId: string, sroi: number | null): Promise<void> {
    await m.query('UPDATE call_submission SET sroi_score = $2, updated_at = now() WHERE id = $1', [submissionId, sroi]);
  }

  /** The organization (as the submission was sent) and the user of a submission, as the submission view shows them: one query. */
  async people(submissionId: string): Promise<SubmissionPeople> {
    const [people] = await this.read<SubmissionPeople>(
      'people',
      `SELECT json_build_object('name', o.name, 'regNumber', o.reg_number, 'contactName', o.contact_name,
                     'contactSurname', o.contact_surname, 'contactEmail', o.contact_email) AS organization,
              CASE WHEN u.id IS NOT NULL THEN json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email) END AS "user"
         FROM call_submission s ${SUBMITTED_ORGANIZATION_JOIN('s', 'o')} LEFT JOIN app_user u ON u.id = s.user_id
        WHERE s.id = $1`,
      [submissionId],
    );
    return people;
  }

  /** For each of the steps given: the submission's result and the upload slots that hold a file (what closing checks), in one query. */
  async resultsForClose(m: EntityManager, submissionId: string, stepIds: string[]): Promise<Map<string, StepFilling>> {
    return this.fillingOf(
      await this.read<FillingRow>(
        'results-for-close',
        `SELECT ${RESULT.replace('r.step_id', 'st.id')}, ${FILLED_SLOTS}
           FROM unnest($2::uuid[]) AS st(id) LEFT JOIN step_result r ON r.submission_id = $1 AND r.step_id = st.id`,
        [submissionId, stepIds],
        m,
      ),
    );
  }

  /**
   * The submission (what the policy and the close need of it) with `resultsForClose` of the
   * steps given, read together in one statement (one snapshot, no lock): what an optimistic
   * close checks and scores. Every write to the submission moves its version on, so the version
   * read here says which answers were seen.
   */
  async submissionForClose(
    submissionId: string,
    stepIds: string[],
  ): Promise<{ submission: ClosingSubmission; filling: Map<string, StepFilling> } | null> {
    const rows = await this.read<FillingRow & { submission: ClosingSubmission }>(
      'submission-for-close',
      `SELECT json_build_object('organizationId', s.organization_id, 'closed', s.closed, 'version', s.version) AS submission,
              ${RESULT.replace('r.step_id', 'st.id')}, ${FILLED_SLOTS}
         FROM call_submission s LEFT JOIN unnest($2::uuid[]) AS st(id) ON true
         LEFT JOIN step_result r ON r.submission_id = s.id AND r.step_id = st.id
        WHERE s.id = $1`,
      [submissionId, stepIds],
    );
    if (!rows.length) return null;
    return { submission: rows[0].submission, filling: this.fillingOf(rows.filter((r) => r.stepId)) };
  }

  private fillingOf(rows: FillingRow[]): Map<string, StepFilling> {
    return new Map(
      rows.map(({ filled, submission: _, ...result }: FillingRow & { submission?: unknown }) => [
        result.stepId,
        { result: result.id ? result : undefined, filledSlots: new Set(filled) },
      ]),
    );
  }

  results(submissionId: string, manager?: EntityManager): Promise<StepResultEntity[]> {
    return this.read(
      'results',
      `SELECT ${RESULT} FROM step_result r WHERE r.submission_id = $1 ORDER BY r.created_at ASC`,
      [submissionId],
      manager,
    );
  }

  result(submissionId: string, stepId: string, manager?: EntityManager): Promise<StepResultEntity | null> {
    return this.one(
      'result',
      `SELECT ${RESULT} FROM step_result r WHERE r.submission_id = $1 AND r.step_id = $2`,
      [submissionId, stepId],
      manager,
    );
  }

  /**
   * Writes a step's result in ONE statement: only while the submission's live row still belongs
   * to the organization and call and is not closed, and only if the stored version is still the
   * one sent. The submission's row is locked first (that waits for a concurrent close, then sees
   * it closed) and, once the answer is written, moved on (version + 1), which tells an optimistic
   * close that read earlier that the answers changed. A save that writes nothing (stale, closed)
   * changes no row at all (issue 13: a refused request changes nothing). Answers the saved row,
   * or null when any of that fails. Outside a transaction it is a whole autosave by itself;
   * inside one (`m`), it runs on that transaction's connection. The saved row's content is the
   * document written, not read back: jsonb keeps the same JSON value (only the order of keys may
   * differ), and an answer is kilobytes.
   */
  async writeResult(w: ResultWrite, m?: EntityManager): Promise<StepResultEntity | null> {
    const target = `WITH target AS (
      SELECT s.id FROM call_submission s
       WHERE s.id = $1 AND s.organization_id = $5 AND s.call_id = $6 AND NOT s.closed FOR NO KEY UPDATE)`;
    const moveOn = `, moved AS (UPDATE call_submission s SET version = s.version + 1 FROM written WHERE s.id = written.submission_id)`;
    const params = [w.submissionId, w.stepId, JSON.stringify(w.content), w.score, w.organizationId, w.callId];
    const rows =
      w.version === 0
        ? await this.read<StepResultEntity>(
            'insert-result',
            `${target}, written AS (
               INSERT INTO step_result AS r (submission_id, step_id, content, score) SELECT target.id, $2, $3::jsonb, $4 FROM target
               ON CONFLICT (submission_id, step_id) DO NOTHING RETURNING r.*)${moveOn}
             SELECT ${RESULT_BUT_CONTENT} FROM written r`,
            params,
            m,
          )
        : await this.read<StepResultEntity>(
            'update-result',
            `${target}, written AS (
               UPDATE step_result AS r SET content = $3::jsonb, score = $4, version = r.version + 1, updated_at = now() FROM target
                WHERE r.submission_id = target.id AND r.step_id = $2 AND r.version = $7 RETURNING r.*)${moveOn}
             SELECT ${RESULT_BUT_CONTENT} FROM written r`,
            [...params, w.version],
            m,
          );
    return rows.length ? { ...rows[0], content: w.content } : null;
  }

  async setResultScore(m: EntityManager, id: string, score: number | null): Promise<void> {
    await m.query('UPDATE step_result SET score = $2, updated_at = now(), version = version + 1 WHERE id = $1', [id, score]);
  }

  attachments(submissionId: string, manager?: EntityManager): Promise<AttachmentWithType[]> {
    return this.read(
      'attachments',
      `SELECT ${ATTACHMENT} FROM attachment a JOIN attachment_type aty ON aty.id = a.attachment_type_id
        WHERE a.submission_id = $1 AND a.purpose = 'submission' ORDER BY a.created_at ASC`,
      [submissionId],
      manager,
    );
  }

  /**
   * Stamps the submission closed (closed and last-submitted dates, the first submission date
   * when it has none, quiz score), writes the scores of its quiz results and the history row
   * (`by`: who and how), in one statement; answers the submission row as written. With
   * `seenVersion` (an optimistic close, outside any transaction) it writes only while the
   * submission is open and still at that version, and answers null otherwise, nothing written.
   */
  closeSubmission(
    m: EntityManager | undefined,
    id: string,
    quizScore: number | null,
    at: Date,
    resultScores: { id: string; score: number | null }[],
    by: { userId: string; kind: Extract<SubmissionEventKind, 'submitted' | 'closed'> },
    seenVersion: number | null = null,
  ): Promise<CallSubmissionEntity | null> {
    return this.one(
      'close',
      `WITH sent AS (
         SELECT ${ORGANIZATION_SNAPSHOT('o')} AS organization FROM call_submission s JOIN organization o ON o.id = s.organization_id WHERE s.id = $1),
       closed AS (
         UPDATE call_submission s SET closed = true, closed_at = $2, submitted_at = COALESCE(s.submitted_at, $2), last_submitted_at = $2,
                quiz_score = $3, organization_snapshot = (SELECT organization FROM sent), updated_at = now(), version = s.version + 1
          WHERE s.id = $1 AND NOT s.closed AND ($6::int IS NULL OR s.version = $6) RETURNING ${SUBMISSION}),
       scored AS (
         UPDATE step_result r SET score = v.score, updated_at = now(), version = r.version + 1
           FROM unnest($4::uuid[], $5::numeric[]) AS v(id, score), closed WHERE r.id = v.id AND r.submission_id = closed.id),
       logged AS (
         INSERT INTO submission_event (submission_id, kind, user_id, at, organization_snapshot)
         SELECT closed.id, $8, $7, $2, (SELECT organization FROM sent) FROM closed)
       SELECT * FROM closed`,
      [id, at, quizScore, resultScores.map((r) => r.id), resultScores.map((r) => r.score), seenVersion, by.userId, by.kind],
      m,
    );
  }

  /**
   * Reopens a closed submission and writes the history row, in one statement; the submission dates
   * are kept. Answers the version it wrote.
   */
  async reopenSubmission(m: EntityManager, id: string, userId: string): Promise<number> {
    const [row] = await this.sql.rowsIn<{ version: number }>(
      m,
      'submissions-reopen',
      `WITH reopened AS (
         UPDATE call_submission SET closed = false, updated_at = now(), version = version + 1 WHERE id = $1 AND closed RETURNING id, version),
       logged AS (INSERT INTO submission_event (submission_id, kind, user_id) SELECT id, 'reopened', $2 FROM reopened)
       SELECT version FROM reopened`,
      [id, userId],
    );
    return row.version;
  }

  /** The submission's events as the console shows them (who: the user's full name, null when unknown). */
  history(submissionId: string): Promise<SubmissionEventDto[]> {
    return this.read(
      'history',
      `SELECT e.kind, ${ISO_UTC('e.at')} AS at, nullif(trim(concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, ''))), '') AS "byName",
              u.email AS "byEmail", e.organization_snapshot IS NOT NULL AS "dataKept"
         FROM submission_event e LEFT JOIN app_user u ON u.id = e.user_id
        WHERE e.submission_id = $1 ORDER BY e.at ASC, e.id ASC`,
      [submissionId],
    );
  }

  /** Deletes the submission and its answers (its files first, by the files module: AttachmentsService.deleteOfSubmission). */
  async deleteSubmission(m: EntityManager, id: string): Promise<void> {
    await m.query('DELETE FROM step_result WHERE submission_id = $1', [id]);
    await m.query('DELETE FROM call_submission WHERE id = $1', [id]);
  }

  /**
   * One page of the console's list and its total, in one statement (and, past
   * EXACT_COUNT_LIMIT, the planner's estimate: `estimated`), the names joined for the rows
   * shown. Each sort and filter has an index (migration ListIndexes), so a page reads about its
   * own rows. A search takes the organizations, calls and users whose name or e-mail holds the
   * text once each (trigram indexes) inside the statement, no id sent back and forth: it first
   * collects up to EXACT_COUNT_LIMIT + 1 rows of each kind of match by its own index (the exact
   * total when it is below the limit, and then the rows the page is sorted from); a broader
   * search walks the sort's index instead, each row checked against the matches (hashed).
   */
  async page(query: ListQuery, filter: SubmissionFilter): Promise<Page<SubmissionRowDto> & { estimated: boolean }> {
    const params: unknown[] = [];
    const p = (v: unknown) => `$${params.push(v)}`;
    const where: string[] = [];
    if (filter.callId) where.push(`s.call_id = ${p(filter.callId)}`);
    if (filter.organizationId) where.push(`s.organization_id = ${p(filter.organizationId)}`);
    if (filter.status) where.push(filter.status === 'closed' ? 's.closed' : 'NOT s.closed');
    if (filter.openedFrom) where.push(`s.opened_at >= ${p(filter.openedFrom)}`);
    if (filter.openedTo) where.push(`s.opened_at <= ${p(filter.openedTo)}`);
    if (filter.submittedFrom) where.push(`s.submitted_at >= ${p(filter.submittedFrom)}`);
    if (filter.submittedTo) where.push(`s.submitted_at <= ${p(filter.submittedTo)}`);
    if (filter.sdg !== undefined) where.push(IMPACT_HAS('sdgs', p(filter.sdg), 'smallint'));
    if (filter.outcomeId) where.push(IMPACT_HAS('outcome_ids', p(filter.outcomeId), 'text'));
    if (filter.indicatorId) where.push(IMPACT_HAS('indicator_ids', p(filter.indicatorId), 'text'));
    if (filter.sroiOver !== undefined) where.push(`s.sroi_score > ${p(filter.sroiOver)}`);
    if (filter.sroiUpTo !== undefined) where.push(`s.sroi_score <= ${p(filter.sroiUpTo)}`);
    if (filter.quizFrom !== undefined) where.push(`s.quiz_score >= ${p(filter.quizFrom)}`);
    if (filter.quizBelow !== undefined) where.push(`s.quiz_score < ${p(filter.quizBelow)}`);
    if (filter.country) where.push(`s.organization_id IN (SELECT id FROM organization WHERE country = ${p(filter.country)})`);
    if (filter.city) where.push(`s.organization_id IN (SELECT id FROM organization WHERE city_name = ${p(filter.city)})`);
    const sort = SORTS[query.sortField ?? 'openedAt'] ?? SORTS.openedAt;
    const direction = `${query.sortOrder}${sort.nullable ? (query.sortOrder === 'ASC' ? ' NULLS FIRST' : ' NULLS LAST') : ''}`;
    const order = `${sort.column} ${direction}, s.id ASC`;
    const join =
      sort.join === 'call'
        ? 'JOIN call c ON c.id = s.call_id'
        : sort.join === 'organization'
          ? 'JOIN organization o ON o.id = s.organization_id'
          : '';
    const cap = EXACT_COUNT_LIMIT + 1;
    const whereOf = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');
    // The statement's CTEs before `page` (ending with `counted`), the page, and `FROM … WHERE …` for the planner's estimate.
    let ctes: string;
    let page: string;
    let estimated: string;
    if (!filter.q) {
      const whereSql = whereOf(where);
      ctes = `counted AS (SELECT count(*)::int AS n FROM (SELECT 1 FROM call_submission s ${whereSql} LIMIT ${cap}) x)`;
      page = `SELECT s.* FROM call_submission s ${join} ${whereSql} ORDER BY ${order} OFFSET ${p(query.skip)} LIMIT ${p(query.take)}`;
      estimated = `FROM call_submission s ${whereSql}`;
    } else {
      const q = p(likeContains(filter.q));
      // The four kinds of match: the code, and the organizations, calls and users whose name or
      // e-mail holds the text. Those three by their lower-cased copies (migration SearchFolded):
      // `x_folded LIKE lower(p)` is `x ILIKE p`, without lowering each row read.
      const MATCHED = {
        organizations: `SELECT id FROM organization WHERE name_folded LIKE lower(${q})`,
        calls: `SELECT id FROM call WHERE name_folded LIKE lower(${q})`,
        users: `SELECT id FROM app_user WHERE email_folded LIKE lower(${q})`,
      };
      const KEY = { organizations: 's.organization_id', calls: 's.call_id', users: 's.user_id' } as const;
      const kinds = ['organizations', 'calls', 'users'] as const;
      // `found`: the rows of each kind (with the filters), `cap` at most of each, by its index; the
      // union passes EXACT_COUNT_LIMIT iff the search's rows do, and else is all of them.
      const found = [
        `(SELECT id FROM matched_codes)`,
        ...kinds.map((k) => `(SELECT s.id FROM matched_${k} m JOIN call_submission s ON ${KEY[k]} = m.id ${whereOf(where)} LIMIT ${cap})`),
      ];
      const anyKind = `(${kinds.map((k) => `${KEY[k]} IN (SELECT id FROM matched_${k})`).join(' OR ')} OR s.code ILIKE ${q})`;
      // Walking the organizations by name: those that cannot hold a match (not matched, and no
      // code, call or user matched at all) are passed over without reading their submissions.
      const organizationsFirst =
        sort.join === 'organization'
          ? [
              `(o.id IN (SELECT id FROM matched_organizations) OR (SELECT EXISTS (SELECT 1 FROM matched_codes) OR EXISTS (SELECT 1 FROM matched_calls) OR EXISTS (SELECT 1 FROM matched_users)))`,
            ]
          : [];
      const range = `OFFSET ${p(query.skip)} LIMIT ${p(query.take)}`;
      // Then the page. At most EXACT_COUNT_LIMIT rows: sorted from `found` (read by id). More: the
      // sort's index walked, each row checked against the kinds (hashed): at least one row in
      // EXACT_COUNT_LIMIT matches, so a page reads few. One branch runs, the other is cut off
      // by its one-time filter.
      // (`OFFSET 0`: subqueries kept as written, so the few rows are read by id and then sorted,
      // not merged into a walk of a name's index.)
      page = `(SELECT s.* FROM (SELECT s.*, ${sort.column} AS sort_value
                                  FROM found f CROSS JOIN LATERAL (SELECT * FROM call_submission s WHERE s.id = f.id OFFSET 0) s ${join}
                                 WHERE (SELECT n FROM counted) <= ${EXACT_COUNT_LIMIT} OFFSET 0) s
                ORDER BY s.sort_value ${direction}, s.id ASC ${range})
              UNION ALL
              (SELECT s.*, ${sort.column} AS sort_value FROM call_submission s ${join}
                ${whereOf([`(SELECT n FROM counted) > ${EXACT_COUNT_LIMIT}`, ...where, ...organizationsFirst, anyKind])} ORDER BY ${order} ${range})`;
      ctes = `${kinds.map((k) => `matched_${k} AS MATERIALIZED (${MATCHED[k]}),`).join(' ')}
            matched_codes AS MATERIALIZED (SELECT s.id FROM call_submission s ${whereOf([...where, `s.code ILIKE ${q}`])} LIMIT ${cap}),
            found AS MATERIALIZED (${found.join(' UNION ')}),
            counted AS (SELECT count(*)::int AS n FROM found)`;
      // The planner's estimate: the union of the kinds (each a semi-join it estimates, their sum)
      // intersected with the filtered rows (the smaller of the two: never past the table).
      const kindRows = [
        `SELECT s.id FROM call_submission s ${whereOf([...where, `s.code ILIKE ${q}`])}`,
        ...kinds.map((k) => `SELECT s.id FROM call_submission s ${whereOf([...where, `${KEY[k]} IN (${MATCHED[k]})`])}`),
      ];
      estimated = `FROM ((SELECT s.id FROM call_submission s ${whereOf(where)}) INTERSECT (${kindRows.join(' UNION ')})) x`;
    }
    const rows = await this.sql.query<SubmissionRowDto & { total: number }>(
      `WITH ${ctes},
            page AS (${page})
       SELECT counted.n AS total, s.id, s.code, s.call_id AS "callId", c.name AS "callName", s.organization_id AS "organizationId",
              o.name AS "organizationName", u.email AS "userEmail", s.closed, CASE WHEN s.closed THEN 'closed' ELSE 'open' END AS status,
              ${ISO_UTC('s.opened_at')} AS "openedAt", ${ISO_UTC('s.submitted_at')} AS "submittedAt",
              ${ISO_UTC('s.last_submitted_at')} AS "lastSubmittedAt", ${ISO_UTC('s.closed_at')} AS "closedAt",
              s.quiz_score::float8 AS "quizScore", s.sroi_score::float8 AS "sroiScore"
         FROM counted
         LEFT JOIN (page s JOIN call c ON c.id = s.call_id JOIN organization o ON o.id = s.organization_id JOIN app_user u ON u.id = s.user_id) ON true
        ORDER BY ${order}`,
      params,
    );
    const total = rows[0]?.total ?? 0;
    const items = rows.filter((r) => r.id !== null).map(({ total: _, ...row }) => row);
    if (total <= EXACT_COUNT_LIMIT) return { items, total, estimated: false };
    const estimate = await this.estimates.rows((sql, values) => this.sql.query(sql, values), estimated, params.slice(0, -2));
    return { items, total: Math.max(estimate, total), estimated: true };
  }
}
