import type { MailAttachment } from './mail-transport.js';

/**
 * The seam for files attached to messages, resolved at send time (ModuleRef, not strict): a
 * module that can make them (the documents module's submission PDF) provides this token, and
 * the messages module never imports it. Without a provider, messages go without attachments.
 *
 *   { provide: MESSAGE_ATTACHMENTS, useExisting: SubmissionPdfAttachments }
 */
export const MESSAGE_ATTACHMENTS = 'MESSAGE_ATTACHMENTS';

export interface AttachmentRequest {
  /** Only `submission-confirmation` asks today. */
  kind: string;
  submissionId: string;
  language: string;
}

export interface MessageAttachmentProvider {
  /** The files to attach; asked only when the call lets applicants download their PDF (enableUserDownloadPdf). */
  attachmentsFor(request: AttachmentRequest): Promise<MailAttachment[]>;
}
