import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
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
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import {
  CloseResultDto,
  AddCustomFileDto,
  SubmissionMessageDto,
  StepResultDto,
  SubmissionDto,
  SubmissionRowDto,
  UpsertStepResultDto,
} from './dto/submission.dto.js';
import { SUBMISSION_SORTABLE } from './submission.repository.js';
import { SubmissionsService } from './submissions.service.js';
import { UuidQuery } from '../../common/http/uuid-query.js';

const APPLICANT = { organization: 'required' } as const;
const ADMIN = { admin: true } as const;
const uuid = () => new ParseUUIDPipe();

/** The submission operations of the spec's Call group. */
@ApiTags('Call')
@Controller('Call')
export class SubmissionCallController {
  constructor(private readonly service: SubmissionsService) {}

  @Get('GetSubmissionByID')
  @Access(APPLICANT)
  @ApiOperation({ operationId: 'getSubmissionById', summary: "The acting organization's submission with its steps, answers and files" })
  @ApiOkResponse({ type: SubmissionDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Unknown, or of another organization' })
  getSubmissionById(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('submissionId') id: string,
  ): Promise<SubmissionDto> {
    return this.service.get(user, org, id);
  }

  @Get('GetSubmissionByIDAdmin')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'getSubmissionByIdAdmin', summary: 'Any submission, for review (read-only)' })
  @ApiOkResponse({ type: SubmissionDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getSubmissionByIdAdmin(@UuidQuery('submissionId') id: string): Promise<SubmissionDto> {
    return this.service.getAdmin(id);
  }

  @Post('UpsertCallStepResult')
  @HttpCode(200)
  @Access(APPLICANT)
  @ApiOperation({ operationId: 'upsertCallStepResult', summary: "Saves one step's answers (survey, quiz, miniDyi); send the version read" })
  @ApiOkResponse({ type: StepResultDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Stale version, submission closed or call not open' })
  upsertCallStepResult(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @Body() dto: UpsertStepResultDto,
  ): Promise<StepResultDto> {
    return this.service.upsertStepResult(user, org, dto);
  }

  @Get('GetStepResult')
  @Access(APPLICANT)
  @ApiOperation({ operationId: 'getStepResult', summary: "One step's answers" })
  @ApiOkResponse({ type: StepResultDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getStepResult(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('submissionId') submissionId: string,
    @UuidQuery('stepId') stepId: string,
  ): Promise<StepResultDto> {
    return this.service.getStepResult(user, org, submissionId, stepId);
  }

  @Get('GetStepResultByCall')
  @Access(APPLICANT)
  @ApiOperation({ operationId: 'getStepResultByCall', summary: "The acting organization's answers to a call" })
  @ApiOkResponse({ type: [StepResultDto] })
  getStepResultByCall(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('callId') callId: string,
  ): Promise<StepResultDto[]> {
    return this.service.getStepResultsByCall(user, org, callId);
  }

  @Get('GetSubmissions')
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'getSubmissions',
    summary: 'Submissions, newest first, optionally of one call (the console pages /api/admin/submissions)',
  })
  @ApiQuery({ name: 'callId', format: 'uuid', required: false })
  @ApiOkResponse({ type: [SubmissionRowDto] })
  getSubmissions(@Query('callId', new ParseUUIDPipe({ optional: true })) callId?: string): Promise<SubmissionRowDto[]> {
    return this.service.list(callId);
  }

  @Post('CloseCallSubmission')
  @HttpCode(200)
  @Access(APPLICANT)
  @ApiOperation({
    operationId: 'closeCallSubmission',
    summary: 'Submits: checks every step, computes the scores and closes, in one transaction',
  })
  @ApiOkResponse({ type: CloseResultDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A step is incomplete: key fill.incomplete.*, stepId names it' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Already closed, or call not open' })
  closeCallSubmission(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('callSubmissionId') id: string,
  ): Promise<CloseResultDto> {
    return this.service.close(user, org, id);
  }
}

/** The spec's CallSubmission group (administrators). */
@ApiTags('CallSubmission')
@Controller('CallSubmission')
export class CallSubmissionController {
  constructor(private readonly service: SubmissionsService) {}

  @Post('AddCustomFile')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'addCustomFile',
    summary: "Sets a call's custom file (uploaded with Purpose=custom-file); applicants download it",
  })
  @ApiOkResponse({ type: SubmissionMessageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  addCustomFile(@Body() dto: AddCustomFileDto): Promise<SubmissionMessageDto> {
    return this.service.setCustomFile(dto);
  }

  @Post('ReOpenSubmission')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({ operationId: 'reOpenSubmission', summary: 'Reopens a closed submission' })
  @ApiOkResponse({ type: SubmissionMessageDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not closed' })
  reOpenSubmission(@CurrentUser() user: AuthUser, @UuidQuery('submissionId') id: string): Promise<SubmissionMessageDto> {
    return this.service.reopen(user, id);
  }

  @Post('DeleteSubmission')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({ operationId: 'deleteSubmission', summary: 'Deletes a submission with its answers and files' })
  @ApiOkResponse({ type: SubmissionMessageDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  deleteSubmission(@UuidQuery('submissionId') id: string): Promise<SubmissionMessageDto> {
    return this.service.delete(id);
  }
}

/** The console's resource (ra-data-simple-rest conventions). */
@ApiTags('Admin')
@Controller('admin/submissions')
export class SubmissionAdminController {
  constructor(private readonly service: SubmissionsService) {}

  @Get()
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'adminListSubmissions',
    summary:
      'Submissions, one page; filter: callId, organizationId, status (open|closed), q, openedFrom/To, submittedFrom/To. ' +
      'The total (Content-Range) is exact up to 1,000 rows, else estimated, said by X-Total-Estimated: true',
  })
  @ApiListQuery()
  @ApiOkResponse({ type: [SubmissionRowDto] })
  async list(@ListParams(SUBMISSION_SORTABLE) query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<SubmissionRowDto[]> {
    return sendPage(res, 'submissions', query, await this.service.page(query));
  }

  @Get(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminGetSubmission', summary: 'One submission for review' })
  @ApiOkResponse({ type: SubmissionDto })
  get(@Param('id', uuid()) id: string): Promise<SubmissionDto> {
    return this.service.getAdmin(id);
  }

  @Post(':id/close')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'adminCloseSubmission',
    summary: 'Closes a submission (forced: no deadline or completeness check), with scoring',
  })
  @ApiOkResponse({ type: CloseResultDto })
  close(@CurrentUser() user: AuthUser, @Param('id', uuid()) id: string): Promise<CloseResultDto> {
    return this.service.closeAsAdmin(user, id);
  }

  @Post(':id/reopen')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminReopenSubmission', summary: 'Reopens a closed submission' })
  @ApiOkResponse({ type: SubmissionMessageDto })
  reopen(@CurrentUser() user: AuthUser, @Param('id', uuid()) id: string): Promise<SubmissionMessageDto> {
    return this.service.reopen(user, id);
  }

  @Delete(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminDeleteSubmission', summary: 'Deletes a submission with its answers and files' })
  @ApiOkResponse({ type: SubmissionDto })
  async delete(@Param('id', uuid()) id: string): Promise<SubmissionDto> {
    const before = await this.service.getAdmin(id);
    await this.service.delete(id);
    return before;
  }
}
