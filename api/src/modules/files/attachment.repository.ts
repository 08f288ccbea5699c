import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type SelectQueryBuilder } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { DB } from '../../database/schema.js';
import { Sql } from '../../database/sql.js';
import { countInt, db, statement } from '../../database/typed-sql.js';
import type { AttachmentEntity } from './attachment.entity.js';
import { likeContains } from '../../common/http/like.js';

// prettier-ignore
const COLUMNS = [
  'attachment.id', 'attachment.createdAt', 'attachment.updatedAt', 'attachment.version', 'attachment.purpose', 'attachment.submissionId',
  'attachment.organizationId', 'attachment.stepId', 'attachment.slotIndex', 'attachment.attachmentTypeId', 'attachment.fileName',
  'attachment.description', 'attachment.dimensions', 'attachment.mimeType', 'attachment.storageKey', 'attachment.downloadId',
  'attachment.uploadedById',
] as const;

/** Attachments with (what is shown of) their type. */
const withType = <O>(q: SelectQueryBuilder<DB, 'attachment', O>) =>
  q
    .innerJoin('attachmentType as t', 't.id', 'attachment.attachmentTypeId')
    .select((eb) => [...COLUMNS, jsonBuildObject({ code: eb.ref('t.code') }).as('attachmentType')]);

const attachmentTypes = db.selectFrom('attachmentType').select(['id', 'createdAt', 'updatedAt', 'version', 'code', 'name', 'sort']);
const types = statement('attachment-types', () => attachmentTypes.orderBy('sort').orderBy('code'));
const typeByCode = statement('attachment-type-by-code', (p: { code: string }) => attachmentTypes.where('code', '=', p.code));

const attachments = db.selectFrom('attachment').select(COLUMNS);
const byId = statement('attachment-by-id', (p: { id: string }) => attachments.where('attachment.id', '=', p.id));
const byDownloadId = statement('attachment-by-download-id', (p: { downloadId: string }) =>
  attachments.where('attachment.downloadId', '=', p.downloadId),
);
const withTypes = withType(db.selectFrom('attachment'));
const withTypeById = statement('attachment-with-type-by-id', (p: { id: string }) => withTypes.where('attachment.id', '=', p.id));
const ofSubmission = statement('attachments-of-submission', (p: { submissionId: string }) =>
  withTypes
    .where((eb) => eb.and({ 'attachment.submissionId': p.submissionId, 'attachment.purpose': 'submission' }))
    .orderBy('attachment.createdAt'),
);

/** What uploading a file stores: a submission's slot, or none. */
type Slot = 'submissionId' | 'organizationId' | 'stepId' | 'slotIndex';
export type AttachmentInput = Omit<AttachmentEntity, 'id' | 'createdAt' | 'updatedAt' | 'version' | Slot> &
  Partial<Pick<AttachmentEntity, Slot>>;
// prettier-ignore
const insert = statement('attachment-insert', (p: AttachmentInput) => db.insertInto('attachment').values({
  purpose: p.purpose, submissionId: p.submissionId, organizationId: p.organizationId, stepId: p.stepId, slotIndex: p.slotIndex,
  attachmentTypeId: p.attachmentTypeId, fileName: p.fileName, description: p.description, dimensions: p.dimensions, mimeType: p.mimeType,
  storageKey: p.storageKey, downloadId: p.downloadId, uploadedById: p.uploadedById,
}).returning(COLUMNS));
const remove = statement('attachment-delete', (p: { id: string }) => db.deleteFrom('attachment').where('id', '=', p.id));
const removeOfSubmission = statement('attachments-delete-of-submission', (p: { submissionId: string }) =>
  db.deleteFrom('attachment').where('submissionId', '=', p.submissionId).returning('storageKey'),
);
const removeSlot = statement('attachment-delete-slot', (p: { submissionId: string; stepId: string; slotIndex: number }) =>
  db
    .deleteFrom('attachment')
    .where((eb) => eb.and({ purpose: 'submission', submissionId: p.submissionId, stepId: p.stepId, slotIndex: p.slotIndex }))
    .returning('storageKey'),
);

const countOfSubmission = statement('attachments-count-of-submission', (p: { submissionId: string }) =>
  db.selectFrom('attachment').select(countInt().as('total')).where('submissionId', '=', p.submissionId),
);
const lockQuota = statement('attachment-quota-lock', (p: { organizationId: string }) =>
  db.selectNoFrom(sql`pg_advisory_xact_lock(hashtextextended('attachment-quota:' || ${p.organizationId}, 0))`.as('locked')),
);
const bytesOf = statement('attachment-bytes-of-organization', (p: { organizationId: string }) =>
  db
    .selectFrom('attachment')
    .select((eb) => sql<number>`coalesce(sum(${eb.ref('dimensions')}), 0)::float8`.as('bytes'))
    .where('organizationId', '=', p.organizationId),
);
const callsOfCustomFile = statement('attachment-calls-of-custom-file', (p: { downloadId: string }) =>
  db.selectFrom('call').select('id').where('customFileId', '=', p.downloadId),
);

export const FILE_SORTABLE = ['fileName', 'createdAt', 'dimensions', 'mimeType'] as const;

@Injectable()
export class AttachmentRepository {
  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly sql: Sql,
  ) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.data.transaction(work);
  }

  types() {
    return this.sql.run(types, {});
  }

  async typeByCode(code: string) {
    return (await this.sql.run(typeByCode, { code }))[0] ?? null;
  }

  async byId(id: string, m?: EntityManager) {
    return (await this.sql.run(withTypeById, { id }, m))[0] ?? null;
  }

  /** A submission's files, oldest first. */
  ofSubmission(submissionId: string) {
    return this.sql.run(ofSubmission, { submissionId });
  }

  /** One attachment, by id or download id (inside the transaction `m` when given). */
  async find(where: { id: string } | { downloadId: string }, m?: EntityManager): Promise<AttachmentEntity | null> {
    return (await ('id' in where ? this.sql.run(byId, where, m) : this.sql.run(byDownloadId, where, m)))[0] ?? null;
  }

  async insert(m: EntityManager, row: AttachmentInput): Promise<AttachmentEntity> {
    return (await this.sql.run(insert, row, m))[0];
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await this.sql.run(remove, { id }, m);
  }

  async deleteOfSubmission(m: EntityManager, submissionId: string): Promise<string[]> {
    return (await this.sql.run(removeOfSubmission, { submissionId }, m)).map((r) => r.storageKey);
  }

  async deleteSlot(m: EntityManager, submissionId: string, stepId: string, slotIndex: number): Promise<string[]> {
    return (await this.sql.run(removeSlot, { submissionId, stepId, slotIndex }, m)).map((r) => r.storageKey);
  }

  async countForSubmission(m: EntityManager, submissionId: string): Promise<number> {
    return (await this.sql.run(countOfSubmission, { submissionId }, m))[0].total;
  }

  /** An organization's stored bytes, its uploads serialized until the transaction ends: two at once cannot both pass the quota. */
  async bytesOfOrganizationLocked(m: EntityManager, organizationId: string): Promise<number> {
    await this.sql.run(lockQuota, { organizationId }, m);
    return (await this.sql.run(bytesOf, { organizationId }, m))[0].bytes;
  }

  callsOfCustomFile(downloadId: string, manager?: EntityManager) {
    return this.sql.run(callsOfCustomFile, { downloadId }, manager);
  }

  async page(query: ListQuery, purpose: 'library' | 'custom-file', q: string | undefined): Promise<Page<typeof withTypeById.row>> {
    const filtered = db
      .selectFrom('attachment')
      .where('attachment.purpose', '=', purpose)
      .$if(!!q, (b) => b.where('attachment.fileName', 'ilike', likeContains(q!)));
    const sort = FILE_SORTABLE.find((s) => s === query.sortField) ?? 'createdAt';
    const order = (query.sortField ? query.sortOrder : 'DESC') === 'DESC' ? 'desc' : 'asc';
    const page = withType(filtered).orderBy(`attachment.${sort}`, order).orderBy('attachment.id');
    const [items, [{ total }]] = await Promise.all([
      this.sql.list(page.offset(query.skip).limit(query.take)),
      this.sql.list(filtered.select(countInt().as('total'))),
    ]);
    return { items, total };
  }
}
