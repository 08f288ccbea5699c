import { Injectable } from '@nestjs/common';
import { isLanguage } from '@impact-calls/domain';
import type { AttachmentRequest, MessageAttachmentProvider } from '../messages/message-attachments.js';
import type { MailAttachment } from '../messages/mail-transport.js';
import { DocumentsService } from './documents.service.js';

/** The PDF attached to the confirmation e-mail: messages asks only when the call offers it, and sends it to the submitter. */
@Injectable()
export class SubmissionPdfAttachments implements MessageAttachmentProvider {
  constructor(private readonly documents: DocumentsService) {}

  async attachmentsFor(request: AttachmentRequest): Promise<MailAttachment[]> {
    const language = isLanguage(request.language) ? request.language : 'it';
    const { fileName, pdf } = await this.documents.pdfOf(request.submissionId, language);
    return [{ filename: fileName, contentType: 'application/pdf', content: pdf }];
  }
}
