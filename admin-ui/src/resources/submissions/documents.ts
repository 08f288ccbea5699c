import { downloadFile, type DownloadedFile } from '@impact-calls/api-client';
import { browserTimeZone, type Language } from '@impact-calls/domain';
import { api } from '../../providers/client';

/** The list's filters as the exports take them: empty values left out (react-admin keeps cleared inputs as ''). */
export function exportFilter(filterValues: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(filterValues).filter(([, v]) => v !== undefined && v !== null && v !== '')));
}

/**
 * Counts the entries of a ZIP as it streams in, from their local file headers
 * (`PK\x03\x04`, then the name at offset 30): only names matching `names` count, so the
 * files inside a nested archive (stored, so their headers show too) are not counted twice.
 */
export class ZipEntryCounter {
  private tail = new Uint8Array(0);
  private readonly decoder = new TextDecoder();
  count = 0;

  constructor(private readonly names: RegExp) {}

  push(chunk: Uint8Array): number {
    const data = new Uint8Array(this.tail.length + chunk.length);
    data.set(this.tail);
    data.set(chunk, this.tail.length);
    let i = 0;
    let keep: number | undefined;
    while (i + 4 <= data.length) {
      if (data[i] !== 0x50 || data[i + 1] !== 0x4b || data[i + 2] !== 0x03 || data[i + 3] !== 0x04) {
        i++;
        continue;
      }
      if (i + 30 > data.length) {
        keep = i; // an unfinished header: read it with the next chunk
        break;
      }
      const nameLength = data[i + 26] | (data[i + 27] << 8);
      if (nameLength === 0 || nameLength > 300) {
        i++;
        continue;
      }
      if (i + 30 + nameLength > data.length) {
        keep = i;
        break;
      }
      if (this.names.test(this.decoder.decode(data.subarray(i + 30, i + 30 + nameLength)))) this.count++;
      i += 30 + nameLength;
    }
    // What was not read yet (at most 3 bytes of a signature cut in two, or an unfinished header).
    this.tail = data.slice(keep ?? i);
    return this.count;
  }
}

export type ExportKind = 'xlsx' | 'pdfs' | 'dossiers';

const ENTRY_NAMES: Record<Exclude<ExportKind, 'xlsx'>, RegExp> = {
  pdfs: /^application-[\w-]+\.pdf$/,
  dossiers: /^dossier-[\w-]+\.zip$/,
};

export interface ExportProgress {
  /** Documents whose bytes have started to arrive (ZIPs), of `total` (X-Document-Count). */
  done?: number;
  total?: number;
  received: number;
}

/** An export of the filtered submissions list, streamed and saved; progress as it arrives. */
export function downloadExport(
  kind: ExportKind,
  filterValues: Record<string, unknown>,
  lang: Language,
  onProgress: (p: ExportProgress) => void,
): Promise<DownloadedFile> {
  const query = { filter: exportFilter(filterValues), lang };
  // The PDFs are made on the server: they write dates in the zone the browser says.
  const documentQuery = { ...query, tz: browserTimeZone() };
  const counter = kind === 'xlsx' ? undefined : new ZipEntryCounter(ENTRY_NAMES[kind]);
  let total: number | undefined;
  const call =
    kind === 'xlsx'
      ? api.GET('/api/admin/exports/submissions/xlsx', { params: { query }, parseAs: 'stream' })
      : kind === 'pdfs'
        ? api.GET('/api/admin/exports/submissions/pdfs', { params: { query: documentQuery }, parseAs: 'stream' })
        : api.GET('/api/admin/exports/submissions/dossiers', { params: { query: documentQuery }, parseAs: 'stream' });
  return downloadFile(
    call.then((r) => {
      const n = Number(r.response.headers.get('X-Document-Count'));
      total = Number.isFinite(n) && r.response.ok ? n : undefined;
      onProgress({ done: counter ? 0 : undefined, total, received: 0 });
      return r;
    }),
    {
      onChunk: (chunk) => counter?.push(chunk),
      onProgress: ({ received }) => onProgress({ done: counter && Math.min(counter.count, total ?? counter.count), total, received }),
    },
  );
}

/** A submission's PDF, its dates in the browser's time zone. */
export function downloadSubmissionPdf(id: string, lang: Language): Promise<DownloadedFile> {
  const query = { lang, tz: browserTimeZone() };
  return downloadFile(api.GET('/api/admin/submissions/{id}/pdf', { params: { path: { id }, query }, parseAs: 'stream' }));
}

/** A submission's dossier, its PDF and index in the browser's time zone. */
export function downloadSubmissionDossier(id: string, lang: Language): Promise<DownloadedFile> {
  const query = { lang, tz: browserTimeZone() };
  return downloadFile(api.GET('/api/admin/submissions/{id}/dossier', { params: { path: { id }, query }, parseAs: 'stream' }));
}
