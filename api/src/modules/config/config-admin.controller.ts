import { Body, Controller, Delete, Get, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { ConfigService } from './config.service.js';
import { ConfigAdminDto, UpsertConfigDto } from './dto/config.dto.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { CUSTOMIZE } from '../../common/auth/access.decorator.js';

/** The console's resource (ra-data-simple-rest conventions). */
@ApiTags('Admin')
@Controller('admin/configurations')
export class ConfigAdminController {
  constructor(private readonly service: ConfigService) {}

  @Get()
  @Endpoint('adminListConfigurations', 'Configurations, one page', { access: CUSTOMIZE, ok: [ConfigAdminDto] })
  @ApiListQuery()
  async list(
    @ListParams(['name', 'domain', 'isActive', 'updatedAt']) query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ConfigAdminDto[]> {
    return sendPage(res, 'configurations', query, await this.service.page(query));
  }

  @Get(':id')
  @Endpoint('adminGetConfiguration', 'One configuration', { access: CUSTOMIZE, ok: ConfigAdminDto })
  get(@UuidParam('id') id: string): Promise<ConfigAdminDto> {
    return this.service.get(id);
  }

  @Post()
  @Endpoint('adminCreateConfiguration', 'Create a configuration', { access: CUSTOMIZE, status: 201, ok: ConfigAdminDto })
  create(@Body() dto: UpsertConfigDto): Promise<ConfigAdminDto> {
    return this.service.upsert({ ...dto, id: undefined });
  }

  @Put(':id')
  @Endpoint('adminUpdateConfiguration', 'Update a configuration', { access: CUSTOMIZE, ok: ConfigAdminDto })
  update(@UuidParam('id') id: string, @Body() dto: UpsertConfigDto): Promise<ConfigAdminDto> {
    return this.service.upsert({ ...dto, id });
  }

  @Post(':id/activate')
  @Endpoint('adminActivateConfiguration', 'Make this configuration the active one', { access: CUSTOMIZE, ok: ConfigAdminDto })
  activate(@UuidParam('id') id: string): Promise<ConfigAdminDto> {
    return this.service.activate(id);
  }

  @Delete(':id')
  @Endpoint('adminDeleteConfiguration', 'Delete a configuration that is not active', { access: CUSTOMIZE, ok: ConfigAdminDto })
  async delete(@UuidParam('id') id: string): Promise<ConfigAdminDto> {
    const before = await this.service.get(id);
    await this.service.delete(id);
    return before;
  }
}
