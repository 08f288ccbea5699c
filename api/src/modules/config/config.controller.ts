import { Body, Controller, Delete, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonBody } from '../../common/http/send-json.js';
import { isLanguage, LANGUAGES } from '@impact-calls/domain';
import { badRequest } from '../../common/http/app-error.js';
import { ConfigService, preferredLanguage } from './config.service.js';
import { ConfigAdminDto, ConfigDto, UpsertConfigDto } from './dto/config.dto.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { CUSTOMIZE } from '../../common/auth/access.decorator.js';

/** The Config group of the spec. */
@ApiTags('Config')
@Controller('Config')
export class ConfigController {
  constructor(private readonly service: ConfigService) {}

  @Get('GetConfig')
  @Endpoint(
    'getConfig',
    'The active branding configuration (built-in defaults when none exists), its texts in the language asked for (lang, else Accept-Language, else the default language)',
    { access: { public: true }, ok: ConfigDto, errors: { 400: true } },
  )
  @ApiQuery({ name: 'lang', required: false, enum: LANGUAGES, enumName: 'Language' })
  async getConfig(
    @Query('lang') lang: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Buffer> {
    if (lang !== undefined && !isLanguage(lang))
      throw badRequest('errors.validation', `lang must be one of ${LANGUAGES.join(', ')}`, { errors: { lang: 'unknown language' } });
    // The answer depends on the header only when the query names no language.
    if (lang === undefined) void res.header('Vary', 'Accept-Language');
    const language = lang ?? preferredLanguage(req.headers['accept-language']);
    // Revalidated on every use: a conditional request with the current ETag answers 304.
    return jsonBody(res.header('Cache-Control', 'no-cache'), await this.service.getActiveResponse(language));
  }

  @Get('GetConfigList')
  @Endpoint('getConfigList', 'Every configuration', { access: CUSTOMIZE, ok: [ConfigAdminDto] })
  getConfigList(): Promise<ConfigAdminDto[]> {
    return this.service.list();
  }

  @Post('UpsertConfig')
  @Endpoint('upsertConfig', 'Create (no id) or update a configuration; HTML is sanitized, the logo checked', {
    access: CUSTOMIZE,
    ok: ConfigAdminDto,
    errors: { 400: true, 409: 'Stale version' },
  })
  upsertConfig(@Body() dto: UpsertConfigDto): Promise<ConfigAdminDto> {
    return this.service.upsert(dto);
  }

  @Post('ActivateConfig')
  @Endpoint('activateConfig', 'Make this configuration the active one', { access: CUSTOMIZE, ok: ConfigAdminDto, errors: { 404: true } })
  activateConfig(@UuidQuery('id') id: string): Promise<ConfigAdminDto> {
    return this.service.activate(id);
  }

  @Delete('DeleteConfig')
  @Endpoint('deleteConfig', 'Delete a configuration that is not active', {
    access: CUSTOMIZE,
    status: 204,
    errors: { 404: true, 409: 'The active configuration cannot be deleted' },
  })
  deleteConfig(@UuidQuery('id') id: string): Promise<void> {
    return this.service.delete(id);
  }
}
