import { Injectable } from '@nestjs/common';
import { LANGUAGES, type Language } from '@impact-calls/domain';
import type { AttachmentRequest, MessageAttachmentProvider } from '../messages/message-attachments.js';
import type { MailAttachment } from '../messages/mail-transport.js';
import { DocumentsService } from './documents.service.js';

/**
 * The submission PDF attached to the confirmation e-mail (registered as MESSAGE_ATTACHMENTS).
 * The messages module asks only when the call lets applicants download their PDF, and sends
 * to the person who submitted: no further access check here.
 */
@Injectable()
export class SubmissionPdfAttachments implements MessageAttachmentProvider {
  constructor(private readonly documents: DocumentsService) {}

  async attachmentsFor(request: AttachmentRequest): Promise<MailAttachment[]> {
    const language: Language = (LANGUAGES as readonly string[]).includes(request.language) ? (request.language as Language) : 'it';
    const { fileName, pdf } = await this.documents.submissionPdfFile(request.submissionId, language);
    return [{ filename: fileName, contentType: 'application/pdf', content: pdf }];
  }
}
