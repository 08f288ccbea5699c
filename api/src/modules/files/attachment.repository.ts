import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { CallEntity } from '../calls/call.entity.js';
import { returned } from '../../database/sql.js';
import { AttachmentEntity, AttachmentTypeEntity } from './attachment.entity.js';
import { likeContains } from '../../common/http/like.js';

const SORTABLE: Record<string, string> = {
  fileName: 'a.fileName',
  createdAt: 'a.createdAt',
  dimensions: 'a.dimensions',
  mimeType: 'a.mimeType',
};
export const FILE_SORTABLE = Object.keys(SORTABLE);

@Injectable()
export class AttachmentRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  types(): Promise<AttachmentTypeEntity[]> {
    return this.db.manager.find(AttachmentTypeEntity, { order: { sort: 'ASC', code: 'ASC' } });
  }

  typeByCode(code: string): Promise<AttachmentTypeEntity | null> {
    return this.db.manager.findOne(AttachmentTypeEntity, { where: { code } });
  }

  byId(id: string): Promise<AttachmentEntity | null> {
    return this.db.manager.findOne(AttachmentEntity, { where: { id }, relations: { attachmentType: true } });
  }

  byDownloadId(downloadId: string): Promise<AttachmentEntity | null> {
    return this.db.manager.findOne(AttachmentEntity, { where: { downloadId } });
  }

  /** A submission's files, oldest first. */
  ofSubmission(submissionId: string): Promise<AttachmentEntity[]> {
    return this.db.manager.find(AttachmentEntity, {
      where: { submissionId, purpose: 'submission' },
      relations: { attachmentType: true },
      order: { createdAt: 'ASC' },
    });
  }

  /** One attachment, with its type, inside a transaction. */
  byIdIn(m: EntityManager, id: string): Promise<AttachmentEntity | null> {
    return m.findOne(AttachmentEntity, { where: { id }, relations: { attachmentType: true } });
  }

  /** One attachment, by id or download id, inside a transaction. */
  findIn(m: EntityManager, where: { id: string } | { downloadId: string }): Promise<AttachmentEntity | null> {
    return m.findOne(AttachmentEntity, { where });
  }

  insert(m: EntityManager, row: Partial<AttachmentEntity>): Promise<AttachmentEntity> {
    return m.getRepository(AttachmentEntity).save(row);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(AttachmentEntity, { id });
  }

  /** Deletes every file of a submission; answers the storage keys to remove. */
  async deleteOfSubmission(m: EntityManager, submissionId: string): Promise<string[]> {
    const rows = returned<{ storage_key: string }>(
      await m.query('DELETE FROM attachment WHERE submission_id = $1 RETURNING storage_key', [submissionId]),
    );
    return rows.map((r) => r.storage_key);
  }

  /** Deletes the file of a submission's slot; answers the storage keys to remove. */
  async deleteSlot(m: EntityManager, submissionId: string, stepId: string, slotIndex: number): Promise<string[]> {
    const rows = returned<{ storage_key: string }>(
      await m.query(
        `DELETE FROM attachment WHERE purpose = 'submission' AND submission_id = $1 AND step_id = $2 AND slot_index = $3 RETURNING storage_key`,
        [submissionId, stepId, slotIndex],
      ),
    );
    return rows.map((r) => r.storage_key);
  }

  /** How many files a submission holds. */
  countForSubmission(m: EntityManager, submissionId: string): Promise<number> {
    return m.count(AttachmentEntity, { where: { submissionId } });
  }

  /**
   * The bytes an organization's files take, with the organization's uploads serialized until the
   * transaction ends (a transaction-level advisory lock): two uploads at once cannot both pass the quota.
   */
  async bytesOfOrganizationLocked(m: EntityManager, organizationId: string): Promise<number> {
    await m.query("SELECT pg_advisory_xact_lock(hashtextextended('attachment-quota:' || $1, 0))", [organizationId]);
    return (await m.sum(AttachmentEntity, 'dimensions', { organizationId })) ?? 0;
  }

  /** The calls offering this file as their custom file. */
  callsOfCustomFile(downloadId: string, manager?: EntityManager): Promise<CallEntity[]> {
    return (manager ?? this.db.manager).find(CallEntity, { where: { customFileId: downloadId } });
  }

  async page(query: ListQuery, purpose: 'library' | 'custom-file', q: string | undefined): Promise<Page<AttachmentEntity>> {
    const qb = this.db.manager
      .createQueryBuilder(AttachmentEntity, 'a')
      .leftJoinAndSelect('a.attachmentType', 't')
      .where('a.purpose = :purpose', { purpose });
    if (q) qb.andWhere('a.file_name ILIKE :q', { q: likeContains(q) });
    const [items, total] = await qb
      .orderBy(SORTABLE[query.sortField ?? 'createdAt'] ?? 'a.createdAt', query.sortField ? query.sortOrder : 'DESC')
      .addOrderBy('a.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { items, total };
  }
}
