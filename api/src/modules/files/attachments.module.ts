import { Module } from '@nestjs/common';
import { AttachmentRepository } from './attachment.repository.js';
import { AttachmentsService } from './attachments.service.js';

/** The attachment rows, for submissions too: it imports no feature module, so submissions may import it (no cycle). */
@Module({
  providers: [AttachmentRepository, AttachmentsService],
  exports: [AttachmentRepository, AttachmentsService],
})
export class AttachmentsModule {}
