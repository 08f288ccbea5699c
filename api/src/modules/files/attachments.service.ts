import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { notFound } from '../../common/http/app-error.js';
import { FILE_STORAGE, type FileStorage, NotFoundInStorage } from './storage/file-storage.js';
import type { AttachmentEntity } from './attachment.entity.js';
import { AttachmentRepository } from './attachment.repository.js';

/** What other modules change of attachments, in their own transaction (`m`); deletions answer the storage keys to remove. */
@Injectable()
export class AttachmentsService {
  constructor(
    private readonly repo: AttachmentRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** A submission's file and its bytes, for a caller that asked the access policy already (review); 404 when not that submission's. */
  async openOfSubmission(
    submissionId: string,
    id: string,
  ): Promise<{ stream: Readable; fileName: string; mimeType: string; size: number }> {
    const missing = () => notFound('errors.file-not-found', 'File not found');
    const a = await this.repo.find({ id });
    if (!a || a.submissionId !== submissionId) throw missing();
    const stream = await this.storage.open(a.storageKey).catch((e: unknown) => {
      throw e instanceof NotFoundInStorage ? missing() : e;
    });
    return { stream, fileName: a.fileName, mimeType: a.mimeType, size: a.dimensions };
  }

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
