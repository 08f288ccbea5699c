/**
 * The one blob-download helper of both apps: a file answered by the API (a PDF, an .xlsx, a
 * ZIP, an uploaded file) read as it arrives, with progress, and saved under the name the API
 * gives in Content-Disposition. Hand-written; only schema.ts is generated.
 */
import { ApiError, type ApiClient } from './index.js';

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** Content-Length when the API sent one (streamed archives have none). */
  total?: number;
}

export interface DownloadOptions {
  /** The name to save under when the answer names none. */
  fileName?: string;
  onProgress?: (progress: DownloadProgress) => void;
  /** Each chunk as it arrives (the console counts the documents of a streamed ZIP). */
  onChunk?: (chunk: Uint8Array) => void;
  /** Save the file (default); false only reads it (tests, previews). */
  save?: boolean;
}

export interface DownloadedFile {
  fileName: string;
  blob: Blob;
  response: Response;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first, then `filename="…"`). */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || undefined;
}

/** Saves a blob under a name (a temporary link the browser follows). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

async function readAll(body: ReadableStream<Uint8Array>, type: string, options: DownloadOptions, total?: number): Promise<Blob> {
  const reader = body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk = new Uint8Array(value);
    parts.push(chunk);
    received += chunk.length;
    options.onChunk?.(chunk);
    options.onProgress?.({ received, total });
  }
  return new Blob(parts, { type });
}

/**
 * Downloads what a generated-client call answers, asked with `parseAs: 'stream'`
 * (`api.GET('/api/…', { params, parseAs: 'stream' })`): an error answer throws an ApiError
 * carrying the API's key; a file is read with progress and saved under its name.
 */
export async function downloadFile(
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const { data, error, response } = await call;
  if (!response.ok) {
    const b = (error && typeof error === 'object' ? error : {}) as { key?: string; message?: string; errors?: Record<string, string> };
    throw new ApiError(response.status, b.key ?? 'errors.http', b.message ?? response.statusText, b.errors, error);
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  let blob: Blob;
  if (data instanceof Blob) {
    blob = data;
    options.onProgress?.({ received: blob.size, total: blob.size });
  } else if (data && typeof (data as ReadableStream).getReader === 'function') {
    blob = await readAll(data as ReadableStream<Uint8Array>, type, options, total);
  } else {
    blob = new Blob([], { type });
  }
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? options.fileName ?? 'download';
  if (options.save !== false) saveBlob(blob, fileName);
  return { fileName, blob, response };
}

/** GetFile: an uploaded file (an attachment, a call's custom file, a library file), saved under its name. */
export async function downloadStoredFile(client: ApiClient, downloadId: string, fileName: string): Promise<void> {
  await downloadFile(client.GET('/api/FileUpload/GetFile', { params: { query: { downloadId } }, parseAs: 'stream' }), { fileName });
}
