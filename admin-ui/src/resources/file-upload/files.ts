import { unwrap, type Schemas } from '@impact-calls/api-client';
import { api } from '../../providers/client';

export type Attachment = Schemas['AttachmentDto'];

/** UploadFile from the console (drop zone: Purpose library; a call's custom file: custom-file). */
export async function uploadConsoleFile(file: File, purpose: 'library' | 'custom-file'): Promise<Attachment> {
  const form = new FormData();
  form.append('Purpose', purpose);
  form.append('File', file, file.name);
  return unwrap(api.POST('/api/FileUpload/UploadFile', { body: form as never, bodySerializer: (b: unknown) => b as FormData }));
}

/** A submission's attachments (administrators see any). */
export function getAttachments(submissionId: string): Promise<Attachment[]> {
  return unwrap(api.GET('/api/FileUpload/GetAttachments', { params: { query: { submissionId } } }));
}

/** AddCustomFile: links an uploaded custom-file to a call (null removes it). */
export function setCustomFile(callId: string, fileId: string | null) {
  return unwrap(api.POST('/api/CallSubmission/AddCustomFile', { body: { callId, fileId } }));
}
