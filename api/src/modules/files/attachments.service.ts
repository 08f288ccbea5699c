import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AttachmentEntity } from './attachment.entity.js';
import { AttachmentRepository } from './attachment.repository.js';

/** What other modules change of attachments, in their own transaction (`m`); deletions answer the storage keys to remove. */
@Injectable()
export class AttachmentsService {
  constructor(private readonly repo: AttachmentRepository) {}

  find(m: EntityManager, where: { id: string } | { downloadId: string }): Promise<AttachmentEntity | null> {
    return this.repo.find(where, m);
  }

  deleteOfSubmission(m: EntityManager, submissionId: string): Promise<string[]> {
    return this.repo.deleteOfSubmission(m, submissionId);
  }

  delete(m: EntityManager, id: string): Promise<void> {
    return this.repo.delete(m, id);
  }
}
