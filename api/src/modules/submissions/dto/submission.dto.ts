import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { IntField, NumberField, UuidField } from '../../../common/validation/fields.js';
import { AttachmentDto } from '../../files/dto/files.dto.js';

/** Largest step result accepted, as JSON text. */
export const STEP_RESULT_MAX_CHARS = 512 * 1024;

const anyJson = (description: string) =>
  ({ description, oneOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }], nullable: true }) as ApiPropertyOptions;

@ValidatorConstraint({ name: 'jsonContent' })
class JsonContentConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value === 'string') return value.length <= STEP_RESULT_MAX_CHARS;
    return !!value && typeof value === 'object' && !Array.isArray(value) && JSON.stringify(value).length <= STEP_RESULT_MAX_CHARS;
  }

  defaultMessage(): string {
    return `content must be a JSON object (or its text) of at most ${STEP_RESULT_MAX_CHARS} characters`;
  }
}

export class UpsertStepResultDto {
  @UuidField()
  callSubmissionId: string;

  @UuidField()
  stepId: string;

  @ApiProperty(anyJson('The answer document (docs/step-results.md), as an object or its JSON text'))
  @IsDefined()
  @Validate(JsonContentConstraint)
  content: unknown;

  @NumberField({ optional: true, nullable: true, description: 'Ignored: scores are computed by the API' })
  score?: number | null;

  @IntField({ optional: true, min: 0, description: 'Version read with the result; omit or 0 for the first save. A stale one answers 409.' })
  version?: number;
}

export class AddCustomFileDto {
  @UuidField()
  callId: string;

  @UuidField({
    optional: true,
    nullable: true,
    description: 'An attachment uploaded with Purpose=custom-file; omit or null to remove the custom file',
  })
  @Transform(({ value }: { value: unknown }) => (value === '' ? null : value))
  fileId?: string | null;
}

export class StepResultDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) stepId: string;
  @ApiProperty(anyJson('The answer document (docs/step-results.md)')) content: unknown;
  @ApiProperty({ type: Number, nullable: true, description: 'Computed by the API when the submission closes (quiz)' }) score: number | null;
  @ApiProperty() stepStepTypeName: string;
  @ApiProperty({ description: 'Send it back with the next save' }) version: number;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** A step as the fill screen shows it (never the answer key). */
export class FillStepDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty(anyJson('Per-kind content (docs/step-contents.md); quiz answer keys removed')) content: unknown;
  @ApiProperty() sort: number;
  @ApiProperty({ format: 'uuid' }) stepTypeId: string;
  @ApiProperty() stepTypeName: string;
}

export class SubmissionOrganizationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional() regNumber?: string;
  @ApiPropertyOptional() contactName?: string;
  @ApiPropertyOptional() contactSurname?: string;
  @ApiPropertyOptional() contactEmail?: string;
}

export class SubmissionUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
}

export class SubmissionSummaryDto {
  @ApiProperty({ format: 'uuid', description: 'All zeros: not started' }) id: string;
  @ApiProperty() closed: boolean;
  @ApiPropertyOptional() code?: string;
  @ApiPropertyOptional({ type: Number, nullable: true }) quizScore?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) sroiScore?: number | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'First submission (kept when reopened)' })
  submittedAt?: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'Last submission' }) lastSubmittedAt?:
    string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) closedAt?: string | null;
  @ApiPropertyOptional({ description: 'Moves on with every change to the submission: an answer, a file, closing, reopening' })
  version?: number;
}

export class SubmissionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() code: string;
  @ApiProperty() closed: boolean;
  @ApiProperty({ description: 'True when nothing may be written: closed, call not open, or the user filtered out' }) readOnly: boolean;
  @ApiProperty({ format: 'uuid' }) callId: string;
  @ApiProperty() callName: string;
  @ApiProperty({ format: 'uuid' }) callCallTypeId: string;
  @ApiProperty() callOpen: boolean;
  @ApiProperty() enableUserDownloadPdf: boolean;
  @ApiProperty({ type: SubmissionOrganizationDto }) organization: SubmissionOrganizationDto;
  @ApiProperty({ type: SubmissionUserDto }) user: SubmissionUserDto;
  @ApiProperty({ format: 'date-time' }) openedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'First submission (kept when reopened)' })
  submittedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Last submission' }) lastSubmittedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closedAt: string | null;
  @ApiProperty({ type: Number, nullable: true }) quizScore: number | null;
  @ApiProperty({ type: Number, nullable: true }) sroiScore: number | null;
  @ApiPropertyOptional({
    type: () => [SubmissionEventDto],
    description: 'Submissions, forced closes and reopenings, oldest first (console only)',
  })
  history?: SubmissionEventDto[];
  @ApiProperty({ description: 'Moves on with every change to the submission: an answer, a file, closing, reopening' }) version: number;
  @ApiProperty({ type: [FillStepDto], description: 'In ascending sort order' }) steps: FillStepDto[];
  @ApiProperty({ type: [StepResultDto] }) stepResults: StepResultDto[];
  @ApiProperty({ type: [AttachmentDto] }) attachments: AttachmentDto[];
}

/** One entry of a submission's history. */
export class SubmissionEventDto {
  @ApiProperty({ enum: ['submitted', 'closed', 'reopened'], enumName: 'SubmissionEventKind' }) kind: 'submitted' | 'closed' | 'reopened';
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who did it; null when unknown' }) byName: string | null;
  @ApiProperty({ type: String, nullable: true }) byEmail: string | null;
  @ApiProperty({ description: "Whether the submission kept the organization's data as they were then (submissions and forced closes)" })
  dataKept: boolean;
}

/** One row of the console's list. */
export class SubmissionRowDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() code: string;
  @ApiProperty({ format: 'uuid' }) callId: string;
  @ApiProperty() callName: string;
  @ApiProperty({ format: 'uuid' }) organizationId: string;
  @ApiProperty() organizationName: string;
  @ApiProperty() userEmail: string;
  @ApiProperty() closed: boolean;
  @ApiProperty({ enum: ['open', 'closed'], enumName: 'SubmissionStatus' }) status: 'open' | 'closed';
  @ApiProperty({ format: 'date-time' }) openedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'First submission (kept when reopened)' })
  submittedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Last submission' }) lastSubmittedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closedAt: string | null;
  @ApiProperty({ type: Number, nullable: true }) quizScore: number | null;
  @ApiProperty({ type: Number, nullable: true }) sroiScore: number | null;
}

export class SubmissionMessageDto {
  @ApiProperty({ description: 'English message' }) message: string;
  @ApiProperty({ description: 'i18n key of the message' }) key: string;
}

/** What closing answers: the closed submission with its scores. */
export class CloseResultDto extends SubmissionSummaryDto {}
