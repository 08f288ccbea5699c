import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, ADMIN } from '../../common/auth/access.decorator.js';
import { AddCustomFileDto, SubmissionMessageDto } from './dto/submission.dto.js';
import { SubmissionsService } from './submissions.service.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

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
