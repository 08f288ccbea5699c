import { applyDecorators, Controller, Get, Logger, Param, Query, Req, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { LANGUAGES, REPORT_STATES, REPORT_TEXT_PAGE_MAX, XLSX_MIME } from '@impact-calls/domain';
import { contentDisposition } from '../files/content-disposition.js';
import { streamedAnswer } from '../../common/http/send-json.js';
import { runStreamedDownload } from '../../common/http/streamed-download.js';
import { documentLanguage } from '../documents/document-answers.js';
import { SurveyReportDto, SurveyStepListDto, TextAnswerPageDto } from './dto/reports.dto.js';
import { ReportExportService } from './report-export.service.js';
import { ReportsService } from './reports.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ADMIN } from '../../common/auth/access.decorator.js';

/** An optional query parameter. */
const optional = (name: string, description: string, schema: { type?: typeof String; format?: string; enum?: readonly string[] }) =>
  ApiQuery({ name, required: false, description, ...schema });

const LANG_QUERY = optional('lang', 'Language of the labels (default: Accept-Language, else it)', { enum: LANGUAGES });
/** The report's filters and language, as every report route reads them. */
const FILTER_QUERIES = applyDecorators(
  LANG_QUERY,
  optional('to', 'Answers up to this date, inclusive (YYYY-MM-DD, UTC)', { type: String }),
  optional('from', 'Answers from this date (YYYY-MM-DD, UTC, or an ISO date-time): the last submission, else the last save', {
    type: String,
  }),
  optional('state', 'Submissions read: submitted (default), open (in progress) or all', { enum: REPORT_STATES }),
);

/** The language asked: `lang`, else Accept-Language. */
const languageOf = (query: Record<string, unknown>, req: FastifyRequest) => documentLanguage(query.lang, req.headers['accept-language']);

/** Survey reports: administrators only. */
@ApiTags('Admin')
@Controller('admin/reports/calls/:callId')
export class ReportsController {
  private readonly logger = new Logger('Reports');

  constructor(
    private readonly reports: ReportsService,
    private readonly excel: ReportExportService,
  ) {}

  @Get('steps')
  @Endpoint('adminReportSurveySteps', "The call's survey steps, each with its number of submitted answers", {
    access: ADMIN,
    ok: SurveyStepListDto,
    errors: { 404: "pages.admin.call-not-found, or errors.call-type-not-found (not the call's)" },
  })
  @optional('callTypeId', "The call's call type, as the console's address names it", { type: String, format: 'uuid' })
  @LANG_QUERY
  steps(
    @Param('callId') callId: string,
    @Query('callTypeId') callTypeId: string | undefined,
    @Query('lang') lang: string | undefined,
    @Req() req: FastifyRequest,
  ): Promise<SurveyStepListDto> {
    return this.reports.surveySteps(callId, callTypeId, documentLanguage(lang, req.headers['accept-language']));
  }

  @Get('steps/:stepId')
  @Endpoint(
    'adminSurveyReport',
    "A survey step's report: every question's figures, aggregated by PostgreSQL (counts, percents, mean, median, NPS, matrix rows)",
    {
      access: ADMIN,
      ok: SurveyReportDto,
      errors: { 400: 'errors.report-not-survey, errors.report-filter', 404: 'pages.admin.call-not-found, errors.report-step-not-found' },
    },
  )
  @FILTER_QUERIES
  report(
    @Param('callId') callId: string,
    @Param('stepId') stepId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: FastifyRequest,
  ): Promise<SurveyReportDto> {
    return this.reports.report(callId, stepId, query, languageOf(query, req));
  }

  @Get('steps/:stepId/answers')
  @Endpoint('adminSurveyReportAnswers', "A page of one question's answers, newest first, searched on the server", {
    access: ADMIN,
    ok: TextAnswerPageDto,
    errors: {
      400: 'errors.report-not-survey, errors.report-filter',
      404: 'pages.admin.call-not-found, errors.report-step-not-found, errors.report-question-not-found',
    },
  })
  @ApiQuery({ name: 'question', type: String, description: "The question's name" })
  @ApiQuery({ name: 'search', required: false, type: String, description: 'Text the answer contains (case-insensitive)' })
  @ApiQuery({ name: 'page', required: false, type: Number, description: 'From 1' })
  @ApiQuery({ name: 'perPage', required: false, type: Number, description: `1 to ${REPORT_TEXT_PAGE_MAX} (default 10)` })
  @FILTER_QUERIES
  answers(
    @Param('callId') callId: string,
    @Param('stepId') stepId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: FastifyRequest,
  ): Promise<TextAnswerPageDto> {
    return this.reports.textAnswers(callId, stepId, query.question, query, languageOf(query, req));
  }

  @Get('steps/:stepId/xlsx')
  @Endpoint(
    'adminSurveyReportXlsx',
    'The report as .xlsx (streamed): the figures, and the raw answers (one row per submission, one column per question)',
    {
      access: ADMIN,
      file: XLSX_MIME,
      errors: { 400: 'errors.report-not-survey, errors.report-filter', 404: true },
    },
  )
  @FILTER_QUERIES
  async xlsx(
    @Param('callId') callId: string,
    @Param('stepId') stepId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const language = languageOf(query, req);
    // Every check (ids, kind, filters) before the first byte: a refusal is a clean 4xx.
    const ctx = await this.reports.context(callId, stepId, query, language);
    const raw = streamedAnswer(res);
    raw.setHeader('Content-Type', XLSX_MIME);
    raw.setHeader('Content-Disposition', contentDisposition(`survey-report-${new Date().toISOString().slice(0, 10)}.xlsx`));
    raw.setHeader('X-Content-Type-Options', 'nosniff');
    raw.setHeader('Cache-Control', 'private, no-store');
    await runStreamedDownload(res, this.logger, () => this.excel.write(ctx, language, raw));
  }
}
