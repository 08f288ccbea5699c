import { Module } from '@nestjs/common';
import { DataVersions } from '../../database/data-version.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttachmentsModule } from '../files/attachments.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { ReviewRepository } from './review.repository.js';
import { ReviewsDemoSeeder } from './reviews.demo.js';
import {
  CallReviewerEntity,
  ReviewConflictEntity,
  ReviewCriterionEntity,
  ReviewDecisionEntity,
  ReviewEntity,
  ReviewEventEntity,
  ReviewPhaseEntity,
  ReviewSettingsEntity,
  ReviewSummaryEntity,
} from './review.entity.js';
import { ReviewsAdminController } from './reviews-admin.controller.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewSetupService } from './review-setup.service.js';
import { ReviewAssignmentService } from './review-assignment.service.js';
import { ReviewDecisionsService } from './review-decisions.service.js';
import { ReviewingService } from './reviewing.service.js';

/** Review of submissions (owner of the review_* tables and call_reviewer): phases, rubric, assignment, scores, decisions. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      ReviewSettingsEntity,
      ReviewPhaseEntity,
      ReviewCriterionEntity,
      CallReviewerEntity,
      ReviewEntity,
      ReviewConflictEntity,
      ReviewDecisionEntity,
      ReviewEventEntity,
      ReviewSummaryEntity,
    ]),
    AttachmentsModule,
    MessagesModule,
    SubmissionsModule,
    AuditModule,
  ],
  controllers: [ReviewsAdminController, ReviewsController],
  providers: [
    ReviewRepository,
    DataVersions,
    ReviewsDemoSeeder,
    ReviewSetupService,
    ReviewAssignmentService,
    ReviewDecisionsService,
    ReviewingService,
  ],
})
export class ReviewsModule {}
