import { Body, Controller, Get, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGES, privacyExportFileName, type Language } from '@impact-calls/domain';
import { type AuthUser, CurrentUser, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { streamedAnswer } from '../../common/http/send-json.js';
import { runStreamedDownload } from '../../common/http/streamed-download.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { documentLanguage } from '../documents/document-answers.js';
import { contentDisposition } from '../files/content-disposition.js';
import { ConsentsService } from './consents.service.js';
import { ConsentRecordDto, ConsentTextDto, PendingConsentDto, RecordConsentDto } from './dto/privacy.dto.js';
import { PrivacyExportService } from './privacy-export.service.js';

const LANG = ApiQuery({ name: 'lang', required: false, enum: LANGUAGES, description: 'Language of the texts (default: the user’s)' });

/** The user's own consents and the data exports (GDPR articles 7, 15 and 20): every route acts on the signed-in user only. */
@ApiTags('Privacy')
@Controller('privacy')
export class PrivacyController {
  private readonly logger = new Logger('Privacy');

  constructor(
    private readonly consents: ConsentsService,
    private readonly exports: PrivacyExportService,
  ) {}

  @Get('consents')
  @Endpoint('listMyConsents', 'The consents the user gave, newest first (the text of each with GetConsentText)', {
    access: SIGNED_IN,
    ok: [ConsentRecordDto],
  })
  list(@CurrentUser() user: AuthUser): Promise<ConsentRecordDto[]> {
    return this.consents.list(user);
  }

  @Get('consents/pending')
  @Endpoint('getPendingConsents', 'What the user must agree to (again) before going on: the data-consent text when it changed since', {
    access: SIGNED_IN,
    ok: [PendingConsentDto],
    errors: { 400: 'errors.validation (lang)' },
  })
  @LANG
  pending(@CurrentUser() user: AuthUser, @Query('lang') lang: string | undefined): Promise<PendingConsentDto[]> {
    return this.consents.pending(user, lang === undefined || lang === '' ? undefined : documentLanguage(lang, undefined));
  }

  @Post('consents')
  @Endpoint('recordConsent', 'Records the user’s consent to the current text of a pending consent (once per text)', {
    access: SIGNED_IN,
    status: 201,
    ok: ConsentRecordDto,
    errors: { 400: 'errors.privacy.stale-consent-text (the text changed meanwhile), errors.privacy.consent-kind or errors.validation' },
  })
  record(@CurrentUser() user: AuthUser, @Body() dto: RecordConsentDto): Promise<ConsentRecordDto> {
    return this.consents.record(user, dto);
  }

  @Get('consents/texts/:version')
  @Endpoint('getConsentText', 'The exact text of a version the user agreed to', {
    access: SIGNED_IN,
    ok: ConsentTextDto,
    errors: { 404: 'errors.privacy.text-not-found: not a text the user agreed to' },
  })
  @ApiParam({ name: 'version', description: 'sha256 hex of the text' })
  text(@CurrentUser() user: AuthUser, @Param('version') version: string): Promise<ConsentTextDto> {
    return this.consents.text(user, version);
  }

  @Get('export/me')
  @Endpoint(
    'exportMyData',
    'Everything held on the user as a ZIP (streamed): data.json and README.txt in the user’s language; the audit trail is not included',
    { access: SIGNED_IN, file: 'application/zip', errors: { 400: 'errors.validation (lang)' } },
  )
  @LANG
  async exportMe(
    @CurrentUser() user: AuthUser,
    @Query('lang') lang: string | undefined,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const language = this.language(user, lang, req);
    await this.download(res, privacyExportFileName('me', new Date()), () => this.exports.userZip(user, language, res.raw));
  }

  @Get('export/organizations/:organizationId')
  @Endpoint(
    'exportOrganizationData',
    'An organization’s data as a ZIP (streamed): data.json (members, applications with every answer, consents, messages, decisions) and each file under files/<application code>/; owners only',
    { access: SIGNED_IN, file: 'application/zip', errors: { 400: 'errors.validation', 404: 'Unknown, or the user is not its owner' } },
  )
  @LANG
  async exportOrganization(
    @CurrentUser() user: AuthUser,
    @UuidParam('organizationId') organizationId: string,
    @Query('lang') lang: string | undefined,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const language = this.language(user, lang, req);
    const org = await this.exports.organizationOf(user, organizationId);
    const fileName = privacyExportFileName('organization', new Date(), org.name);
    await this.download(res, fileName, () => this.exports.organizationZip(org, language, res.raw));
  }

  /** `lang` when given, else the user's, else Accept-Language's. */
  private language(user: AuthUser, lang: string | undefined, req: FastifyRequest): Language {
    if ((lang === undefined || lang === '') && isLanguage(user.language)) return user.language;
    return documentLanguage(lang, req.headers['accept-language']);
  }

  private async download(res: FastifyReply, fileName: string, write: () => Promise<void>): Promise<void> {
    const raw = streamedAnswer(res);
    raw.setHeader('Content-Type', 'application/zip');
    raw.setHeader('Content-Disposition', contentDisposition(fileName));
    raw.setHeader('X-Content-Type-Options', 'nosniff');
    raw.setHeader('Cache-Control', 'private, no-store');
    await runStreamedDownload(res, this.logger, write);
  }
}
