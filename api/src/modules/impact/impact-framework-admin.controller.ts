import { Body, Controller, Delete, Get, Post, Req, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { UploadRequest } from '../../common/http/multipart.js';
import { ADMIN } from '../../common/auth/access.decorator.js';
import { badRequest } from '../../common/http/app-error.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import {
  DeletedFrameworkDto,
  FrameworkRejectedDto,
  ImpactFrameworkDto,
  ImpactFrameworkSummaryDto,
  ImportFrameworkDto,
} from './dto/impact-framework.dto.js';
import { XLSX_MIME } from '@impact-calls/domain';
import { EXAMPLE_FRAMEWORK_FILE, FRAMEWORK_TEMPLATE_FILE, readExampleFile } from './example-files.js';
import { XlsxUploadInterceptor } from './excel/xlsx-upload.interceptor.js';
import { FrameworkImportService } from './framework-import.service.js';
import { ImpactFrameworkService } from './impact-framework.service.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

const download = async (name: typeof EXAMPLE_FRAMEWORK_FILE | typeof FRAMEWORK_TEMPLATE_FILE) =>
  new StreamableFile(await readExampleFile(name), { type: XLSX_MIME, disposition: `attachment; filename="${name}"` });

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
  template(): Promise<StreamableFile> {
    return download(FRAMEWORK_TEMPLATE_FILE);
  }

  @Get('example')
  @Endpoint('adminImpactFrameworkExample', 'The example framework shipped with the product (.xlsx)', { access: ADMIN, file: XLSX_MIME })
  example(): Promise<StreamableFile> {
    return download(EXAMPLE_FRAMEWORK_FILE);
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
