import { Controller, Get, Inject, Logger, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@impact-calls/domain';
import { type AuthUser, CurrentOrganization, CurrentUser } from '../../common/auth/access.decorator.js';
import { badRequest } from '../../common/http/app-error.js';
import { parseListQuery } from '../../common/http/pagination.js';
import { contentDisposition } from '../files/files.controller.js';
import { streamedAnswer } from '../../common/http/send-json.js';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
import { parseSubmissionFilter, SUBMISSION_FILTER_KEYS } from '../submissions/submissions.service.js';
import { ArchivesService, MAX_DOSSIERS_PER_ZIP, MAX_PDFS_PER_ZIP } from './archives.service.js';
import { PdfExportDto } from './dto/documents.dto.js';
import { DocumentsService, type RenderedPdf } from './documents.service.js';
import { ExcelExportService } from './excel-export.service.js';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { PdfRenderer } from './pdf-renderer.js';
import { UuidParam, UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/**
 * The language of a document: `lang` when given (it, en, fr; anything else 400), else the
 * first language of Accept-Language the product speaks, else Italian.
 */
export function documentLanguage(lang: unknown, acceptLanguage: string | undefined): Language {
  if (lang !== undefined && lang !== '') {
    if (typeof lang === 'string' && (LANGUAGES as readonly string[]).includes(lang)) return lang as Language;
    throw badRequest('errors.validation', `lang must be one of ${LANGUAGES.join(', ')}`, {
      errors: { lang: `lang must be one of ${LANGUAGES.join(', ')}` },
    });
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** The console's filters of an export (the list's `filter` JSON); a key the list does not know answers 400. */
export function exportFilter(query: Record<string, unknown>): SubmissionFilter {
  const { filter } = parseListQuery({ filter: query.filter }, []);
  const unknown = Object.keys(filter).filter((k) => !(SUBMISSION_FILTER_KEYS as readonly string[]).includes(k));
  if (unknown.length) {
    throw badRequest('errors.export-filter', `Unknown filter ${unknown.join(', ')}: use ${SUBMISSION_FILTER_KEYS.join(', ')}`, {
      errors: Object.fromEntries(unknown.map((k) => [`filter.${k}`, 'not a filter of submissions'])),
    });
  }
  return parseSubmissionFilter(filter);
}

const LANG_QUERY = ApiQuery({
  name: 'lang',
  required: false,
  enum: LANGUAGES,
  description: 'Language of the document (default: Accept-Language, else it)',
});
const FILTER_QUERY = ApiQuery({
  name: 'filter',
  required: false,
  type: String,
  description: `JSON object of the submissions list's filters: ${SUBMISSION_FILTER_KEYS.join(', ')}`,
  example: '{"status":"closed"}',
});

function sendPdf(res: FastifyReply, { fileName, pdf }: RenderedPdf): StreamableFile {
  res.header('X-Content-Type-Options', 'nosniff');
  res.header('Cache-Control', 'private, no-store');
  return new StreamableFile(pdf, { type: 'application/pdf', length: pdf.length, disposition: contentDisposition(fileName) });
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** The spec's PDF operations of the Call group. */
@ApiTags('Call')
@Controller('Call')
export class DocumentsCallController {
  constructor(private readonly documents: DocumentsService) {}

  @Get('GetAllAnswerForPdf')
  @Endpoint(
    'getAllAnswerForPdf',
    "The PDF's data: the acting organization's own submission of the call (administrators: any), in the language asked",
    {
      access: { organization: 'optional' },
      ok: PdfExportDto,
      errors: { 400: true, 404: 'Unknown, of another organization, or not of this call' },
    },
  )
  @LANG_QUERY
  getAllAnswerForPdf(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() org: string | undefined,
    @UuidQuery('callId') callId: string,
    @UuidQuery('subId', { description: 'The submission' }) subId: string,
    @Query('lang') lang: string | undefined,
    @Req() req: FastifyRequest,
  ): Promise<PdfExportDto> {
    return this.documents.pdfData(user, org, callId, subId, documentLanguage(lang, req.headers['accept-language']));
  }

  @Get('GetSubmissionPdf')
  @Endpoint(
    'getSubmissionPdf',
    "The submission's PDF (application-<code>.pdf). Applicants: their organization's closed submission of a call with enableUserDownloadPdf; administrators: any",
    {
      access: { organization: 'optional' },
      file: 'application/pdf',
      errors: {
        404: 'Unknown, or of another organization',
        409: 'errors.pdf-not-allowed (the call does not offer it) or errors.pdf-not-submitted',
        503: 'errors.pdf-unavailable (no Chromium) or errors.pdf-busy',
      },
    },
  )
  @LANG_QUERY
  async getSubmissionPdf(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() org: string | undefined,
    @UuidQuery('submissionId') submissionId: string,
    @Query('lang') lang: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StreamableFile> {
    return sendPdf(res, await this.documents.pdfFor(user, org, submissionId, documentLanguage(lang, req.headers['accept-language'])));
  }
}

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
  ) {}

  @Get('submissions/:id/pdf')
  @Endpoint('adminSubmissionPdf', "Any submission's PDF, open or closed", {
    access: { admin: true },
    file: 'application/pdf',
    errors: { 404: true, 503: true },
  })
  @LANG_QUERY
  async pdf(
    @UuidParam('id') id: string,
    @Query('lang') lang: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StreamableFile> {
    return sendPdf(res, await this.documents.adminPdf(id, documentLanguage(lang, req.headers['accept-language'])));
  }

  @Get('submissions/:id/dossier')
  @Endpoint(
    'adminSubmissionDossier',
    "A submission's dossier (ZIP): its PDF, every attached file as '<slot> - <file name>', manifest.json and index.html with sizes and SHA-256",
    { access: { admin: true }, file: 'application/zip', errors: { 404: true, 503: true } },
  )
  @LANG_QUERY
  async dossier(
    @UuidParam('id') id: string,
    @Query('lang') lang: string | undefined,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const language = documentLanguage(lang, req.headers['accept-language']);
    const head = await this.documents.head(id);
    // Chromium is checked before the first byte goes out, so a missing one is a clean 503.
    await this.renderer.ready();
    this.startDownload(res, 'application/zip', `dossier-${head.code}.zip`, 1);
    await this.stream(res, () => this.archives.dossierZip(head, language, res.raw));
  }

  @Get('exports/submissions/xlsx')
  @Endpoint(
    'adminExportSubmissionsXlsx',
    'The filtered submissions as .xlsx (streamed): submissions, answers, miniDyi; headers in the language asked',
    {
      access: { admin: true },
      file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      errors: { 400: 'errors.export-filter or errors.list-query' },
    },
  )
  @FILTER_QUERY
  @LANG_QUERY
  async exportXlsx(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const filter = exportFilter(query);
    const language = documentLanguage(query.lang, req.headers['accept-language']);
    this.startDownload(res, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `submissions-${stamp()}.xlsx`);
    await this.stream(res, () => this.excel.write(filter, language, res.raw));
  }

  @Get('exports/submissions/pdfs')
  @Endpoint(
    'adminExportSubmissionPdfs',
    `The PDFs of the filtered submissions in one ZIP (streamed; X-Document-Count says how many; at most ${MAX_PDFS_PER_ZIP})`,
    {
      access: { admin: true },
      file: 'application/zip',
      errors: { 400: 'errors.export-filter, errors.list-query, errors.export-too-many', 503: true },
    },
  )
  @FILTER_QUERY
  @LANG_QUERY
  async exportPdfs(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const filter = exportFilter(query);
    const language = documentLanguage(query.lang, req.headers['accept-language']);
    const heads = await this.archives.selection(filter, MAX_PDFS_PER_ZIP);
    if (heads.length > MAX_PDFS_PER_ZIP) throw tooMany(MAX_PDFS_PER_ZIP);
    if (heads.length) await this.renderer.ready();
    this.startDownload(res, 'application/zip', `applications-${stamp()}.zip`, heads.length);
    await this.stream(res, () => this.archives.pdfsZip(heads, language, res.raw, this.settings.pdf.concurrency));
  }

  @Get('exports/submissions/dossiers')
  @Endpoint(
    'adminExportSubmissionDossiers',
    `The dossiers of the filtered submissions: one dossier ZIP per submission inside one ZIP (streamed; at most ${MAX_DOSSIERS_PER_ZIP})`,
    { access: { admin: true }, file: 'application/zip', errors: { 400: true, 503: true } },
  )
  @FILTER_QUERY
  @LANG_QUERY
  async exportDossiers(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const filter = exportFilter(query);
    const language = documentLanguage(query.lang, req.headers['accept-language']);
    const heads = await this.archives.selection(filter, MAX_DOSSIERS_PER_ZIP);
    if (heads.length > MAX_DOSSIERS_PER_ZIP) throw tooMany(MAX_DOSSIERS_PER_ZIP);
    if (heads.length) await this.renderer.ready();
    this.startDownload(res, 'application/zip', `dossiers-${stamp()}.zip`, heads.length);
    await this.stream(res, () => this.archives.dossiersZip(heads, language, res.raw));
  }

  private startDownload(res: FastifyReply, type: string, fileName: string, count?: number): void {
    const raw = streamedAnswer(res);
    raw.setHeader('Content-Type', type);
    raw.setHeader('Content-Disposition', contentDisposition(fileName));
    raw.setHeader('X-Content-Type-Options', 'nosniff');
    raw.setHeader('Cache-Control', 'private, no-store');
    if (count !== undefined) raw.setHeader('X-Document-Count', String(count));
  }

  /** Runs a streamed download; a failure once bytes are out can only cut the response (the client sees a failed download). */
  private async stream(res: FastifyReply, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (e) {
      if (!res.raw.headersSent) {
        for (const h of ['Content-Type', 'Content-Disposition', 'X-Document-Count']) res.raw.removeHeader(h);
        throw e;
      }
      this.logger.error(`A download failed midway: ${e instanceof Error ? e.message : String(e)}`);
      res.raw.destroy(e instanceof Error ? e : new Error(String(e)));
    }
  }
}

const tooMany = (max: number) => badRequest('errors.export-too-many', `At most ${max} applications per archive: narrow the filters`);
