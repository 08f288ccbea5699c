import { Inject, Injectable } from '@nestjs/common';
import { PassThrough, type Writable } from 'node:stream';
import { archiveEntryName, formatDateTimeWithZone, formatFileSize, translate, uniqueNamer, type Language } from '@impact-calls/domain';
import { FILE_STORAGE, type FileStorage } from '../files/storage/file-storage.js';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
import { DocumentsRepository, type ExportCursor, type SubmissionHead } from './documents.repository.js';
import { DocumentsService, type RenderedPdf } from './documents.service.js';
import { escapeHtml as e } from './pdf-template.js';
import { slotFile } from './submission-document.js';
import { ZipWriter } from './zip-writer.js';

/** The most submissions one archive may hold (the console asks for narrower filters beyond). */
export const MAX_PDFS_PER_ZIP = 1000;
export const MAX_DOSSIERS_PER_ZIP = 500;

/** One part of a dossier, as manifest.json lists it. Later capabilities (messages, reviews, decisions) add kinds. */
export interface DossierPart {
  kind: 'submission-pdf' | 'attachment' | 'empty-slot';
  /** Path inside the archive; absent for an empty slot. */
  path?: string;
  size?: number;
  sha256?: string;
  step?: string;
  slot?: string;
  slotIndex?: number;
  mandatory?: boolean;
  fileName?: string;
  description?: string;
}

export interface DossierManifest {
  format: 'impact-calls-dossier/1';
  generatedAt: string;
  language: Language;
  /** The zone index.html and the PDF write dates in (named beside each); the manifest's own dates are ISO, UTC. */
  timeZone: string;
  submission: {
    id: string;
    code: string;
    call: string;
    organization: string;
    status: 'open' | 'closed';
    openedAt: string;
    submittedAt: string | null;
  };
  parts: DossierPart[];
}

/**
 * Archives streamed to the response: the PDFs of a selection (rendered a few at a time, in
 * order), a submission's dossier (its PDF, every attached file under `<slot> - <file name>`,
 * manifest.json and index.html with sizes and SHA-256), and the dossiers of a selection (one
 * ZIP per submission inside one ZIP).
 */
@Injectable()
export class ArchivesService {
  constructor(
    private readonly repo: DocumentsRepository,
    private readonly documents: DocumentsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** The ids of the selection, newest first (at most `max` + 1, so the caller can refuse more than `max`). */
  async selection(filter: SubmissionFilter, max: number): Promise<SubmissionHead[]> {
    const out: SubmissionHead[] = [];
    let cursor: ExportCursor | undefined;
    for (;;) {
      const want = Math.min(500, max + 1 - out.length);
      const page = await this.repo.page(filter, cursor, want, false);
      out.push(...page);
      if (page.length < want || out.length > max) return out;
      const last = page[page.length - 1];
      cursor = { openedAt: last.cursor, id: last.id };
    }
  }

  /**
   * The PDFs of the selection in one ZIP, `application-<code>.pdf` each. Up to `window` PDFs are
   * rendered ahead of the one being written (the renderer's pool bounds the pages at once).
   */
  async pdfsZip(heads: SubmissionHead[], language: Language, timeZone: string, out: Writable, window: number): Promise<void> {
    const zip = await ZipWriter.to(out);
    const pending: Promise<RenderedPdf>[] = [];
    const start = (i: number) => {
      const p = this.documents.render(heads[i], language, timeZone);
      p.catch(() => undefined); // awaited in order below
      pending[i] = p;
    };
    try {
      for (let i = 0; i < Math.min(window, heads.length); i++) start(i);
      for (let i = 0; i < heads.length; i++) {
        const { fileName, pdf } = await pending[i];
        delete pending[i];
        if (i + window < heads.length) start(i + window);
        await zip.add(fileName, pdf, { store: true });
      }
      await zip.finish();
    } catch (err) {
      zip.abort();
      throw err;
    }
  }

  /** One submission's dossier as a ZIP. */
  async dossierZip(head: SubmissionHead, language: Language, timeZone: string, out: Writable): Promise<void> {
    const zip = await ZipWriter.to(out);
    try {
      await this.writeDossier(zip, head, language, timeZone);
      await zip.finish();
    } catch (err) {
      zip.abort();
      throw err;
    }
  }

  /** The dossiers of a selection: one `dossier-<code>.zip` per submission inside one ZIP, each made as it is written. */
  async dossiersZip(heads: SubmissionHead[], language: Language, timeZone: string, out: Writable): Promise<void> {
    const outer = await ZipWriter.to(out);
    try {
      for (const head of heads) {
        const pipe = new PassThrough();
        const added = outer.add(`dossier-${head.code}.zip`, pipe, { store: true });
        // Awaited once the dossier is written; it may fail before (the client went away): not left unhandled meanwhile.
        added.catch(() => undefined);
        let inner: ZipWriter | undefined;
        try {
          inner = await ZipWriter.to(pipe);
          await this.writeDossier(inner, head, language, timeZone);
          await inner.finish();
        } catch (err) {
          // The entry fails rather than ending as if whole, and the outer archive stops waiting for its bytes.
          pipe.destroy(err instanceof Error ? err : new Error(String(err)));
          inner?.abort();
          throw err;
        }
        await added;
      }
      await outer.finish();
    } catch (err) {
      outer.abort();
      throw err;
    }
  }

  private async writeDossier(zip: ZipWriter, head: SubmissionHead, language: Language, timeZone: string): Promise<DossierManifest> {
    const source = await this.documents.source(head);
    const { fileName, pdf } = await this.documents.render(head, language, timeZone);
    const parts: DossierPart[] = [];
    const pdfEntry = await zip.add(fileName, pdf, { store: true });
    parts.push({ kind: 'submission-pdf', path: pdfEntry.name, size: pdfEntry.size, sha256: pdfEntry.sha256 });
    const unique = uniqueNamer();
    for (const step of source.steps) {
      if (step.kind !== 'upload') continue;
      for (const [index, slot] of step.slots.entries()) {
        const file = slotFile(source.attachments, step.id, index);
        const common = { step: step.name, slot: slot.file_name, slotIndex: index, mandatory: slot.mandatory };
        if (!file) {
          parts.push({ kind: 'empty-slot', ...common });
          continue;
        }
        const name = `attachments/${unique(archiveEntryName(`${slot.file_name} - ${file.fileName}`))}`;
        const entry = await zip.add(name, await this.storage.open(file.storageKey), { store: true });
        parts.push({
          kind: 'attachment',
          path: entry.name,
          size: entry.size,
          sha256: entry.sha256,
          ...common,
          fileName: file.fileName,
          description: file.description,
        });
      }
    }
    const manifest: DossierManifest = {
      format: 'impact-calls-dossier/1',
      generatedAt: new Date().toISOString(),
      language,
      timeZone,
      submission: {
        id: head.id,
        code: head.code,
        call: head.callName,
        organization: head.organization.name,
        status: head.closed ? 'closed' : 'open',
        openedAt: head.openedAt.toISOString(),
        submittedAt: head.submittedAt?.toISOString() ?? null,
      },
      parts,
    };
    await zip.add('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
    await zip.add('index.html', dossierIndexHtml(manifest));
    return manifest;
  }
}

/** index.html of a dossier: what the archive holds, readable in any browser without the product. */
export function dossierIndexHtml(m: DossierManifest): string {
  const lang = m.language;
  const L = (key: string, vars?: Record<string, string | number>) => translate(lang, `documents.dossier.${key}`, vars);
  const rows = m.parts
    .map((p) => {
      const what =
        p.kind === 'submission-pdf'
          ? L('submission-pdf')
          : `${e(L('attachment'))}: ${e(p.step ?? '')} · ${e(p.slot ?? '')}${p.description ? `<br><small>${e(p.description)}</small>` : ''}`;
      if (p.kind === 'empty-slot') {
        return `<tr><td>${e(L('slot'))}: ${e(p.step ?? '')} · ${e(p.slot ?? '')}</td><td colspan="3"><em>${e(L('empty-slot'))}</em></td></tr>`;
      }
      return `<tr><td>${p.kind === 'submission-pdf' ? e(what) : what}</td><td><a href="${e(encodeURI(p.path ?? ''))}">${e(p.path)}</a></td>
<td class="num">${e(formatFileSize(p.size ?? 0, lang))}<br><small>${p.size ?? 0} B</small></td><td><code>${e(p.sha256)}</code></td></tr>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="${e(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(L('title', { code: m.submission.code }))}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}
td.num{text-align:right;white-space:nowrap}code{font-size:.8rem;word-break:break-all}</style></head>
<body><h1>${e(L('title', { code: m.submission.code }))}</h1>
<p>${e(m.submission.call)} · ${e(m.submission.organization)}</p>
<p>${e(L('intro'))}</p>
<table><thead><tr><th>${e(L('part'))}</th><th>${e(L('file'))}</th><th>${e(L('size'))}</th><th>${e(L('sha256'))}</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p><small>${e(L('generated', { date: formatDateTimeWithZone(m.generatedAt, lang, m.timeZone) }))}</small></p>
</body></html>
`;
}
