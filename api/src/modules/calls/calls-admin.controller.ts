import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { CallTypesService } from './call-types.service.js';
import { CallsService } from './calls.service.js';
import {
  CallAdminDto,
  CallDetailAdminDto,
  CallTypeDto,
  CallTypeInputDto,
  CallTypeSummaryDto,
  CreateCallDto,
  SaveCallDto,
} from './dto/call.dto.js';

const ADMIN = { admin: true } as const;

/** The console's calls resource (ra-data-simple-rest). Filters: q, status (upcoming, open, closed), callTypeId, id[]. */
@ApiTags('Admin')
@Controller('admin/calls')
export class CallsAdminController {
  constructor(private readonly calls: CallsService) {}

  @Get()
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminListCalls', summary: 'Calls, one page; filter q, status (upcoming|open|closed), callTypeId' })
  @ApiListQuery()
  @ApiOkResponse({ type: [CallAdminDto] })
  async list(
    @ListParams(['name', 'openingAt', 'closingAt', 'createdAt', 'updatedAt', 'callLockEnd']) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CallAdminDto[]> {
    return sendPage(res, 'calls', query, await this.calls.page(query));
  }

  @Get(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminGetCall', summary: 'One call with its call type and steps' })
  @ApiOkResponse({ type: CallDetailAdminDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<CallDetailAdminDto> {
    return this.calls.getForAdmin(id);
  }

  @Post()
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminCreateCall', summary: 'Create a call (with its call type and steps), in one transaction' })
  @ApiOkResponse({ type: CallDetailAdminDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  create(@Body() dto: CreateCallDto): Promise<CallDetailAdminDto> {
    return this.calls.create(dto);
  }

  @Put(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminUpdateCall', summary: 'Save a call (with its call type and steps), in one transaction' })
  @ApiOkResponse({ type: CallDetailAdminDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto })
  update(@Param('id', new ParseUUIDPipe()) id: string, @Body() dto: SaveCallDto): Promise<CallDetailAdminDto> {
    return this.calls.update(id, dto);
  }

  @Delete(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminDeleteCall', summary: 'Delete a call without submissions' })
  @ApiOkResponse({ type: CallAdminDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The call has submissions' })
  delete(@Param('id', new ParseUUIDPipe()) id: string): Promise<CallAdminDto> {
    return this.calls.delete(id);
  }
}

/** The console's call-types resource. Filter: q, id[]. */
@ApiTags('Admin')
@Controller('admin/call-types')
export class CallTypesAdminController {
  constructor(private readonly callTypes: CallTypesService) {}

  @Get()
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminListCallTypes', summary: 'Call types, one page, with their numbers of steps and calls' })
  @ApiListQuery()
  @ApiOkResponse({ type: [CallTypeSummaryDto] })
  async list(
    @ListParams(['name', 'createdAt', 'updatedAt']) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CallTypeSummaryDto[]> {
    return sendPage(res, 'call-types', query, await this.callTypes.page(query));
  }

  @Get(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminGetCallType', summary: 'One call type with its steps' })
  @ApiOkResponse({ type: CallTypeDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<CallTypeDto> {
    return this.callTypes.get(id);
  }

  @Post()
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminCreateCallType', summary: 'Create a call type with its steps' })
  @ApiOkResponse({ type: CallTypeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  create(@Body() dto: CallTypeInputDto): Promise<CallTypeDto> {
    return this.callTypes.upsert({ ...dto, id: undefined });
  }

  @Put(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminUpdateCallType', summary: 'Update a call type and replace its steps' })
  @ApiOkResponse({ type: CallTypeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  update(@Param('id', new ParseUUIDPipe()) id: string, @Body() dto: CallTypeInputDto): Promise<CallTypeDto> {
    return this.callTypes.upsert({ ...dto, id });
  }

  @Delete(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminDeleteCallType', summary: 'Delete a call type no call uses' })
  @ApiOkResponse({ type: CallTypeDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Calls use it' })
  delete(@Param('id', new ParseUUIDPipe()) id: string): Promise<CallTypeDto> {
    return this.callTypes.delete(id);
  }
}
