import { Body, Controller, Delete, Get, Post, Put, Query, Req, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiQuery, ApiTags } from '@nestjs/swagger';
import { LANGUAGES } from '@impact-calls/domain';
import type { FastifyReply } from 'fastify';
import type { UploadRequest } from '../../common/http/multipart.js';
import { type AuthUser, CurrentUser } from '../../common/auth/access.decorator.js';
import { badRequest } from '../../common/http/app-error.js';
import { sendJson } from '../../common/http/send-json.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import {
  AddImpactFrameworkSetDto,
  DeletedFrameworkDto,
  FrameworkRejectedDto,
  ImpactFrameworkDto,
  ImpactFrameworkSummaryDto,
  ImportFrameworkDto,
  IndicatorTypeDto,
  OutcomeIdsBody,
  OutcomeTypeDto,
  SdgCodesBody,
  SdgDto,
  StakeholderDto,
} from './dto/impact-framework.dto.js';
import { EXAMPLE_FRAMEWORK_FILE, FRAMEWORK_TEMPLATE_FILE, readExampleFile, XLSX_MIME } from './example-files.js';
import { XlsxUploadInterceptor } from './excel/xlsx-upload.interceptor.js';
import { FrameworkImportService } from './framework-import.service.js';
import { ImpactFrameworkService } from './impact-framework.service.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { documentLanguage } from '../documents/documents.controller.js';
import { UuidParam, UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

const ADMIN = { admin: true } as const;
const SIGNED_IN = {} as const;

/** The Impact framework group of the spec (section 7). */
@ApiTags('ImpactFramework')
@Controller('ImpactFramework')
export class ImpactFrameworkController {
  constructor(private readonly service: ImpactFrameworkService) {}

  @Get('GetImpactFrameworkSetList')
  @Endpoint('getImpactFrameworkSetList', 'Every impact framework, by name, with its counts', {
    access: ADMIN,
    ok: [ImpactFrameworkSummaryDto],
  })
  getImpactFrameworkSetList(): Promise<ImpactFrameworkSummaryDto[]> {
    return this.service.list();
  }

  @Get('GetImpactFrameworkById')
  @Endpoint('getImpactFrameworkById', 'A framework with its stakeholders and its outcomes, indicators and proxies', {
    access: SIGNED_IN,
    ok: ImpactFrameworkDto,
    errors: { 404: true },
  })
  getImpactFrameworkById(@UuidQuery('ImpactFrameworkId') id: string, @CurrentUser() user: AuthUser): Promise<ImpactFrameworkDto> {
    return this.service.get(id, user.isAdmin);
  }

  @Get('DeleteImpactFrameworkSet')
  @Endpoint('deleteImpactFrameworkSet', "Delete a framework with its lists, unless a call's miniDyi step uses it (GET, as the spec says)", {
    access: ADMIN,
    ok: DeletedFrameworkDto,
    errors: { 404: true, 409: 'pages.admin.framework-in-use: a call uses it' },
  })
  deleteImpactFrameworkSet(@UuidQuery('ImpactFrameworkId') id: string): Promise<DeletedFrameworkDto> {
    return this.service.delete(id);
  }

  @Put('AddImpactFrameworkSet')
  @Endpoint('addImpactFrameworkSet', 'Create a framework from its lists (the parsed Excel as JSON); every rule checked, one transaction', {
    access: ADMIN,
    ok: ImpactFrameworkSummaryDto,
    errors: {
      400: {
        type: FrameworkRejectedDto,
        description: 'The first broken rule as key (pages.admin.errorStakeholders, ...), every one in issues',
      },
    },
  })
  addImpactFrameworkSet(@Body() dto: AddImpactFrameworkSetDto): Promise<ImpactFrameworkSummaryDto> {
    // The DTO is the domain's FrameworkContent as it is (a text left out is empty).
    return this.service.create({ name: dto.name, description: dto.description, content: dto });
  }

  @Get('GetSdg')
  @Endpoint('getSdg', 'The 17 SDGs with official colour, names and titles', { access: SIGNED_IN, ok: [SdgDto] })
  @ApiQuery({
    name: 'lang',
    required: false,
    enum: LANGUAGES,
    description: 'Language of name and description (default it); every language is in translations',
  })
  getSdg(@Query('lang') lang?: string): Promise<SdgDto[]> {
    // The language rule of the documents, without Accept-Language: `it` unless asked.
    return this.service.sdgs(documentLanguage(lang, undefined));
  }

  @Get('GetStakeholderType')
  @Endpoint('getStakeholderType', "A framework's stakeholders, in the order of the file", {
    access: SIGNED_IN,
    ok: [StakeholderDto],
    errors: { 404: true },
  })
  async getStakeholderType(
    @UuidQuery('ifSetId', { description: 'The impact framework' }) frameworkId: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    sendJson(res, await this.service.stakeholders(frameworkId));
  }
}

/** The Indicators group of the spec. */
@ApiTags('Indicator')
@Controller('Indicator')
export class IndicatorController {
  constructor(private readonly service: ImpactFrameworkService) {}

  @Post('GetIndicatorType')
  @RateLimit(false)
  @Endpoint('getIndicatorType', 'Indicator-proxy chains of the outcomes given (one row per indicator and proxy)', {
    access: SIGNED_IN,
    ok: [IndicatorTypeDto],
    errors: { 400: true },
  })
  async getIndicatorType(@OutcomeIdsBody() outcomeIds: string[], @Res() res: FastifyReply): Promise<void> {
    sendJson(res, await this.service.indicatorTypes(outcomeIds));
  }
}

/** The Outcomes group of the spec. */
@ApiTags('Outcome')
@Controller('Outcome')
export class OutcomeController {
  constructor(private readonly service: ImpactFrameworkService) {}

  @Post('GetOutcomeType')
  @RateLimit(false)
  @Endpoint('getOutcomeType', "A framework's outcomes under the SDG codes given (all of them for an empty list)", {
    access: SIGNED_IN,
    ok: [OutcomeTypeDto],
    errors: { 400: true, 404: true },
  })
  async getOutcomeType(
    @UuidQuery('ifSetId', { description: 'The impact framework' }) frameworkId: string,
    @SdgCodesBody() sdgs: number[],
    @Res() res: FastifyReply,
  ): Promise<void> {
    sendJson(res, await this.service.outcomeTypes(frameworkId, sdgs));
  }
}

/** The console's resource (ra-data-simple-rest conventions), plus the Excel import and its files. */
@ApiTags('Admin')
@Controller('admin/impact-framework')
export class ImpactFrameworkAdminController {
  constructor(
    private readonly service: ImpactFrameworkService,
    private readonly importer: FrameworkImportService,
  ) {}

  @Get()
  @Endpoint('adminListImpactFrameworks', 'Impact frameworks, one page (filter q searches name and description)', {
    access: ADMIN,
    ok: [ImpactFrameworkSummaryDto],
  })
  @ApiListQuery()
  async list(
    @ListParams(['name', 'createdAt', 'outcomeCount', 'indicatorCount', 'stakeholderCount']) query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ImpactFrameworkSummaryDto[]> {
    return sendPage(res, 'impact-framework', query, await this.service.page(query));
  }

  @Post('import')
  @RateLimit('upload')
  @Endpoint(
    'adminImportImpactFramework',
    'Create a framework from an .xlsx (one sheet, the columns of the spec); nothing saved unless every rule holds',
    {
      access: ADMIN,
      ok: ImpactFrameworkSummaryDto,
      status: 201,
      errors: {
        400: { type: FrameworkRejectedDto, description: 'Every problem with its sheet, row and column' },
        413: { type: FrameworkRejectedDto },
      },
    },
  )
  @UseInterceptors(XlsxUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'name', 'description'],
      properties: {
        file: { type: 'string', format: 'binary' },
        name: { type: 'string', maxLength: 300 },
        description: { type: 'string', maxLength: 4000 },
      },
    },
  })
  importFramework(@Req() req: UploadRequest, @Body() dto: ImportFrameworkDto): Promise<ImpactFrameworkSummaryDto> {
    const file = req.file;
    if (!file) throw badRequest('errors.impact.file-required', 'Choose an .xlsx file to upload', { errors: { file: 'required' } });
    return this.importer.importWorkbook({ name: dto.name, description: dto.description, buffer: file.buffer });
  }

  @Get('template')
  @Endpoint('adminImpactFrameworkTemplate', 'The empty .xlsx template (header row only)', { access: ADMIN, file: XLSX_MIME })
  async template(): Promise<StreamableFile> {
    return new StreamableFile(await readExampleFile(FRAMEWORK_TEMPLATE_FILE), {
      type: XLSX_MIME,
      disposition: `attachment; filename="${FRAMEWORK_TEMPLATE_FILE}"`,
    });
  }

  @Get('example')
  @Endpoint('adminImpactFrameworkExample', 'The example framework shipped with the product (.xlsx)', { access: ADMIN, file: XLSX_MIME })
  async example(): Promise<StreamableFile> {
    return new StreamableFile(await readExampleFile(EXAMPLE_FRAMEWORK_FILE), {
      type: XLSX_MIME,
      disposition: `attachment; filename="${EXAMPLE_FRAMEWORK_FILE}"`,
    });
  }

  @Get(':id')
  @Endpoint('adminGetImpactFramework', 'One framework with its lists and the calls using it', {
    access: ADMIN,
    ok: ImpactFrameworkDto,
    errors: { 404: true },
  })
  get(@UuidParam('id') id: string): Promise<ImpactFrameworkDto> {
    return this.service.get(id, true);
  }

  @Delete(':id')
  @Endpoint('adminDeleteImpactFramework', "Delete a framework, unless a call's miniDyi step uses it", {
    access: ADMIN,
    ok: DeletedFrameworkDto,
    errors: { 404: true, 409: 'pages.admin.framework-in-use' },
  })
  delete(@UuidParam('id') id: string): Promise<DeletedFrameworkDto> {
    return this.service.delete(id);
  }
}
