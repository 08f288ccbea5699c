import { Body, Controller, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentOrganization, CurrentUser, ADMIN } from '../../common/auth/access.decorator.js';
import { CallTypesService } from './call-types.service.js';
import { callPage, CallsService, DEFAULT_CALL_PAGE, MAX_CALL_PAGE } from './calls.service.js';
import {
  CallAdminDto,
  CallDetailAdminDto,
  CallTypeDto,
  CallTypeInputDto,
  CallUserDto,
  CreateCallDto,
  UpdateCallDto,
} from './dto/call.dto.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The Call group of the spec (calls, call types); creating a submission is SubmissionCallController's. */
@ApiTags('Call')
@Controller('Call')
export class CallsController {
  constructor(
    private readonly calls: CallsService,
    private readonly callTypes: CallTypesService,
  ) {}

  @Get('GetCallListUser')
  @Endpoint(
    'getCallListUser',
    "Calls the user may see (e-mail filter), open first then closed, each by name, with the selected organization's submissionId and submissionClosed",
    {
      access: { organization: 'optional' },
      ok: {
        type: [CallUserDto],
        headers: { 'X-Total-Count': { description: 'How many calls the user may see in all', schema: { type: 'integer' } } },
      },
      errors: { 400: 'offset or limit not a whole number in range' },
    },
  )
  @ApiQuery({
    name: 'offset',
    required: false,
    type: Number,
    description: 'Paging (the applicant app): the first call to answer, from 0. Without offset and limit, every call, whole descriptions',
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    type: Number,
    description: `Paging: at most this many calls (1-${MAX_CALL_PAGE}, default ${DEFAULT_CALL_PAGE})`,
  })
  async getCallListUser(
    @CurrentUser() user: AuthUser,
    @Query('offset') offset: unknown,
    @Query('limit') limit: unknown,
    @Res({ passthrough: true }) res: FastifyReply,
    @CurrentOrganization() organizationId?: string,
  ): Promise<CallUserDto[]> {
    const list = await this.calls.listForUser(user, organizationId, callPage(offset, limit));
    res.header('X-Total-Count', String(list.total));
    return list.items;
  }

  @Get('GetCallById')
  @Endpoint('getCallById', 'One call the user may see; 404 when missing or filtered out', {
    access: { organization: 'optional' },
    ok: CallUserDto,
    errors: { 404: true },
  })
  getCallById(
    @UuidQuery('id') id: string,
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() organizationId?: string,
  ): Promise<CallUserDto> {
    return this.calls.getForUser(id, user, organizationId);
  }

  @Get('GetCallByIdAdmin')
  @Endpoint('getCallByIdAdmin', 'One call with every field, its call type and steps (answer keys included)', {
    access: ADMIN,
    ok: CallDetailAdminDto,
    errors: { 404: true },
  })
  getCallByIdAdmin(@UuidQuery('id') id: string): Promise<CallDetailAdminDto> {
    return this.calls.getForAdmin(id);
  }

  @Get('GetCallList')
  @Endpoint('getCallList', 'Every call, by name, with its number of submissions', { access: ADMIN, ok: [CallAdminDto] })
  getCallList(): Promise<CallAdminDto[]> {
    return this.calls.listForAdmin();
  }

  @Post('CreateCall')
  @Endpoint('createCall', 'Create a call; with callType, its call type and steps are created or updated first, all in one transaction', {
    access: ADMIN,
    ok: CallDetailAdminDto,
    errors: { 400: true },
  })
  createCall(@Body() dto: CreateCallDto): Promise<CallDetailAdminDto> {
    return this.calls.create(dto);
  }

  @Put('UpdateCall')
  @Endpoint(
    'updateCall',
    'Update a call (and its call type and steps when given), in one transaction; callLockEnd cannot change once set',
    {
      access: ADMIN,
      ok: CallDetailAdminDto,
      errors: { 400: true, 404: true, 409: 'Stale version, or a removed step already has answers' },
    },
  )
  updateCall(@Body() dto: UpdateCallDto): Promise<CallDetailAdminDto> {
    return this.calls.update(dto.id, dto);
  }

  @Post('DeleteCall')
  @Endpoint('deleteCall', 'Delete a call without submissions', {
    access: ADMIN,
    ok: CallAdminDto,
    errors: { 404: true, 409: 'The call has submissions (pages.admin.error-call-has-submissions)' },
  })
  deleteCall(@UuidQuery('id') id: string): Promise<CallAdminDto> {
    return this.calls.delete(id);
  }

  @Get('GetCallTypes')
  @Endpoint('getCallTypes', 'Every call type with its steps', { access: ADMIN, ok: [CallTypeDto] })
  getCallTypes(): Promise<CallTypeDto[]> {
    return this.callTypes.list();
  }

  @Get('GetCallType')
  @Endpoint('getCallType', 'One call type with its steps (answer keys included)', { access: ADMIN, ok: CallTypeDto, errors: { 404: true } })
  getCallType(@UuidQuery('id') id: string): Promise<CallTypeDto> {
    return this.callTypes.get(id);
  }

  @Post('CreateCallType')
  @Endpoint('createCallType', 'Create (or, with id, update) a call type with its steps, in one transaction', {
    access: ADMIN,
    ok: CallTypeDto,
    errors: { 400: true },
  })
  createCallType(@Body() dto: CallTypeInputDto): Promise<CallTypeDto> {
    return this.callTypes.upsert(dto);
  }

  @Put('UpsertCallType')
  @Endpoint('upsertCallType', 'Create (no id) or update a call type and replace its steps, renumbered 1..n, in one transaction', {
    access: ADMIN,
    ok: CallTypeDto,
    errors: { 400: true, 404: true, 409: true },
  })
  upsertCallType(@Body() dto: CallTypeInputDto): Promise<CallTypeDto> {
    return this.callTypes.upsert(dto);
  }
}
