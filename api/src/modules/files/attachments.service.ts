import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AttachmentEntity } from './attachment.entity.js';
import { AttachmentRepository } from './attachment.repository.js';

/**
 * What other modules change of attachments (the files module's table), always in the caller's
 * transaction (`m`): deleting a submission deletes its files, replacing a call's custom file
 * deletes the old one. Each answers the storage keys, removed by the caller once it commits.
 */
@Injectable()
export class AttachmentsService {
  constructor(private readonly repo: AttachmentRepository) {}

  /** One attachment (a call's custom file, by id or download id), in the transaction. */
  find(m: EntityManager, where: { id: string } | { downloadId: string }): Promise<AttachmentEntity | null> {
    return this.repo.findIn(m, where);
  }

  /** Deletes every file of a submission (the submission being deleted in the same transaction); answers their storage keys. */
  deleteOfSubmission(m: EntityManager, submissionId: string): Promise<string[]> {
    return this.repo.deleteOfSubmission(m, submissionId);
  }

  /** Deletes one attachment (a call's custom file no call uses any more). */
  delete(m: EntityManager, id: string): Promise<void> {
    return this.repo.delete(m, id);
  }
}
