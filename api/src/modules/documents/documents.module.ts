import { Module } from '@nestjs/common';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { ArchivesService } from './archives.service.js';
import { DocumentsCallController } from './documents-call.controller.js';
import { DocumentsAdminController } from './documents-admin.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { ExcelExportService } from './excel-export.service.js';
import { PdfRendererModule } from './pdf-renderer.js';
import { SubmissionPdfAttachments } from './submission-pdf-attachments.js';
import { MESSAGE_ATTACHMENTS } from '../messages/message-attachments.js';
import { AuditModule } from '../audit/audit.module.js';

/** Documents: the submission PDF and its data, the Excel export, the ZIPs of PDFs and of dossiers. */
@Module({
  imports: [SubmissionsModule, PdfRendererModule, AuditModule],
  controllers: [DocumentsCallController, DocumentsAdminController],
  providers: [
    DocumentsRepository,
    DocumentsService,
    ExcelExportService,
    ArchivesService,
    SubmissionPdfAttachments,
    // The confirmation e-mail attaches the submission PDF (messages resolves this at send time).
    { provide: MESSAGE_ATTACHMENTS, useExisting: SubmissionPdfAttachments },
  ],
  exports: [DocumentsService, MESSAGE_ATTACHMENTS],
})
export class DocumentsModule {}
