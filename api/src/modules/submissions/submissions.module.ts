import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CallSubmissionEntity } from './call-submission.entity.js';
import { AttachmentEntity } from '../files/attachment.entity.js';
import { MessagesModule } from '../messages/messages.module.js';
import { StorageModule } from '../files/storage/storage.module.js';
import { AttachmentsModule } from '../files/attachments.module.js';
import { CallsModule } from '../calls/calls.module.js';
import { StepsModule } from '../steps/steps.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { StepResultEntity } from './step-result.entity.js';
import { SubmissionEventEntity } from './submission-event.entity.js';
import { StepResultHooks } from './step-result-hooks.js';
import { SubmissionRepository } from './submission.repository.js';
import { SubmissionCallController } from './submission-call.controller.js';
import { CallSubmissionController } from './call-submission.controller.js';
import { SubmissionAdminController } from './submission-admin.controller.js';
import { SUBMISSION_SLOTS } from '../files/submission-slots.js';
import { SubmissionsService } from './submissions.service.js';
import { CallSubmissionsService } from './call-submissions.service.js';
import { SubmissionsDemoSeeder } from './submissions.demo.js';

/** The submission lifecycle (owner of call_submission): the Call group's submission operations and the CallSubmission group. */
@Module({
  imports: [
    TypeOrmModule.forFeature([StepResultEntity, CallSubmissionEntity, AttachmentEntity, SubmissionEventEntity]),
    StorageModule,
    AttachmentsModule,
    CallsModule,
    StepsModule,
    MessagesModule,
    AuditModule,
  ],
  controllers: [SubmissionCallController, CallSubmissionController, SubmissionAdminController],
  providers: [
    SubmissionRepository,
    SubmissionsService,
    CallSubmissionsService,
    SubmissionsDemoSeeder,
    StepResultHooks,
    // Uploads lock a submission's slot through this (files does not import this module).
    { provide: SUBMISSION_SLOTS, useExisting: SubmissionsService },
  ],
  exports: [SubmissionsService, StepResultHooks, SUBMISSION_SLOTS],
})
export class SubmissionsModule {}
