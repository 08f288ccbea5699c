import { Body, Controller, Delete, Get, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { CallTypesService } from './call-types.service.js';
import { CallTypeDto, CallTypeInputDto, CallTypeSummaryDto } from './dto/call.dto.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { ADMIN } from '../../common/auth/access.decorator.js';

/** The console's call-types resource. Filter: q, id[]. */
@ApiTags('Admin')
@Controller('admin/call-types')
export class CallTypesAdminController {
  constructor(private readonly callTypes: CallTypesService) {}

  @Get()
  @Endpoint('adminListCallTypes', 'Call types, one page, with their numbers of steps and calls', {
    access: ADMIN,
    ok: [CallTypeSummaryDto],
  })
  @ApiListQuery()
  async list(
    @ListParams(['name', 'createdAt', 'updatedAt']) query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CallTypeSummaryDto[]> {
    return sendPage(res, 'call-types', query, await this.callTypes.page(query));
  }

  @Get(':id')
  @Endpoint('adminGetCallType', 'One call type with its steps', { access: ADMIN, ok: CallTypeDto, errors: { 404: true } })
  get(@UuidParam('id') id: string): Promise<CallTypeDto> {
    return this.callTypes.get(id);
  }

  @Post()
  @Endpoint('adminCreateCallType', 'Create a call type with its steps', {
    access: ADMIN,
    status: 201,
    ok: CallTypeDto,
    errors: { 400: true },
  })
  create(@Body() dto: CallTypeInputDto): Promise<CallTypeDto> {
    return this.callTypes.upsert({ ...dto, id: undefined });
  }

  @Put(':id')
  @Endpoint('adminUpdateCallType', 'Update a call type and replace its steps', {
    access: ADMIN,
    ok: CallTypeDto,
    errors: { 400: true, 404: true },
  })
  update(@UuidParam('id') id: string, @Body() dto: CallTypeInputDto): Promise<CallTypeDto> {
    return this.callTypes.upsert({ ...dto, id });
  }

  @Delete(':id')
  @Endpoint('adminDeleteCallType', 'Delete a call type no call uses', { access: ADMIN, ok: CallTypeDto, errors: { 409: 'Calls use it' } })
  delete(@UuidParam('id') id: string): Promise<CallTypeDto> {
    return this.callTypes.delete(id);
  }
}
