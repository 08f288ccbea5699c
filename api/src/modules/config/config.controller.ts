import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Access, Public } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { sendJson } from '../../common/http/send-json.js';
import { LANGUAGES, type Language } from '@impact-calls/domain';
import { badRequest } from '../../common/http/app-error.js';
import { ConfigService, preferredLanguage } from './config.service.js';
import { ConfigAdminDto, ConfigDto, UpsertConfigDto } from './dto/config.dto.js';
import { UuidQuery } from '../../common/http/uuid-query.js';

const CUSTOMIZE = { customize: true } as const;

/** The Config group of the spec. */
@ApiTags('Config')
@Controller('Config')
export class ConfigController {
  constructor(private readonly service: ConfigService) {}

  @Get('GetConfig')
  @Public()
  @ApiOperation({
    operationId: 'getConfig',
    summary:
      'The active branding configuration (built-in defaults when none exists), its texts in the language asked for (lang, else Accept-Language, else the default language)',
  })
  @ApiQuery({ name: 'lang', required: false, enum: LANGUAGES, enumName: 'Language' })
  @ApiOkResponse({ type: ConfigDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getConfig(@Query('lang') lang: string | undefined, @Res() res: Response): Promise<void> {
    if (lang !== undefined && !(LANGUAGES as readonly string[]).includes(lang)) {
      throw badRequest('errors.validation', `lang must be one of ${LANGUAGES.join(', ')}`, { errors: { lang: 'unknown language' } });
    }
    let language = lang as Language | undefined;
    if (!language) {
      // The answer depends on the header only when the query names no language.
      res.vary('Accept-Language');
      language = preferredLanguage(res.req.headers['accept-language']);
    }
    // Revalidated on every use: a conditional request with the current ETag answers 304.
    sendJson(res.set('Cache-Control', 'no-cache'), (await this.service.getActiveResponse(language)).json);
  }

  @Get('GetConfigList')
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'getConfigList', summary: 'Every configuration' })
  @ApiOkResponse({ type: [ConfigAdminDto] })
  getConfigList(): Promise<ConfigAdminDto[]> {
    return this.service.list();
  }

  @Post('UpsertConfig')
  @HttpCode(200)
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'upsertConfig', summary: 'Create (no id) or update a configuration; HTML is sanitized, the logo checked' })
  @ApiOkResponse({ type: ConfigAdminDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Stale version' })
  upsertConfig(@Body() dto: UpsertConfigDto): Promise<ConfigAdminDto> {
    return this.service.upsert(dto);
  }

  @Post('ActivateConfig')
  @HttpCode(200)
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'activateConfig', summary: 'Make this configuration the active one' })
  @ApiOkResponse({ type: ConfigAdminDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  activateConfig(@UuidQuery('id') id: string): Promise<ConfigAdminDto> {
    return this.service.activate(id);
  }

  @Delete('DeleteConfig')
  @HttpCode(204)
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'deleteConfig', summary: 'Delete a configuration that is not active' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The active configuration cannot be deleted' })
  deleteConfig(@UuidQuery('id') id: string): Promise<void> {
    return this.service.delete(id);
  }
}

/** The console's resource (ra-data-simple-rest conventions). */
@ApiTags('Admin')
@Controller('admin/configurations')
export class ConfigAdminController {
  constructor(private readonly service: ConfigService) {}

  @Get()
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'adminListConfigurations', summary: 'Configurations, one page' })
  @ApiListQuery()
  @ApiOkResponse({ type: [ConfigAdminDto] })
  async list(
    @ListParams(['name', 'domain', 'isActive', 'updatedAt']) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConfigAdminDto[]> {
    return sendPage(res, 'configurations', query, await this.service.page(query));
  }

  @Get(':id')
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'adminGetConfiguration', summary: 'One configuration' })
  @ApiOkResponse({ type: ConfigAdminDto })
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<ConfigAdminDto> {
    return this.service.get(id);
  }

  @Post()
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'adminCreateConfiguration', summary: 'Create a configuration' })
  @ApiOkResponse({ type: ConfigAdminDto })
  create(@Body() dto: UpsertConfigDto): Promise<ConfigAdminDto> {
    return this.service.upsert({ ...dto, id: undefined });
  }

  @Put(':id')
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'adminUpdateConfiguration', summary: 'Update a configuration' })
  @ApiOkResponse({ type: ConfigAdminDto })
  update(@Param('id', new ParseUUIDPipe()) id: string, @Body() dto: UpsertConfigDto): Promise<ConfigAdminDto> {
    return this.service.upsert({ ...dto, id });
  }

  @Post(':id/activate')
  @HttpCode(200)
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'adminActivateConfiguration', summary: 'Make this configuration the active one' })
  @ApiOkResponse({ type: ConfigAdminDto })
  activate(@Param('id', new ParseUUIDPipe()) id: string): Promise<ConfigAdminDto> {
    return this.service.activate(id);
  }

  @Delete(':id')
  @Access(CUSTOMIZE)
  @ApiOperation({ operationId: 'adminDeleteConfiguration', summary: 'Delete a configuration that is not active' })
  @ApiOkResponse({ type: ConfigAdminDto })
  async delete(@Param('id', new ParseUUIDPipe()) id: string): Promise<ConfigAdminDto> {
    const before = await this.service.get(id);
    await this.service.delete(id);
    return before;
  }
}
