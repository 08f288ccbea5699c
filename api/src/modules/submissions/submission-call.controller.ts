import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentOrganization, CurrentUser, APPLICANT, ADMIN } from '../../common/auth/access.decorator.js';
import { CloseResultDto, StepResultDto, SubmissionDto, SubmissionRowDto, UpsertStepResultDto } from './dto/submission.dto.js';
import { SubmissionsService } from './submissions.service.js';
import { CallSubmissionsService } from './call-submissions.service.js';
import { CallSubmissionRefDto, UpsertCallSubmissionDto } from '../calls/dto/call.dto.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The submission operations of the spec's Call group (creating one included). */
@ApiTags('Call')
@Controller('Call')
export class SubmissionCallController {
  constructor(
    private readonly service: SubmissionsService,
    private readonly submissions: CallSubmissionsService,
  ) {}

  @Post('UpsertCallSubmission')
  @Endpoint(
    'upsertCallSubmission',
    "The selected organization's submission of the call, created when absent (only while the call is open); the same one on every call",
    {
      access: APPLICANT,
      ok: CallSubmissionRefDto,
      errors: { 400: 'The call is not open (pages.calls.error-call-closed)', 404: true },
    },
  )
  upsertCallSubmission(
    @Body() dto: UpsertCallSubmissionDto,
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) organizationId: string,
  ): Promise<CallSubmissionRefDto> {
    return this.submissions.upsertForCall(dto.callId, user, organizationId);
  }

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
    errors: {
      400: true,
      404: true,
      409: 'Stale version (errors.stale-version with currentVersion, changedAt and changedBy.name: who saved last), submission closed or call not open',
    },
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
