import { ApiError, createApiClient, downloadFile, session, type DownloadProgress, type Schemas } from '@impact-calls/api-client';
import { browserTimeZone, type Language } from '@impact-calls/domain';
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
  freshToken: () => session.freshToken(),
  renew: () => session.renew(),
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
export async function uploadFile(fields: UploadFields, file: File, onProgress: (percent: number) => void): Promise<Attachment> {
  try {
    return await uploadOnce(fields, file, onProgress, await session.freshToken());
  } catch (e) {
    // The token was refused: renewed once, then the upload goes again (as the API client does).
    if (e instanceof ApiError && e.status === 401) {
      const renewed = await session.renew();
      if (renewed === 'renewed') return uploadOnce(fields, file, onProgress, session.getToken(), true);
      if (renewed === 'ended') endSession();
    }
    throw e;
  }
}

function uploadOnce(
  fields: UploadFields,
  file: File,
  onProgress: (percent: number) => void,
  token: string | undefined,
  last = false,
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/FileUpload/UploadFile');
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
      if ((last && xhr.status === 401) || [403, 498].includes(xhr.status)) endSession();
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

/** The submission's PDF in the user's language and time zone (GetSubmissionPdf), saved as the API names it. */
export async function downloadSubmissionPdf(
  client: typeof api,
  submissionId: string,
  lang: Language,
  onProgress?: (p: DownloadProgress) => void,
): Promise<void> {
  const query = { submissionId, lang, tz: browserTimeZone() };
  await downloadFile(client.GET('/api/Call/GetSubmissionPdf', { params: { query }, parseAs: 'stream' }), {
    fileName: 'application.pdf',
    onProgress,
  });
}
