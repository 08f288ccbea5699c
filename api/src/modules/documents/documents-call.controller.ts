import { Controller, Get, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { type AuthUser, CurrentOrganization, CurrentUser } from '../../common/auth/access.decorator.js';
import { PdfExportDto } from './dto/documents.dto.js';
import { DocumentsService } from './documents.service.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { documentLanguage, documentTimeZone, LANG_QUERY, sendPdf, TZ_QUERY } from './document-answers.js';

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
        400: 'errors.time-zone (tz) or errors.validation',
        404: 'Unknown, or of another organization',
        409: 'errors.pdf-not-allowed (the call does not offer it) or errors.pdf-not-submitted',
        503: 'errors.pdf-unavailable (no Chromium) or errors.pdf-busy',
      },
    },
  )
  @LANG_QUERY
  @TZ_QUERY
  async getSubmissionPdf(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() org: string | undefined,
    @UuidQuery('submissionId') submissionId: string,
    @Query('lang') lang: string | undefined,
    @Query('tz') tz: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StreamableFile> {
    const language = documentLanguage(lang, req.headers['accept-language']);
    return sendPdf(res, await this.documents.pdfFor(user, org, submissionId, language, documentTimeZone(tz)));
  }
}
