import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ADMIN, type AuthUser, CurrentUser } from '../../common/auth/access.decorator.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import {
  AddReviewersDto,
  APPLICATION_SORTABLE,
  AssignDto,
  AssignResultDto,
  AutoAssignResultDto,
  CountDto,
  CriterionDto,
  ReleaseDto,
  ReleaseResultDto,
  ReviewApplicationDto,
  ReviewApplicationRowDto,
  ReviewerCandidateDto,
  ReviewerDto,
  ReviewPhaseDto,
  ReviewSettingsDto,
  ReviewSetupDto,
  SavePhasesDto,
  SaveRubricDto,
  SetDecisionsDto,
} from './dto/reviews.dto.js';
import { ReviewAssignmentService } from './review-assignment.service.js';
import { ReviewDecisionsService } from './review-decisions.service.js';
import { ReviewSetupService } from './review-setup.service.js';

/** The console's review of a call: phases, rubric, reviewers, assignment, ranking, decisions and their release. */
@ApiTags('Review')
@Controller('admin/reviews')
export class ReviewsAdminController {
  constructor(
    private readonly setup: ReviewSetupService,
    private readonly assignment: ReviewAssignmentService,
    private readonly decisions: ReviewDecisionsService,
  ) {}

  @Get('calls/:callId/setup')
  @Endpoint('adminGetReviewSetup', "A call's review settings, phases and rubric", {
    access: ADMIN,
    ok: ReviewSetupDto,
    errors: { 404: true },
  })
  getSetup(@UuidParam('callId') callId: string): Promise<ReviewSetupDto> {
    return this.setup.get(callId);
  }

  @Put('calls/:callId/settings')
  @Endpoint('adminSaveReviewSettings', "Saves a call's review settings", {
    access: ADMIN,
    ok: ReviewSettingsDto,
    errors: { 400: true, 404: true },
  })
  saveSettings(@UuidParam('callId') callId: string, @Body() dto: ReviewSettingsDto): Promise<ReviewSettingsDto> {
    return this.setup.saveSettings(callId, dto);
  }

  @Put('calls/:callId/phases')
  @Endpoint('adminSaveReviewPhases', "Replaces a call's review phases (kept ones by id)", {
    access: ADMIN,
    ok: [ReviewPhaseDto],
    errors: { 400: true, 404: true },
  })
  savePhases(@UuidParam('callId') callId: string, @Body() dto: SavePhasesDto): Promise<ReviewPhaseDto[]> {
    return this.setup.savePhases(callId, dto.phases);
  }

  @Put('calls/:callId/rubric')
  @Endpoint('adminSaveReviewRubric', "Replaces a call's rubric; once scoring started, only with confirmed: true (old criteria are kept)", {
    access: ADMIN,
    ok: [CriterionDto],
    errors: { 400: true, 404: true, 409: 'Scoring started: confirm to keep the scores given against the old criteria' },
  })
  saveRubric(@UuidParam('callId') callId: string, @Body() dto: SaveRubricDto): Promise<CriterionDto[]> {
    return this.setup.saveRubric(callId, dto);
  }

  @Get('calls/:callId/reviewers')
  @Endpoint('adminListReviewers', "A call's reviewers with their load", { access: ADMIN, ok: [ReviewerDto], errors: { 404: true } })
  reviewers(@UuidParam('callId') callId: string): Promise<ReviewerDto[]> {
    return this.assignment.reviewers(callId);
  }

  @Get('calls/:callId/reviewer-candidates')
  @Endpoint('adminListReviewerCandidates', "Users one may add as reviewers: the provider's reviewers, or any user matching q", {
    access: ADMIN,
    ok: [ReviewerCandidateDto],
    errors: { 404: true },
  })
  @ApiQuery({ name: 'q', required: false })
  candidates(@UuidParam('callId') callId: string, @Query('q') q?: string): Promise<ReviewerCandidateDto[]> {
    return this.assignment.candidates(callId, typeof q === 'string' ? q : '');
  }

  @Post('calls/:callId/reviewers')
  @Endpoint('adminAddReviewers', 'Adds reviewers by e-mail; an address that never signed in gets an invitation', {
    access: ADMIN,
    ok: [ReviewerDto],
    errors: { 400: true, 404: true },
  })
  addReviewers(@CurrentUser() user: AuthUser, @UuidParam('callId') callId: string, @Body() dto: AddReviewersDto): Promise<ReviewerDto[]> {
    return this.assignment.addReviewers(user, callId, dto.emails);
  }

  @Delete('calls/:callId/reviewers/:reviewerId')
  @Endpoint('adminRemoveReviewer', 'Removes a reviewer who submitted no review yet, with their assignments', {
    access: ADMIN,
    status: 204,
    errors: { 404: true, 409: 'The reviewer submitted reviews' },
  })
  removeReviewer(
    @CurrentUser() user: AuthUser,
    @UuidParam('callId') callId: string,
    @UuidParam('reviewerId') reviewerId: string,
  ): Promise<void> {
    return this.assignment.removeReviewer(user, callId, reviewerId);
  }

  @Post('calls/:callId/assignments')
  @Endpoint('adminAssignReviewers', 'Assigns each chosen reviewer to each chosen application, conflicts left out', {
    access: ADMIN,
    ok: AssignResultDto,
    errors: { 400: true, 404: true },
  })
  assign(@CurrentUser() user: AuthUser, @UuidParam('callId') callId: string, @Body() dto: AssignDto): Promise<AssignResultDto> {
    return this.assignment.assign(user, callId, dto.submissionIds, dto.reviewerIds);
  }

  @Post('calls/:callId/assignments/automatic')
  @Endpoint('adminAssignAutomatically', "Gives every submitted application the call's number of reviewers, balanced, conflicts honoured", {
    access: ADMIN,
    ok: AutoAssignResultDto,
    errors: { 400: true, 404: true },
  })
  assignAutomatically(@CurrentUser() user: AuthUser, @UuidParam('callId') callId: string): Promise<AutoAssignResultDto> {
    return this.assignment.assignAutomatically(user, callId);
  }

  @Delete('assignments/:reviewId')
  @Endpoint('adminUnassignReviewer', 'Withdraws an assignment (and its review)', { access: ADMIN, status: 204, errors: { 404: true } })
  unassign(@CurrentUser() user: AuthUser, @UuidParam('reviewId') reviewId: string): Promise<void> {
    return this.assignment.unassign(user, reviewId);
  }

  @Get('calls/:callId/applications')
  @Endpoint(
    'adminListReviewApplications',
    "A call's submitted applications with their reviews' score, ranked; filter: q, decision, disagreement (true), reviews (unassigned|incomplete|complete)",
    { access: ADMIN, ok: [ReviewApplicationRowDto], errors: { 400: true, 404: true } },
  )
  @ApiListQuery()
  async applications(
    @UuidParam('callId') callId: string,
    @ListParams(APPLICATION_SORTABLE) query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ReviewApplicationRowDto[]> {
    return sendPage(res, 'review-applications', query, await this.decisions.applications(callId, query));
  }

  @Get('applications/:submissionId')
  @Endpoint('adminGetReviewApplication', "One application's reviews, conflicts, decision and history", {
    access: ADMIN,
    ok: ReviewApplicationDto,
    errors: { 404: true },
  })
  application(@UuidParam('submissionId') submissionId: string): Promise<ReviewApplicationDto> {
    return this.decisions.application(submissionId);
  }

  @Put('calls/:callId/decisions')
  @Endpoint('adminSetDecisions', 'Sets (or withdraws) the pending decision of submitted applications, one or many', {
    access: ADMIN,
    ok: CountDto,
    errors: { 400: true, 404: true, 409: 'Already released, or the phase does not let administrators decide' },
  })
  setDecisions(@CurrentUser() user: AuthUser, @UuidParam('callId') callId: string, @Body() dto: SetDecisionsDto): Promise<CountDto> {
    return this.decisions.setDecisions(user, callId, dto.submissionIds, dto.decision);
  }

  @Post('calls/:callId/release')
  @Endpoint('adminReleaseDecisions', "Releases the call's pending decisions at once; each applicant is told in their language", {
    access: ADMIN,
    ok: ReleaseResultDto,
    errors: { 400: 'Nothing pending', 404: true },
  })
  release(@CurrentUser() user: AuthUser, @UuidParam('callId') callId: string, @Body() dto: ReleaseDto): Promise<ReleaseResultDto> {
    return this.decisions.release(user, callId, dto.includeComments);
  }
}
