import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AGGREGATES,
  DECISIONS,
  RECOMMENDATIONS,
  REVIEW_STATES,
  SEE_OTHERS,
  type Aggregate,
  type Decision,
  type Recommendation,
  type ReviewState,
  type SeeOthers,
} from '@impact-calls/domain';
import {
  BooleanField,
  DateTimeField,
  EnumField,
  IntField,
  NestedField,
  NumberField,
  StringField,
  UuidField,
} from '../../../common/validation/fields.js';
import { ArrayMaxSize, IsArray, IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { AttachmentDto } from '../../files/dto/files.dto.js';
import { FillStepDto, StepResultDto, SubmissionOrganizationDto, SubmissionUserDto } from '../../submissions/dto/submission.dto.js';

export class LocalizedTextDto {
  @StringField({ maxLength: 4000, optional: true }) it?: string;
  @StringField({ maxLength: 4000, optional: true }) en?: string;
  @StringField({ maxLength: 4000, optional: true }) fr?: string;
}

export class ReviewSettingsDto {
  @IntField({ min: 1, max: 20, description: 'How many reviewers each application gets' }) reviewsPerApplication: number;
  @EnumField(AGGREGATES, { enumName: 'ReviewAggregate', description: "How the reviews' scores add up" }) aggregate: Aggregate;
  @NumberField({ min: 0, max: 100, description: 'A spread of scores (0-100) above this flags a disagreement' })
  disagreementThreshold: number;
}

export class ReviewPhaseInputDto {
  @UuidField({ optional: true, description: 'A phase kept (absent: a new one)' }) id?: string;
  @StringField({ maxLength: 200, minLength: 1 }) name: string;
  @DateTimeField() startsAt: Date;
  @DateTimeField() endsAt: Date;
  @BooleanField() mayScore: boolean;
  @EnumField(SEE_OTHERS, { enumName: 'ReviewSeeOthers' }) seeOthers: SeeOthers;
  @BooleanField({ description: 'Identities withheld from reviewers (blind review)' }) blind: boolean;
  @BooleanField() mayDecide: boolean;
}

export class ReviewPhaseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time' }) startsAt: string;
  @ApiProperty({ format: 'date-time' }) endsAt: string;
  @ApiProperty() mayScore: boolean;
  @ApiProperty({ enum: SEE_OTHERS, enumName: 'ReviewSeeOthers' }) seeOthers: SeeOthers;
  @ApiProperty() blind: boolean;
  @ApiProperty() mayDecide: boolean;
}

export class SavePhasesDto {
  @NestedField(() => ReviewPhaseInputDto, { array: true, maxItems: 20 }) phases: ReviewPhaseInputDto[];
}

export class CriterionInputDto {
  @UuidField({ optional: true, description: 'A criterion kept (absent: a new one)' }) id?: string;
  @StringField({ maxLength: 200, minLength: 1 }) name: string;
  @NestedField(() => LocalizedTextDto, { optional: true }) guidance?: LocalizedTextDto;
  @NumberField({ min: -1000, max: 1000 }) min: number;
  @NumberField({ min: -1000, max: 1000 }) max: number;
  @NumberField({ min: 0.001, max: 1000 }) step: number;
  @NumberField({ min: 0.001, max: 1000 }) weight: number;
  @BooleanField() required: boolean;
}

export class CriterionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: LocalizedTextDto }) guidance: LocalizedTextDto;
  @ApiProperty() min: number;
  @ApiProperty() max: number;
  @ApiProperty() step: number;
  @ApiProperty() weight: number;
  @ApiProperty() required: boolean;
  @ApiProperty({ description: 'Replaced after scoring started: kept for the scores given against it' }) retired: boolean;
}

export class SaveRubricDto {
  @NestedField(() => CriterionInputDto, { array: true, maxItems: 50 }) criteria: CriterionInputDto[];
  @BooleanField({ optional: true, description: 'Required once scoring started: the old criteria are kept for the scores given' })
  confirmed?: boolean;
}

export class ReviewSetupDto {
  @ApiProperty({ format: 'uuid' }) callId: string;
  @ApiProperty() callName: string;
  @ApiProperty({ type: ReviewSettingsDto }) settings: ReviewSettingsDto;
  @ApiProperty({ type: [ReviewPhaseDto] }) phases: ReviewPhaseDto[];
  @ApiProperty({ type: [CriterionDto], description: 'The criteria in use, in order' }) criteria: CriterionDto[];
  @ApiProperty({ description: 'Some score was saved: changing the rubric asks for a confirmation' }) scoringStarted: boolean;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) currentPhaseId: string | null;
  @ApiProperty({ description: 'Decisions waiting to be released' }) pendingDecisions: number;
}

export class ReviewerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) userId: string | null;
  @ApiProperty() email: string;
  @ApiProperty({ description: 'The user name; empty until the invitee signs in' }) name: string;
  @ApiProperty({ description: 'Invited by e-mail, never signed in yet' }) invited: boolean;
  @ApiProperty() assigned: number;
  @ApiProperty() done: number;
}

export class AddReviewersDto {
  @ApiProperty({ type: [String], maxItems: 200 })
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(320, { each: true })
  emails: string[];
}

export class ReviewerCandidateDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: "Holds the identity provider's reviewer role" }) reviewerRole: boolean;
}

export class AssignDto {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: 1000 })
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  submissionIds: string[];
  @ApiProperty({ type: [String], format: 'uuid', maxItems: 200 })
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true })
  reviewerIds: string[];
}

export class AssignResultDto {
  @ApiProperty() added: number;
  @ApiProperty({ description: 'Pairs left out: the reviewer has a conflict with the application' }) conflicts: number;
  @ApiProperty({ description: 'Pairs already assigned' }) existing: number;
}

export class AutoAssignResultDto {
  @ApiProperty() added: number;
  @ApiProperty({ description: 'Assignments withdrawn: a conflict declared since, or a reviewer removed' }) removed: number;
  @ApiProperty({ description: 'Applications that could not get enough reviewers (conflicts, too few reviewers)' }) unfilled: number;
  @ApiProperty() minLoad: number;
  @ApiProperty() maxLoad: number;
}

export class ReviewApplicationRowDto {
  @ApiProperty({ format: 'uuid', description: 'The submission' }) id: string;
  @ApiProperty() code: string;
  @ApiProperty() organizationName: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
  @ApiProperty() reviewsDone: number;
  @ApiProperty() reviewsAssigned: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Mean or median (the call setting) of the submitted reviews, 0-100' }) score:
    number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Highest minus lowest review score' }) spread: number | null;
  @ApiProperty() disagreement: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Position by score in the call (1 = best)' }) rank: number | null;
  @ApiProperty({ type: String, enum: DECISIONS, enumName: 'ReviewDecision', nullable: true }) decision: Decision | null;
  @ApiProperty() decisionReleased: boolean;
}

export const APPLICATION_SORTABLE = [
  'score',
  'spread',
  'reviewsDone',
  'code',
  'organizationName',
  'submittedAt',
  'decision',
  'rank',
] as const;

export class AdminReviewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) reviewerId: string;
  @ApiProperty() reviewerName: string;
  @ApiProperty() reviewerEmail: string;
  @ApiProperty({ enum: REVIEW_STATES, enumName: 'ReviewState' }) state: ReviewState;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number', nullable: true } }) scores: Record<string, number | null>;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ type: String, enum: RECOMMENDATIONS, enumName: 'ReviewRecommendation', nullable: true })
  recommendation: Recommendation | null;
  @ApiProperty() commentApplicant: string;
  @ApiProperty() commentPanel: string;
  @ApiProperty() abstained: boolean;
  @ApiProperty() abstainReason: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
}

export class ReviewEventDto {
  @ApiProperty({ enum: ['assigned', 'unassigned', 'conflict', 'submitted', 'decided', 'released'], enumName: 'ReviewEventKind' })
  kind: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who did it; null when withheld (blind) or the product' }) byName:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The reviewer concerned; null when withheld' }) reviewerName: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) decision?: string | null;
}

export class ConflictDto {
  @ApiProperty() reviewerEmail: string;
  @ApiProperty() reason: string;
  @ApiProperty({ format: 'date-time' }) declaredAt: string;
}

export class ReviewApplicationDto extends ReviewApplicationRowDto {
  @ApiProperty({ format: 'uuid' }) callId: string;
  @ApiProperty({ type: [CriterionDto], description: 'The criteria in use and the retired ones scored against' }) criteria: CriterionDto[];
  @ApiProperty({ type: [AdminReviewDto] }) reviews: AdminReviewDto[];
  @ApiProperty({ type: [ConflictDto] }) conflicts: ConflictDto[];
  @ApiProperty({ type: [ReviewEventDto] }) history: ReviewEventDto[];
}

export class SetDecisionsDto {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: 10000 })
  @IsArray()
  @ArrayMaxSize(10000)
  @IsUUID('all', { each: true })
  submissionIds: string[];
  @ApiProperty({
    type: String,
    enum: DECISIONS,
    enumName: 'ReviewDecision',
    nullable: true,
    description: 'null withdraws a pending decision',
  })
  @IsOptional()
  @IsIn(DECISIONS)
  decision: Decision | null;
}

export class CountDto {
  @ApiProperty() count: number;
}

export class ReleaseDto {
  @BooleanField({ description: "Send the reviewers' comments for the applicant with the decision" }) includeComments: boolean;
}

export class ReleaseResultDto {
  @ApiProperty() released: number;
  @ApiProperty({ description: 'Messages queued to applicants' }) queued: number;
}

// The reviewer's side.

export class ReviewerPhaseDto {
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time' }) endsAt: string;
  @ApiProperty() mayScore: boolean;
  @ApiProperty() blind: boolean;
  @ApiProperty({ enum: SEE_OTHERS, enumName: 'ReviewSeeOthers' }) seeOthers: SeeOthers;
}

export class ReviewerCallDto {
  @ApiProperty({ format: 'uuid' }) callId: string;
  @ApiProperty() callName: string;
  @ApiProperty({ type: ReviewerPhaseDto, nullable: true, description: 'The phase in force; null between phases' })
  phase: ReviewerPhaseDto | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) nextPhaseStartsAt: string | null;
  @ApiProperty() toDo: number;
  @ApiProperty() inProgress: number;
  @ApiProperty() done: number;
}

export class ReviewerAssignmentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() code: string;
  @ApiProperty({ type: String, nullable: true, description: 'null in a blind phase' }) organizationName: string | null;
  @ApiProperty({ enum: REVIEW_STATES, enumName: 'ReviewState' }) state: ReviewState;
  @ApiProperty({ description: 'Submitted reviews of the application, all reviewers' }) reviewsDone: number;
}

export class MyReviewDto {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number', nullable: true } }) scores: Record<string, number | null>;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ type: String, enum: RECOMMENDATIONS, enumName: 'ReviewRecommendation', nullable: true })
  recommendation: Recommendation | null;
  @ApiProperty() commentApplicant: string;
  @ApiProperty() commentPanel: string;
  @ApiProperty() abstained: boolean;
  @ApiProperty() abstainReason: string;
  @ApiProperty({ description: 'Send it back with the next save' }) version: number;
  @ApiProperty({ enum: REVIEW_STATES, enumName: 'ReviewState' }) state: ReviewState;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
  @ApiProperty({ description: 'The phase lets the reviewer score now' }) editable: boolean;
}

export class OtherReviewDto {
  @ApiProperty({ type: String, nullable: true, description: 'null in a blind phase' }) reviewerName: string | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number', nullable: true } }) scores: Record<string, number | null>;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ type: String, enum: RECOMMENDATIONS, enumName: 'ReviewRecommendation', nullable: true })
  recommendation: Recommendation | null;
  @ApiProperty() commentPanel: string;
  @ApiProperty() abstained: boolean;
}

export class ReviewSubmissionDto {
  @ApiProperty() code: string;
  @ApiProperty({ type: SubmissionOrganizationDto, nullable: true, description: 'null in a blind phase' })
  organization: SubmissionOrganizationDto | null;
  @ApiProperty({ type: SubmissionUserDto, nullable: true, description: 'null in a blind phase' }) user: SubmissionUserDto | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
  @ApiProperty({ type: Number, nullable: true }) sroiScore: number | null;
  @ApiProperty({ type: [FillStepDto] }) steps: FillStepDto[];
  @ApiProperty({ type: [StepResultDto] }) stepResults: StepResultDto[];
  @ApiProperty({ type: [AttachmentDto], description: 'In a blind phase, file names read "Attachment 1", "Attachment 2"...' })
  attachments: AttachmentDto[];
}

export class ReviewWorkspaceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) callId: string;
  @ApiProperty() callName: string;
  @ApiProperty({ type: ReviewerPhaseDto, nullable: true }) phase: ReviewerPhaseDto | null;
  @ApiProperty() blind: boolean;
  @ApiProperty({ type: [CriterionDto] }) criteria: CriterionDto[];
  @ApiProperty({ type: MyReviewDto }) review: MyReviewDto;
  @ApiProperty({ type: ReviewSubmissionDto }) submission: ReviewSubmissionDto;
  @ApiProperty({ type: [OtherReviewDto], nullable: true, description: 'null while the phase does not show them' }) otherReviews:
    OtherReviewDto[] | null;
  @ApiProperty({ type: [ReviewEventDto] }) history: ReviewEventDto[];
}

export class SaveReviewDto {
  @IntField({ min: 0 }) version: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number', nullable: true }, description: 'Criterion id to score' })
  @IsObject()
  scores: Record<string, number | null>;
  @ApiProperty({ type: String, enum: RECOMMENDATIONS, enumName: 'ReviewRecommendation', nullable: true })
  @IsOptional()
  @IsIn(RECOMMENDATIONS)
  recommendation: Recommendation | null;
  @StringField({ maxLength: 10000, trim: false }) commentApplicant: string;
  @StringField({ maxLength: 10000, trim: false }) commentPanel: string;
  @BooleanField() abstained: boolean;
  @StringField({ maxLength: 2000, trim: false }) abstainReason: string;
}

export class SubmitReviewDto {
  @IntField({ min: 0 }) version: number;
}

export class DeclareConflictDto {
  @StringField({ maxLength: 2000, minLength: 1 }) reason: string;
}

export class NextAssignmentDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null: nothing left to review' }) id: string | null;
}
