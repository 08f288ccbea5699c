import { ApiError, createApiClient, session, type Schemas } from '@impact-calls/api-client';
import type { api } from '../api/client';
import { returnToLanding } from '../api/client';

export type Submission = Schemas['SubmissionDto'];
export type StepResult = Schemas['StepResultDto'];
export type Attachment = Schemas['AttachmentDto'];

const endSession = () => {
  session.clear();
  returnToLanding();
};

/**
 * The client for autosaves: the same session rules as the app's client, except that a
 * network error is left to the caller (the answers stay on this device and are saved when
 * the connection is back) instead of leaving the page.
 */
export const saveApi = createApiClient({
  getToken: session.getToken,
  getOrganizationId: session.getOrganizationId,
  onSessionError: endSession,
});

/** The SelectedOrganizationId header the schema declares (the client's middleware sets it too). */
export const orgHeader = () => ({ SelectedOrganizationId: session.getOrganizationId() ?? '' });

/** An error of the API (or the network: status 0, key errors.network). */
function apiError(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as { key?: string; message?: string; errors?: Record<string, string> };
  return new ApiError(status, b.key ?? (status === 0 ? 'errors.network' : 'errors.http'), b.message ?? '', b.errors, body);
}

export interface UploadFields {
  callSubmissionId: string;
  stepId: string;
  slotIndex: number;
  description: string;
}

/**
 * UploadFile with a progress callback. fetch reports no upload progress, so this one call
 * uses XMLHttpRequest, with the same headers and session rules as the API client.
 */
export function uploadFile(fields: UploadFields, file: File, onProgress: (percent: number) => void): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/FileUpload/UploadFile');
    const token = session.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const org = session.getOrganizationId();
    if (org) xhr.setRequestHeader('SelectedOrganizationId', org);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as Attachment);
      if ([401, 403, 498].includes(xhr.status)) endSession();
      reject(apiError(xhr.status, body));
    };
    xhr.onerror = () => reject(apiError(0, undefined));
    xhr.onabort = () => reject(apiError(0, undefined));
    const form = new FormData();
    form.append('CallSubmissionId', fields.callSubmissionId);
    form.append('StepId', fields.stepId);
    form.append('SlotIndex', String(fields.slotIndex));
    if (fields.description.trim()) form.append('Descrizione', fields.description);
    form.append('File', file, file.name);
    xhr.send(form);
  });
}

/** GetFile as a blob, saved under the file's name. */
export async function downloadFile(client: typeof api, downloadId: string, fileName: string): Promise<void> {
  const { data, error, response } = await client.GET('/api/FileUpload/GetFile', { params: { query: { downloadId } }, parseAs: 'blob' });
  if (!response.ok || !data) throw apiError(response.status, error);
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
