import type { MailAttachment } from './mail-transport.js';

/**
 * The seam for files attached to messages, resolved at send time (ModuleRef, not strict): the documents module provides it
 * (the submission PDF) and the messages module never imports it. Without a provider, messages go without attachments.
 */
export const MESSAGE_ATTACHMENTS = 'MESSAGE_ATTACHMENTS';

export interface AttachmentRequest {
  submissionId: string;
  language: string;
}

export interface MessageAttachmentProvider {
  /** The files to attach; asked only when the call lets applicants download their PDF (enableUserDownloadPdf). */
  attachmentsFor(request: AttachmentRequest): Promise<MailAttachment[]>;
}
