import { describe, expect, it, vi } from 'vitest';
import { api } from '../../providers/client';
import { downloadExport, downloadSubmissionDossier, downloadSubmissionPdf, exportFilter, ZipEntryCounter } from './documents';

vi.mock('../../providers/client', () => ({ api: { GET: vi.fn() } }));

/** A ZIP local file header for `name`, followed by `size` bytes of content. */
function entry(name: string, size: number): Uint8Array {
  const n = new TextEncoder().encode(name);
  const out = new Uint8Array(30 + n.length + size);
  out.set([0x50, 0x4b, 0x03, 0x04]);
  out[26] = n.length & 0xff;
  out[27] = n.length >> 8;
  out.set(n, 30);
  for (let i = 0; i < size; i++) out[30 + n.length + i] = (i * 7) & 0xff;
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('ZipEntryCounter', () => {
  const zip = concat([
    entry('application-2026-A.pdf', 500),
    entry('application-2026-B.pdf', 40),
    entry('other.txt', 10),
    entry('application-2026-C.pdf', 0),
  ]);

  it('counts the matching entries however the stream is cut', () => {
    for (const size of [1, 2, 3, 5, 29, 31, 64, 1000]) {
      const counter = new ZipEntryCounter(/^application-[\w-]+\.pdf$/);
      for (let at = 0; at < zip.length; at += size) counter.push(zip.subarray(at, at + size));
      expect({ size, count: counter.count }).toEqual({ size, count: 3 });
    }
  });

  it('leaves out the files inside nested archives', () => {
    const nested = concat([
      entry('dossier-X.zip', 0),
      entry('application-X.pdf', 20),
      entry('manifest.json', 5),
      entry('dossier-Y.zip', 0),
    ]);
    const counter = new ZipEntryCounter(/^dossier-[\w-]+\.zip$/);
    expect(counter.push(nested)).toBe(2);
  });
});

describe('exportFilter', () => {
  it('drops cleared inputs', () => {
    expect(exportFilter({ q: '', status: 'closed', callId: undefined, organizationId: null })).toBe('{"status":"closed"}');
  });
});

describe("documents in the browser's time zone", () => {
  it('asks for the PDF, the dossier and the PDF archives with the zone; the spreadsheet has no use for it', async () => {
    const get = vi.mocked(api.GET);
    // A refusal: the download stops at the answer, after the request was made.
    get.mockImplementation((async () => ({ error: { key: 'errors.x' }, response: new Response(null, { status: 404 }) })) as never);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await expect(downloadSubmissionPdf('s1', 'it')).rejects.toThrow();
    await expect(downloadSubmissionDossier('s1', 'it')).rejects.toThrow();
    for (const kind of ['pdfs', 'dossiers', 'xlsx'] as const)
      await expect(downloadExport(kind, {}, 'en', () => undefined)).rejects.toThrow();
    const calls = get.mock.calls as unknown as [string, { params: { query: Record<string, unknown> } }][];
    const asked = calls.map(([path, init]) => [path, init.params.query.tz]);
    expect(asked).toEqual([
      ['/api/admin/submissions/{id}/pdf', zone],
      ['/api/admin/submissions/{id}/dossier', zone],
      ['/api/admin/exports/submissions/pdfs', zone],
      ['/api/admin/exports/submissions/dossiers', zone],
      ['/api/admin/exports/submissions/xlsx', undefined],
    ]);
  });
});
