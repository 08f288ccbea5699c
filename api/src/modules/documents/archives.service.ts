import { Inject, Injectable } from '@nestjs/common';
import { badRequest } from '../../common/http/app-error.js';
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

/** One part of a dossier, as manifest.json lists it; an empty slot has no path. */
export interface DossierPart {
  kind: 'submission-pdf' | 'attachment' | 'empty-slot';
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
  /** The zone of index.html's and the PDF's dates (named beside each); the manifest's own dates are ISO, UTC. */
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

/** ZIPs streamed to the response: a selection's PDFs, a dossier (PDF, files, manifest.json, index.html), a selection's dossiers. */
@Injectable()
export class ArchivesService {
  constructor(
    private readonly repo: DocumentsRepository,
    private readonly documents: DocumentsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** The selection, newest first; 400 errors.export-too-many beyond `max`. */
  async selection(filter: SubmissionFilter, max: number): Promise<SubmissionHead[]> {
    const out: SubmissionHead[] = [];
    let cursor: ExportCursor | undefined;
    for (;;) {
      const want = Math.min(500, max + 1 - out.length);
      const page = await this.repo.page(filter, cursor, want, false);
      out.push(...page);
      if (out.length > max) throw badRequest('errors.export-too-many', `At most ${max} applications per archive: narrow the filters`);
      if (page.length < want) return out;
      const last = page[page.length - 1];
      cursor = { openedAt: last.cursor, id: last.id };
    }
  }

  /** The PDFs in one ZIP. Up to `window` PDFs are rendered ahead of the one being written (the renderer's pool bounds the pages). */
  pdfsZip(heads: SubmissionHead[], language: Language, timeZone: string, out: Writable, window: number): Promise<void> {
    const pending: Promise<RenderedPdf>[] = [];
    const start = (i: number) => {
      pending[i] = this.documents.render(heads[i], language, timeZone);
      pending[i].catch(() => undefined); // awaited in order below
    };
    return ZipWriter.write(out, async (zip) => {
      for (let i = 0; i < Math.min(window, heads.length); i++) start(i);
      for (let i = 0; i < heads.length; i++) {
        const { fileName, pdf } = await pending[i];
        delete pending[i];
        if (i + window < heads.length) start(i + window);
        await zip.add(fileName, pdf, { store: true });
      }
    });
  }

  dossierZip(head: SubmissionHead, language: Language, timeZone: string, out: Writable): Promise<void> {
    return ZipWriter.write(out, (zip) => this.writeDossier(zip, head, language, timeZone));
  }

  /** One `dossier-<code>.zip` per submission inside one ZIP, each made as it is written. */
  dossiersZip(heads: SubmissionHead[], language: Language, timeZone: string, out: Writable): Promise<void> {
    return ZipWriter.write(out, async (outer) => {
      for (const head of heads) {
        const pipe = new PassThrough();
        const added = outer.add(`dossier-${head.code}.zip`, pipe, { store: true });
        // Awaited once the dossier is written; it may fail before (the client went away): not left unhandled meanwhile.
        added.catch(() => undefined);
        await ZipWriter.write(pipe, (inner) => this.writeDossier(inner, head, language, timeZone)).catch((err: unknown) => {
          // The entry fails rather than ending as if whole, and the outer archive stops waiting for its bytes.
          pipe.destroy(err instanceof Error ? err : new Error(String(err)));
          throw err;
        });
        await added;
      }
    });
  }

  private async writeDossier(zip: ZipWriter, head: SubmissionHead, language: Language, timeZone: string): Promise<void> {
    const source = await this.documents.source(head);
    const { fileName, pdf } = await this.documents.render(head, language, timeZone);
    const pdfEntry = await zip.add(fileName, pdf, { store: true });
    const parts: DossierPart[] = [{ kind: 'submission-pdf', path: pdfEntry.name, size: pdfEntry.size, sha256: pdfEntry.sha256 }];
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
        const { size, sha256 } = await zip.add(name, await this.storage.open(file.storageKey), { store: true });
        parts.push({ kind: 'attachment', path: name, size, sha256, ...common, fileName: file.fileName, description: file.description });
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
  }
}

/** index.html of a dossier: what the archive holds, readable in any browser without the product. */
export function dossierIndexHtml(m: DossierManifest): string {
  const lang = m.language;
  const L = (key: string, vars?: Record<string, string | number>) => translate(lang, `documents.dossier.${key}`, vars);
  const rows = m.parts
    .map((p) => {
      const where = `${e(p.step ?? '')} · ${e(p.slot ?? '')}`;
      if (p.kind === 'empty-slot') return `<tr><td>${e(L('slot'))}: ${where}</td><td colspan="3"><em>${e(L('empty-slot'))}</em></td></tr>`;
      const what =
        p.kind === 'submission-pdf'
          ? e(L('submission-pdf'))
          : `${e(L('attachment'))}: ${where}${p.description ? `<br><small>${e(p.description)}</small>` : ''}`;
      return `<tr><td>${what}</td><td><a href="${e(encodeURI(p.path ?? ''))}">${e(p.path)}</a></td>
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
