import { Module } from '@nestjs/common';
import { AttachmentRepository } from './attachment.repository.js';
import { AttachmentsService } from './attachments.service.js';

/**
 * The attachment rows, for the files module itself and for the modules that change them in
 * their own transactions (submissions: AttachmentsService). It imports no feature module, so
 * submissions may import it while the files module imports submissions (FilesModule.forRoot).
 */
@Module({
  providers: [AttachmentRepository, AttachmentsService],
  exports: [AttachmentRepository, AttachmentsService],
})
export class AttachmentsModule {}
