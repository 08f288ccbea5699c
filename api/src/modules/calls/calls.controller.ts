import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
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
import { Access, type AuthUser, CurrentOrganization, CurrentUser } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { CallSubmissionsService } from './call-submissions.service.js';
import { CallTypesService } from './call-types.service.js';
import { callPage, CallsService, DEFAULT_CALL_PAGE, MAX_CALL_PAGE } from './calls.service.js';
import {
  CallAdminDto,
  CallDetailAdminDto,
  CallSubmissionRefDto,
  CallTypeDto,
  CallTypeInputDto,
  CallUserDto,
  CreateCallDto,
  UpdateCallDto,
  UpsertCallSubmissionDto,
} from './dto/call.dto.js';
import { UuidQuery } from '../../common/http/uuid-query.js';

const ADMIN = { admin: true } as const;

/** The Call group of the spec (calls, call types, creating a submission). */
@ApiTags('Call')
@Controller('Call')
export class CallsController {
  constructor(
    private readonly calls: CallsService,
    private readonly callTypes: CallTypesService,
    private readonly submissions: CallSubmissionsService,
  ) {}

  @Get('GetCallListUser')
  @Access({ organization: 'optional' })
  @ApiOperation({
    operationId: 'getCallListUser',
    summary:
      "Calls the user may see (e-mail filter), open first then closed, each by name, with the selected organization's submissionId and submissionClosed",
  })
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
  @ApiOkResponse({
    type: [CallUserDto],
    headers: { 'X-Total-Count': { description: 'How many calls the user may see in all', schema: { type: 'integer' } } },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'offset or limit not a whole number in range' })
  async getCallListUser(
    @CurrentUser() user: AuthUser,
    @Query('offset') offset: unknown,
    @Query('limit') limit: unknown,
    @Res({ passthrough: true }) res: Response,
    @CurrentOrganization() organizationId?: string,
  ): Promise<CallUserDto[]> {
    const list = await this.calls.listForUser(user, organizationId, callPage(offset, limit));
    res.setHeader('X-Total-Count', String(list.total));
    return list.items;
  }

  @Get('GetCallById')
  @Access({ organization: 'optional' })
  @ApiOperation({ operationId: 'getCallById', summary: 'One call the user may see; 404 when missing or filtered out' })
  @ApiOkResponse({ type: CallUserDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getCallById(
    @UuidQuery('id') id: string,
    @CurrentUser() user: AuthUser,
    @CurrentOrganization() organizationId?: string,
  ): Promise<CallUserDto> {
    return this.calls.getForUser(id, user, organizationId);
  }

  @Get('GetCallByIdAdmin')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'getCallByIdAdmin', summary: 'One call with every field, its call type and steps (answer keys included)' })
  @ApiOkResponse({ type: CallDetailAdminDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getCallByIdAdmin(@UuidQuery('id') id: string): Promise<CallDetailAdminDto> {
    return this.calls.getForAdmin(id);
  }

  @Get('GetCallList')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'getCallList', summary: 'Every call, by name, with its number of submissions' })
  @ApiOkResponse({ type: [CallAdminDto] })
  getCallList(): Promise<CallAdminDto[]> {
    return this.calls.listForAdmin();
  }

  @Post('CreateCall')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'createCall',
    summary: 'Create a call; with callType, its call type and steps are created or updated first, all in one transaction',
  })
  @ApiOkResponse({ type: CallDetailAdminDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  createCall(@Body() dto: CreateCallDto): Promise<CallDetailAdminDto> {
    return this.calls.create(dto);
  }

  @Put('UpdateCall')
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'updateCall',
    summary: 'Update a call (and its call type and steps when given), in one transaction; callLockEnd cannot change once set',
  })
  @ApiOkResponse({ type: CallDetailAdminDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Stale version, or a removed step already has answers' })
  updateCall(@Body() dto: UpdateCallDto): Promise<CallDetailAdminDto> {
    return this.calls.update(dto.id, dto);
  }

  @Post('DeleteCall')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({ operationId: 'deleteCall', summary: 'Delete a call without submissions' })
  @ApiOkResponse({ type: CallAdminDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The call has submissions (pages.admin.error-call-has-submissions)' })
  deleteCall(@UuidQuery('id') id: string): Promise<CallAdminDto> {
    return this.calls.delete(id);
  }

  @Post('UpsertCallSubmission')
  @HttpCode(200)
  @Access({ organization: 'required' })
  @ApiOperation({
    operationId: 'upsertCallSubmission',
    summary:
      "The selected organization's submission of the call, created when absent (only while the call is open); the same one on every call",
  })
  @ApiOkResponse({ type: CallSubmissionRefDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The call is not open (pages.calls.error-call-closed)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  upsertCallSubmission(
    @Body() dto: UpsertCallSubmissionDto,
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) organizationId: string,
  ): Promise<CallSubmissionRefDto> {
    return this.submissions.upsertForCall(dto.callId, user, organizationId);
  }

  @Get('GetCallTypes')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'getCallTypes', summary: 'Every call type with its steps' })
  @ApiOkResponse({ type: [CallTypeDto] })
  getCallTypes(): Promise<CallTypeDto[]> {
    return this.callTypes.list();
  }

  @Get('GetCallType')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'getCallType', summary: 'One call type with its steps (answer keys included)' })
  @ApiOkResponse({ type: CallTypeDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getCallType(@UuidQuery('id') id: string): Promise<CallTypeDto> {
    return this.callTypes.get(id);
  }

  @Post('CreateCallType')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({ operationId: 'createCallType', summary: 'Create (or, with id, update) a call type with its steps, in one transaction' })
  @ApiOkResponse({ type: CallTypeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  createCallType(@Body() dto: CallTypeInputDto): Promise<CallTypeDto> {
    return this.callTypes.upsert(dto);
  }

  @Put('UpsertCallType')
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'upsertCallType',
    summary: 'Create (no id) or update a call type and replace its steps, renumbered 1..n, in one transaction',
  })
  @ApiOkResponse({ type: CallTypeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto })
  upsertCallType(@Body() dto: CallTypeInputDto): Promise<CallTypeDto> {
    return this.callTypes.upsert(dto);
  }
}
