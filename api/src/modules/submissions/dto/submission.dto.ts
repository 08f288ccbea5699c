import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DECISIONS, type Decision } from '@impact-calls/domain';
import { Transform } from 'class-transformer';
import { isObject, ValidateBy } from 'class-validator';
import { badRequest } from '../../../common/http/app-error.js';
import { IntField, NumberField, UuidField } from '../../../common/validation/fields.js';
import { JsonObjectField } from '../../../common/validation/json-text.js';
import { AttachmentDto } from '../../files/dto/files.dto.js';

/** Largest step result accepted, as JSON text. */
export const STEP_RESULT_MAX_CHARS = 512 * 1024;

const INVALID = 'errors.step-result-invalid';
const OBJECT = { type: 'object', additionalProperties: true } as const;
const SUBMITTED_AT = { type: String, format: 'date-time', nullable: true, description: 'First submission (kept when reopened)' } as const;
const LAST_SUBMITTED_AT = { type: String, format: 'date-time', nullable: true, description: 'Last submission' } as const;

/** Text JsonObjectField left as sent is not an object's JSON text. */
const noText = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  throw badRequest(INVALID, 'content must be a JSON object', { errors: { content: 'not a JSON object' } });
};

export class UpsertStepResultDto {
  @UuidField()
  callSubmissionId: string;

  @UuidField()
  stepId: string;

  @JsonObjectField({ key: INVALID, description: 'The answer document (docs/step-results.md); its JSON text is accepted too' })
  @Transform(noText) // after JsonObjectField's conversion: class-transformer applies transforms top to bottom
  @ValidateBy({
    name: 'jsonContent',
    validator: {
      validate: (v: unknown) => isObject(v) && JSON.stringify(v).length <= STEP_RESULT_MAX_CHARS,
      defaultMessage: () => `content must be a JSON object of at most ${STEP_RESULT_MAX_CHARS} characters`,
    },
  })
  content: Record<string, unknown>;

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
  @ApiProperty({ description: 'The answer document (docs/step-results.md)', ...OBJECT }) content: unknown;
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
  @ApiProperty({ description: 'Per-kind content (docs/step-contents.md); quiz answer keys removed', nullable: true, ...OBJECT })
  content: unknown;
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

/** What closing answers: the closed submission with its scores. */
export class CloseResultDto {
  @ApiProperty({ format: 'uuid', description: 'All zeros: not started' }) id: string;
  @ApiProperty() closed: boolean;
  @ApiPropertyOptional() code?: string;
  @ApiPropertyOptional({ type: Number, nullable: true }) quizScore?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) sroiScore?: number | null;
  @ApiPropertyOptional(SUBMITTED_AT) submittedAt?: string | null;
  @ApiPropertyOptional(LAST_SUBMITTED_AT) lastSubmittedAt?: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) closedAt?: string | null;
  @ApiPropertyOptional({ description: 'Moves on with every change to the submission: an answer, a file, closing, reopening' })
  version?: number;
}

export class SubmissionEventDto {
  @ApiProperty({ enum: ['submitted', 'closed', 'reopened'], enumName: 'SubmissionEventKind' }) kind: 'submitted' | 'closed' | 'reopened';
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who did it; null when unknown' }) byName: string | null;
  @ApiProperty({ type: String, nullable: true }) byEmail: string | null;
  @ApiProperty({ description: "Whether the submission kept the organization's data as they were then (submissions and forced closes)" })
  dataKept: boolean;
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
  @ApiProperty(SUBMITTED_AT) submittedAt: string | null;
  @ApiProperty(LAST_SUBMITTED_AT) lastSubmittedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closedAt: string | null;
  @ApiProperty({ type: Number, nullable: true }) quizScore: number | null;
  @ApiProperty({ type: Number, nullable: true }) sroiScore: number | null;
  @ApiProperty({
    type: String,
    enum: DECISIONS,
    enumName: 'ReviewDecision',
    nullable: true,
    description: "The review's outcome once the administrators released it; null before",
  })
  decision: Decision | null;
  @ApiPropertyOptional({
    type: [SubmissionEventDto],
    description: 'Submissions, forced closes and reopenings, oldest first (console only)',
  })
  history?: SubmissionEventDto[];
  @ApiProperty({ description: 'Moves on with every change to the submission: an answer, a file, closing, reopening' }) version: number;
  @ApiProperty({ type: [FillStepDto], description: 'In ascending sort order' }) steps: FillStepDto[];
  @ApiProperty({ type: [StepResultDto] }) stepResults: StepResultDto[];
  @ApiProperty({ type: [AttachmentDto] }) attachments: AttachmentDto[];
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
  @ApiProperty(SUBMITTED_AT) submittedAt: string | null;
  @ApiProperty(LAST_SUBMITTED_AT) lastSubmittedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closedAt: string | null;
  @ApiProperty({ type: Number, nullable: true }) quizScore: number | null;
  @ApiProperty({ type: Number, nullable: true }) sroiScore: number | null;
}

export class SubmissionMessageDto {
  @ApiProperty({ description: 'English message' }) message: string;
  @ApiProperty({ description: 'i18n key of the message' }) key: string;
}
