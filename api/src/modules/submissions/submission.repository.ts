import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, type DataSource, type EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { UserEntity } from '../auth/user.entity.js';
import { CallSubmissionEntity } from '../calls/call-submission.entity.js';
import { CallEntity } from '../calls/call.entity.js';
import { AttachmentEntity } from '../files/attachment.entity.js';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import { StepTypeEntity } from '../steps/step-type.entity.js';
import { StepEntity } from '../steps/step.entity.js';
import { StepResultEntity } from './step-result.entity.js';

export interface StepWithKind {
  step: StepEntity;
  kind: string;
}

export interface SubmissionRow {
  id: string;
  code: string;
  callId: string;
  callName: string;
  organizationId: string;
  organizationName: string;
  userEmail: string;
  closed: boolean;
  openedAt: Date;
  submittedAt: Date | null;
  closedAt: Date | null;
  quizScore: string | null;
  sroiScore: string | null;
}

export interface SubmissionFilter {
  callId?: string;
  organizationId?: string;
  status?: 'open' | 'closed';
  q?: string;
  openedFrom?: Date;
  openedTo?: Date;
  submittedFrom?: Date;
  submittedTo?: Date;
}

/** Rows of a DELETE/UPDATE ... RETURNING (TypeORM's postgres driver answers [rows, count] for those). */
export function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

const SORT_COLUMNS: Record<string, string> = {
  code: 's.code',
  callName: 'c.name',
  organizationName: 'o.name',
  closed: 's.closed',
  status: 's.closed',
  openedAt: 's.opened_at',
  submittedAt: 's.submitted_at',
  closedAt: 's.closed_at',
  quizScore: 's.quiz_score',
  sroiScore: 's.sroi_score',
};
export const SUBMISSION_SORTABLE = Object.keys(SORT_COLUMNS);

/** Queries of the submission lifecycle; no rule lives here. */
@Injectable()
export class SubmissionRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.db.manager;
  }

  findSubmission(id: string, manager?: EntityManager): Promise<CallSubmissionEntity | null> {
    return this.m(manager).findOne(CallSubmissionEntity, { where: { id } });
  }

  /** The submission row, locked until the transaction ends (every write starts here). */
  lockSubmission(m: EntityManager, id: string): Promise<CallSubmissionEntity | null> {
    return m.getRepository(CallSubmissionEntity).createQueryBuilder('s').setLock('pessimistic_write').where('s.id = :id', { id }).getOne();
  }

  findSubmissionForCall(callId: string, organizationId: string): Promise<CallSubmissionEntity | null> {
    return this.db.manager.findOne(CallSubmissionEntity, { where: { callId, organizationId } });
  }

  findCall(id: string, manager?: EntityManager): Promise<CallEntity | null> {
    return this.m(manager).findOne(CallEntity, { where: { id } });
  }

  lockCall(m: EntityManager, id: string): Promise<CallEntity | null> {
    return m.getRepository(CallEntity).createQueryBuilder('c').setLock('pessimistic_write').where('c.id = :id', { id }).getOne();
  }

  findOrganization(id: string): Promise<OrganizationEntity | null> {
    return this.db.manager.findOne(OrganizationEntity, { where: { id } });
  }

  findUser(id: string): Promise<UserEntity | null> {
    return this.db.manager.findOne(UserEntity, { where: { id } });
  }

  /** The steps of a call type with their kinds (step type names), in ascending sort order. */
  async stepsOf(callTypeId: string, manager?: EntityManager): Promise<StepWithKind[]> {
    const steps = await this.m(manager)
      .getRepository(StepEntity)
      .createQueryBuilder('st')
      .leftJoinAndMapOne('st.stepType', StepTypeEntity, 't', 't.id = st.step_type_id')
      .where('st.call_type_id = :callTypeId', { callTypeId })
      .orderBy('st.sort', 'ASC')
      .addOrderBy('st.name', 'ASC')
      .addOrderBy('st.id', 'ASC')
      .getMany();
    return steps.map((step) => ({ step, kind: step.stepType?.name ?? '' }));
  }

  results(submissionId: string, manager?: EntityManager): Promise<StepResultEntity[]> {
    return this.m(manager).find(StepResultEntity, { where: { submissionId }, order: { createdAt: 'ASC' } });
  }

  result(submissionId: string, stepId: string, manager?: EntityManager): Promise<StepResultEntity | null> {
    return this.m(manager).findOne(StepResultEntity, { where: { submissionId, stepId } });
  }

  saveResult(m: EntityManager, result: Partial<StepResultEntity>): Promise<StepResultEntity> {
    return m.getRepository(StepResultEntity).save(result);
  }

  async setResultScore(m: EntityManager, id: string, score: number | null): Promise<void> {
    await m.query('UPDATE step_result SET score = $2, updated_at = now(), version = version + 1 WHERE id = $1', [id, score]);
  }

  attachments(submissionId: string, manager?: EntityManager): Promise<AttachmentEntity[]> {
    return this.m(manager).find(AttachmentEntity, {
      where: { submissionId, purpose: 'submission' },
      relations: { attachmentType: true },
      order: { createdAt: 'ASC' },
    });
  }

  async closeSubmission(m: EntityManager, id: string, quizScore: number | null, at: Date): Promise<void> {
    await m.query(
      `UPDATE call_submission SET closed = true, closed_at = $2, submitted_at = $2, quiz_score = $3, updated_at = now(), version = version + 1 WHERE id = $1`,
      [id, at, quizScore],
    );
  }

  async reopenSubmission(m: EntityManager, id: string): Promise<void> {
    await m.query('UPDATE call_submission SET closed = false, updated_at = now(), version = version + 1 WHERE id = $1', [id]);
  }

  /** Deletes the submission and its rows; answers the storage keys of its files. */
  async deleteSubmission(m: EntityManager, id: string): Promise<string[]> {
    const files = returned<{ storage_key: string }>(
      await m.query('DELETE FROM attachment WHERE submission_id = $1 RETURNING storage_key', [id]),
    );
    await m.query('DELETE FROM step_result WHERE submission_id = $1', [id]);
    await m.query('DELETE FROM call_submission WHERE id = $1', [id]);
    return files.map((f) => f.storage_key);
  }

  async setCustomFile(m: EntityManager, callId: string, file: { downloadId: string; fileName: string } | null): Promise<void> {
    await m.query('UPDATE call SET custom_file_id = $2, custom_file_name = $3, updated_at = now(), version = version + 1 WHERE id = $1', [
      callId,
      file?.downloadId ?? null,
      file?.fileName ?? null,
    ]);
  }

  async page(query: ListQuery, filter: SubmissionFilter): Promise<Page<SubmissionRow>> {
    const qb = this.db
      .createQueryBuilder()
      .from(CallSubmissionEntity, 's')
      .innerJoin(CallEntity, 'c', 'c.id = s.call_id')
      .innerJoin(OrganizationEntity, 'o', 'o.id = s.organization_id')
      .innerJoin(UserEntity, 'u', 'u.id = s.user_id');
    if (filter.callId) qb.andWhere('s.call_id = :callId', { callId: filter.callId });
    if (filter.organizationId) qb.andWhere('s.organization_id = :organizationId', { organizationId: filter.organizationId });
    if (filter.status) qb.andWhere('s.closed = :closed', { closed: filter.status === 'closed' });
    if (filter.openedFrom) qb.andWhere('s.opened_at >= :openedFrom', { openedFrom: filter.openedFrom });
    if (filter.openedTo) qb.andWhere('s.opened_at <= :openedTo', { openedTo: filter.openedTo });
    if (filter.submittedFrom) qb.andWhere('s.submitted_at >= :submittedFrom', { submittedFrom: filter.submittedFrom });
    if (filter.submittedTo) qb.andWhere('s.submitted_at <= :submittedTo', { submittedTo: filter.submittedTo });
    if (filter.q) {
      const q = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('o.name ILIKE :q', { q })
            .orWhere('s.code ILIKE :q', { q })
            .orWhere('c.name ILIKE :q', { q })
            .orWhere('u.email ILIKE :q', { q }),
        ),
      );
    }
    const total = await qb.clone().select('count(*)::int', 'n').getRawOne<{ n: number }>();
    const items = await qb
      .select([
        's.id AS id',
        's.code AS code',
        's.call_id AS "callId"',
        'c.name AS "callName"',
        's.organization_id AS "organizationId"',
        'o.name AS "organizationName"',
        'u.email AS "userEmail"',
        's.closed AS closed',
        's.opened_at AS "openedAt"',
        's.submitted_at AS "submittedAt"',
        's.closed_at AS "closedAt"',
        's.quiz_score AS "quizScore"',
        's.sroi_score AS "sroiScore"',
      ])
      .orderBy(
        SORT_COLUMNS[query.sortField ?? 'openedAt'] ?? 's.opened_at',
        query.sortOrder,
        query.sortOrder === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST',
      )
      .addOrderBy('s.id', 'ASC')
      .offset(query.skip)
      .limit(query.take)
      .getRawMany<SubmissionRow>();
    return { items, total: total?.n ?? 0 };
  }
}
