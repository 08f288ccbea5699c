import { Body, Controller, Get, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { contentDisposition } from '../files/content-disposition.js';
import {
  DeclareConflictDto,
  MyReviewDto,
  NextAssignmentDto,
  ReviewerAssignmentDto,
  ReviewerCallDto,
  ReviewWorkspaceDto,
  SaveReviewDto,
  SubmitReviewDto,
} from './dto/reviews.dto.js';
import { ReviewingService } from './reviewing.service.js';

/** The reviewer's workspace: the calls they review, their assignments, the read-only application and the scoring form. */
@ApiTags('Review')
@Controller('reviews')
export class ReviewsController {
  constructor(private readonly reviewing: ReviewingService) {}

  @Get('calls')
  @Endpoint('listMyReviewCalls', 'The calls the user reviews, with the phase in force and their progress', {
    access: SIGNED_IN,
    ok: [ReviewerCallDto],
  })
  calls(@CurrentUser() user: AuthUser): Promise<ReviewerCallDto[]> {
    return this.reviewing.calls(user);
  }

  @Get('calls/:callId/assignments')
  @Endpoint('listMyAssignments', 'The applications of a call given to the user', {
    access: SIGNED_IN,
    ok: [ReviewerAssignmentDto],
    errors: { 404: true },
  })
  assignments(@CurrentUser() user: AuthUser, @UuidParam('callId') callId: string): Promise<ReviewerAssignmentDto[]> {
    return this.reviewing.assignments(user, callId);
  }

  @Get('calls/:callId/next')
  @Endpoint('nextAssignment', 'The assigned application not done with the fewest reviews (save and next)', {
    access: SIGNED_IN,
    ok: NextAssignmentDto,
    errors: { 404: true },
  })
  @ApiQuery({ name: 'after', required: false, description: 'The assignment just left (not answered again)' })
  next(@CurrentUser() user: AuthUser, @UuidParam('callId') callId: string, @Query('after') after?: string): Promise<NextAssignmentDto> {
    return this.reviewing.next(user, callId, typeof after === 'string' ? after : undefined);
  }

  @Get('assignments/:id')
  @Endpoint(
    'getMyAssignment',
    'An assigned application, read-only, with the rubric and the review (identities withheld in a blind phase)',
    {
      access: SIGNED_IN,
      ok: ReviewWorkspaceDto,
      errors: { 404: true },
    },
  )
  get(@CurrentUser() user: AuthUser, @UuidParam('id') id: string): Promise<ReviewWorkspaceDto> {
    return this.reviewing.workspace(user, id);
  }

  @Put('assignments/:id/review')
  @Endpoint('saveMyReview', 'Saves the review as the reviewer types (a draft; versioned)', {
    access: SIGNED_IN,
    ok: MyReviewDto,
    errors: { 400: true, 404: true, 409: 'Stale version, or the phase does not let reviewers score' },
  })
  save(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @Body() dto: SaveReviewDto): Promise<MyReviewDto> {
    return this.reviewing.save(user, id, dto);
  }

  @Post('assignments/:id/submit')
  @Endpoint('submitMyReview', 'Submits a complete review (still editable while the phase lets reviewers score)', {
    access: SIGNED_IN,
    ok: MyReviewDto,
    errors: { 400: 'Incomplete', 404: true, 409: true },
  })
  submit(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @Body() dto: SubmitReviewDto): Promise<MyReviewDto> {
    return this.reviewing.submit(user, id, dto.version);
  }

  @Post('assignments/:id/conflict')
  @Endpoint('declareConflict', 'Declares a conflict of interest: the application goes back for reassignment', {
    access: SIGNED_IN,
    status: 204,
    errors: { 400: true, 404: true },
  })
  conflict(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @Body() dto: DeclareConflictDto): Promise<void> {
    return this.reviewing.declareConflict(user, id, dto.reason);
  }

  @Get('assignments/:id/files/:attachmentId')
  @Endpoint('getReviewFile', 'Downloads a file of an assigned application (named "Attachment n" in a blind phase)', {
    access: SIGNED_IN,
    file: 'application/octet-stream',
    errors: { 404: true },
  })
  async file(
    @CurrentUser() user: AuthUser,
    @UuidParam('id') id: string,
    @UuidParam('attachmentId') attachmentId: string,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.reviewing.file(user, id, attachmentId);
    res.header('X-Content-Type-Options', 'nosniff');
    res.header('Cache-Control', 'private, no-store');
    res.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return new StreamableFile(file.stream, { type: file.mimeType, length: file.size, disposition: contentDisposition(file.fileName) });
  }
}
