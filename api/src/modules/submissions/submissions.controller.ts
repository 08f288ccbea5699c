import { Body, Controller, Delete, Get, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentOrganization, CurrentUser } from '../../common/auth/access.decorator.js';
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
import { UuidParam, UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

const APPLICANT = { organization: 'required' } as const;
const ADMIN = { admin: true } as const;

/** The submission operations of the spec's Call group. */
@ApiTags('Call')
@Controller('Call')
export class SubmissionCallController {
  constructor(private readonly service: SubmissionsService) {}

  @Get('GetSubmissionByID')
  @Endpoint('getSubmissionById', "The acting organization's submission with its steps, answers and files", {
    access: APPLICANT,
    ok: SubmissionDto,
    errors: { 404: 'Unknown, or of another organization' },
  })
  getSubmissionById(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('submissionId') id: string,
  ): Promise<SubmissionDto> {
    return this.service.get(user, org, id);
  }

  @Get('GetSubmissionByIDAdmin')
  @Endpoint('getSubmissionByIdAdmin', 'Any submission, for review (read-only)', { access: ADMIN, ok: SubmissionDto, errors: { 404: true } })
  getSubmissionByIdAdmin(@UuidQuery('submissionId') id: string): Promise<SubmissionDto> {
    return this.service.getAdmin(id);
  }

  @Post('UpsertCallStepResult')
  @Endpoint('upsertCallStepResult', "Saves one step's answers (survey, quiz, miniDyi); send the version read", {
    access: APPLICANT,
    ok: StepResultDto,
    errors: { 400: true, 404: true, 409: 'Stale version, submission closed or call not open' },
  })
  upsertCallStepResult(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @Body() dto: UpsertStepResultDto,
  ): Promise<StepResultDto> {
    return this.service.upsertStepResult(user, org, dto);
  }

  @Get('GetStepResult')
  @Endpoint('getStepResult', "One step's answers", { access: APPLICANT, ok: StepResultDto, errors: { 404: true } })
  getStepResult(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('submissionId') submissionId: string,
    @UuidQuery('stepId') stepId: string,
  ): Promise<StepResultDto> {
    return this.service.getStepResult(user, org, submissionId, stepId);
  }

  @Get('GetStepResultByCall')
  @Endpoint('getStepResultByCall', "The acting organization's answers to a call", { access: APPLICANT, ok: [StepResultDto] })
  getStepResultByCall(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('callId') callId: string,
  ): Promise<StepResultDto[]> {
    return this.service.getStepResultsByCall(user, org, callId);
  }

  @Get('GetSubmissions')
  @Endpoint('getSubmissions', 'Submissions, newest first, optionally of one call (the console pages /api/admin/submissions)', {
    access: ADMIN,
    ok: [SubmissionRowDto],
  })
  getSubmissions(@UuidQuery('callId', { optional: true }) callId?: string): Promise<SubmissionRowDto[]> {
    return this.service.list(callId);
  }

  @Post('CloseCallSubmission')
  @Endpoint('closeCallSubmission', 'Submits: checks every step, computes the scores and closes, in one transaction', {
    access: APPLICANT,
    ok: CloseResultDto,
    errors: { 400: 'A step is incomplete: key fill.incomplete.*, stepId names it', 404: true, 409: 'Already closed, or call not open' },
  })
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
  @Endpoint('addCustomFile', "Sets a call's custom file (uploaded with Purpose=custom-file); applicants download it", {
    access: ADMIN,
    ok: SubmissionMessageDto,
    errors: { 400: true, 404: true },
  })
  addCustomFile(@Body() dto: AddCustomFileDto): Promise<SubmissionMessageDto> {
    return this.service.setCustomFile(dto);
  }

  @Post('ReOpenSubmission')
  @Endpoint('reOpenSubmission', 'Reopens a closed submission', {
    access: ADMIN,
    ok: SubmissionMessageDto,
    errors: { 404: true, 409: 'Not closed' },
  })
  reOpenSubmission(@CurrentUser() user: AuthUser, @UuidQuery('submissionId') id: string): Promise<SubmissionMessageDto> {
    return this.service.reopen(user, id);
  }

  @Post('DeleteSubmission')
  @Endpoint('deleteSubmission', 'Deletes a submission with its answers and files', {
    access: ADMIN,
    ok: SubmissionMessageDto,
    errors: { 404: true },
  })
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
  @Endpoint(
    'adminListSubmissions',
    'Submissions, one page; filter: callId, organizationId, status (open|closed), q, openedFrom/To, submittedFrom/To. ' +
      'The total (Content-Range) is exact up to 1,000 rows, else estimated, said by X-Total-Estimated: true',
    { access: ADMIN, ok: [SubmissionRowDto] },
  )
  @ApiListQuery()
  async list(
    @ListParams(SUBMISSION_SORTABLE) query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SubmissionRowDto[]> {
    return sendPage(res, 'submissions', query, await this.service.page(query));
  }

  @Get(':id')
  @Endpoint('adminGetSubmission', 'One submission for review', { access: ADMIN, ok: SubmissionDto })
  get(@UuidParam('id') id: string): Promise<SubmissionDto> {
    return this.service.getAdmin(id);
  }

  @Post(':id/close')
  @Endpoint('adminCloseSubmission', 'Closes a submission (forced: no deadline or completeness check), with scoring', {
    access: ADMIN,
    ok: CloseResultDto,
  })
  close(@CurrentUser() user: AuthUser, @UuidParam('id') id: string): Promise<CloseResultDto> {
    return this.service.closeAsAdmin(user, id);
  }

  @Post(':id/reopen')
  @Endpoint('adminReopenSubmission', 'Reopens a closed submission', { access: ADMIN, ok: SubmissionMessageDto })
  reopen(@CurrentUser() user: AuthUser, @UuidParam('id') id: string): Promise<SubmissionMessageDto> {
    return this.service.reopen(user, id);
  }

  @Delete(':id')
  @Endpoint('adminDeleteSubmission', 'Deletes a submission with its answers and files', { access: ADMIN, ok: SubmissionDto })
  async delete(@UuidParam('id') id: string): Promise<SubmissionDto> {
    const before = await this.service.getAdmin(id);
    await this.service.delete(id);
    return before;
  }
}
