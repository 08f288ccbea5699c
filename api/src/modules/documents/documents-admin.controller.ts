import { Controller, Get, Inject, Logger, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { XLSX_MIME } from '@impact-calls/domain';
import { ADMIN } from '../../common/auth/access.decorator.js';
import { contentDisposition } from '../files/content-disposition.js';
import { streamedAnswer } from '../../common/http/send-json.js';
import { runStreamedDownload } from '../../common/http/streamed-download.js';
import { ArchivesService, MAX_DOSSIERS_PER_ZIP, MAX_PDFS_PER_ZIP } from './archives.service.js';
import { DocumentsService } from './documents.service.js';
import { ExcelExportService } from './excel-export.service.js';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { PdfRenderer } from './pdf-renderer.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { AuditService } from '../audit/audit.service.js';
import { documentLanguage, documentTimeZone, exportFilter, FILTER_QUERY, LANG_QUERY, sendPdf, TZ_QUERY } from './document-answers.js';

/** The console's documents: a submission's PDF and dossier, and the exports of the filtered submissions list. */
@ApiTags('Admin')
@Controller('admin')
export class DocumentsAdminController {
  private readonly logger = new Logger('Documents');

  constructor(
    private readonly documents: DocumentsService,
    private readonly excel: ExcelExportService,
    private readonly archives: ArchivesService,
    private readonly renderer: PdfRenderer,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly audit: AuditService,
  ) {}

  @Get('submissions/:id/pdf')
  @Endpoint('adminSubmissionPdf', "Any submission's PDF, open or closed", {
    access: ADMIN,
    file: 'application/pdf',
    errors: { 400: 'errors.time-zone (tz) or errors.validation', 404: true, 503: true },
  })
  @LANG_QUERY
  @TZ_QUERY
  async pdf(
    @UuidParam('id') id: string,
    @Query('lang') lang: string | undefined,
    @Query('tz') tz: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StreamableFile> {
    const language = documentLanguage(lang, req.headers['accept-language']);
    const pdf = await this.documents.pdfOf(id, language, documentTimeZone(tz));
    await this.audit.recordAlone({ action: 'export.submission-pdf', entity: 'submission', entityId: id });
    return sendPdf(res, pdf);
  }

  @Get('submissions/:id/dossier')
  @Endpoint(
    'adminSubmissionDossier',
    "A submission's dossier (ZIP): its PDF, every attached file as '<slot> - <file name>', manifest.json and index.html with sizes and SHA-256",
    { access: ADMIN, file: 'application/zip', errors: { 400: 'errors.time-zone (tz) or errors.validation', 404: true, 503: true } },
  )
  @LANG_QUERY
  @TZ_QUERY
  async dossier(
    @UuidParam('id') id: string,
    @Query('lang') lang: string | undefined,
    @Query('tz') tz: string | undefined,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const language = documentLanguage(lang, req.headers['accept-language']);
    const timeZone = documentTimeZone(tz);
    const head = await this.documents.head(id);
    // Chromium is checked before the first byte goes out, so a missing one is a clean 503.
    await this.renderer.ready();
    await this.audit.recordAlone({ action: 'export.submission-dossier', entity: 'submission', entityId: id, summary: head.code });
    const write = () => this.archives.dossierZip(head, language, timeZone, res.raw);
    await this.download(res, 'application/zip', `dossier-${head.code}.zip`, write, 1);
  }

  @Get('exports/submissions/xlsx')
  @Endpoint(
    'adminExportSubmissionsXlsx',
    'The filtered submissions as .xlsx (streamed): submissions, answers, miniDyi; headers in the language asked',
    {
      access: ADMIN,
      file: XLSX_MIME,
      errors: { 400: 'errors.export-filter or errors.list-query' },
    },
  )
  @FILTER_QUERY
  @LANG_QUERY
  async exportXlsx(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const filter = exportFilter(query);
    const language = documentLanguage(query.lang, req.headers['accept-language']);
    await this.audit.recordAlone({ action: 'export.submissions-xlsx', entity: 'export', summary: JSON.stringify(filter) });
    await this.download(res, XLSX_MIME, `submissions-${stamp()}.xlsx`, () => this.excel.write(filter, language, res.raw));
  }

  @Get('exports/submissions/pdfs')
  @Endpoint(
    'adminExportSubmissionPdfs',
    `The PDFs of the filtered submissions in one ZIP (streamed; X-Document-Count says how many; at most ${MAX_PDFS_PER_ZIP})`,
    {
      access: ADMIN,
      file: 'application/zip',
      errors: { 400: 'errors.export-filter, errors.list-query, errors.export-too-many, errors.time-zone', 503: true },
    },
  )
  @FILTER_QUERY
  @LANG_QUERY
  @TZ_QUERY
  async exportPdfs(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const filter = exportFilter(query);
    const language = documentLanguage(query.lang, req.headers['accept-language']);
    const timeZone = documentTimeZone(query.tz);
    const heads = await this.archives.selection(filter, MAX_PDFS_PER_ZIP);
    if (heads.length) await this.renderer.ready();
    await this.audit.recordAlone({
      action: 'export.submission-pdfs',
      entity: 'export',
      summary: `${heads.length}: ${JSON.stringify(filter)}`,
    });
    const write = () => this.archives.pdfsZip(heads, language, timeZone, res.raw, this.settings.pdf.concurrency);
    await this.download(res, 'application/zip', `applications-${stamp()}.zip`, write, heads.length);
  }

  @Get('exports/submissions/dossiers')
  @Endpoint(
    'adminExportSubmissionDossiers',
    `The dossiers of the filtered submissions: one dossier ZIP per submission inside one ZIP (streamed; at most ${MAX_DOSSIERS_PER_ZIP})`,
    {
      access: ADMIN,
      file: 'application/zip',
      errors: { 400: 'errors.export-filter, errors.list-query, errors.export-too-many, errors.time-zone', 503: true },
    },
  )
  @FILTER_QUERY
  @LANG_QUERY
  @TZ_QUERY
  async exportDossiers(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const filter = exportFilter(query);
    const language = documentLanguage(query.lang, req.headers['accept-language']);
    const timeZone = documentTimeZone(query.tz);
    const heads = await this.archives.selection(filter, MAX_DOSSIERS_PER_ZIP);
    if (heads.length) await this.renderer.ready();
    await this.audit.recordAlone({
      action: 'export.submission-dossiers',
      entity: 'export',
      summary: `${heads.length}: ${JSON.stringify(filter)}`,
    });
    const write = () => this.archives.dossiersZip(heads, language, timeZone, res.raw);
    await this.download(res, 'application/zip', `dossiers-${stamp()}.zip`, write, heads.length);
  }

  /** Streams what `write` writes as a file download (X-Document-Count: how many documents it holds). */
  private async download(res: FastifyReply, type: string, fileName: string, write: () => Promise<void>, count?: number): Promise<void> {
    const raw = streamedAnswer(res);
    raw.setHeader('Content-Type', type);
    raw.setHeader('Content-Disposition', contentDisposition(fileName));
    raw.setHeader('X-Content-Type-Options', 'nosniff');
    raw.setHeader('Cache-Control', 'private, no-store');
    if (count !== undefined) raw.setHeader('X-Document-Count', String(count));
    await runStreamedDownload(res, this.logger, write);
  }
}

/** Today (UTC) in file names. */
const stamp = () => new Date().toISOString().slice(0, 10);
