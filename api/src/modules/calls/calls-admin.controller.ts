import { Body, Controller, Delete, Get, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { CallsService } from './calls.service.js';
import { CallAdminDto, CallDetailAdminDto, CreateCallDto, SaveCallDto } from './dto/call.dto.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { ADMIN } from '../../common/auth/access.decorator.js';

/** The console's calls resource (ra-data-simple-rest). Filters: q, status (upcoming, open, closed), callTypeId, id[]. */
@ApiTags('Admin')
@Controller('admin/calls')
export class CallsAdminController {
  constructor(private readonly calls: CallsService) {}

  @Get()
  @Endpoint('adminListCalls', 'Calls, one page; filter q, status (upcoming|open|closed), callTypeId', { access: ADMIN, ok: [CallAdminDto] })
  @ApiListQuery()
  async list(
    @ListParams(['name', 'openingAt', 'closingAt', 'createdAt', 'updatedAt', 'callLockEnd']) query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CallAdminDto[]> {
    return sendPage(res, 'calls', query, await this.calls.page(query));
  }

  @Get(':id')
  @Endpoint('adminGetCall', 'One call with its call type and steps', { access: ADMIN, ok: CallDetailAdminDto, errors: { 404: true } })
  get(@UuidParam('id') id: string): Promise<CallDetailAdminDto> {
    return this.calls.getForAdmin(id);
  }

  @Post()
  @Endpoint('adminCreateCall', 'Create a call (with its call type and steps), in one transaction', {
    access: ADMIN,
    status: 201,
    ok: CallDetailAdminDto,
    errors: { 400: true },
  })
  create(@Body() dto: CreateCallDto): Promise<CallDetailAdminDto> {
    return this.calls.create(dto);
  }

  @Put(':id')
  @Endpoint('adminUpdateCall', 'Save a call (with its call type and steps), in one transaction', {
    access: ADMIN,
    ok: CallDetailAdminDto,
    errors: { 400: true, 404: true, 409: true },
  })
  update(@UuidParam('id') id: string, @Body() dto: SaveCallDto): Promise<CallDetailAdminDto> {
    return this.calls.update(id, dto);
  }

  @Delete(':id')
  @Endpoint('adminDeleteCall', 'Delete a call without submissions', {
    access: ADMIN,
    ok: CallAdminDto,
    errors: { 404: true, 409: 'The call has submissions' },
  })
  delete(@UuidParam('id') id: string): Promise<CallAdminDto> {
    return this.calls.delete(id);
  }
}
