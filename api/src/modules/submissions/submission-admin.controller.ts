import { Controller, Delete, Get, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser, ADMIN } from '../../common/auth/access.decorator.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { CloseResultDto, SubmissionMessageDto, SubmissionDto, SubmissionRowDto } from './dto/submission.dto.js';
import { SUBMISSION_SORTABLE } from './submission.repository.js';
import { SubmissionsService } from './submissions.service.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

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
