import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CALL_PHASES, DECISIONS, type CallPhase, type CallStatus, type Decision } from '@impact-calls/domain';
import { BooleanField, DateTimeField, IntField, NestedField, StringField, UuidField } from '../../../common/validation/fields.js';
import { StepAdminDto, StepInputDto } from '../../steps/dto/step.dto.js';

const VersionField = (description: string) => IntField({ optional: true, min: 1, description });

export class CustomFileDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

/** Fields of a call every signed-in user may read. */
export class CallDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Sanitized HTML' }) description: string;
  @ApiProperty({ format: 'uuid' }) callTypeId: string;
  @ApiProperty({ format: 'uuid', description: 'Same as callTypeId (spec: type)' }) type: string;
  @ApiProperty({ format: 'date-time' }) openingAt: string;
  @ApiProperty({ format: 'date-time' }) closingAt: string;
  @ApiProperty({ enum: ['open', 'close'], enumName: 'CallStatus', description: 'open while openingAt <= now <= closingAt' })
  status: CallStatus;
  @ApiProperty({ enum: CALL_PHASES, enumName: 'CallPhase' }) phase: CallPhase;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) callLockEnd: string | null;
  @ApiProperty({ description: 'Results are locked until callLockEnd' }) locked: boolean;
  @ApiProperty() isUserFilterEnable: boolean;
  @ApiProperty() enableUserDownloadPdf: boolean;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) impactFrameworkId: string | null;
  @ApiProperty({ nullable: true, type: String }) userPowerBIWorkspaceID: string | null;
  @ApiProperty({ nullable: true, type: String }) userPowerBIReportID: string | null;
  @ApiProperty({ type: CustomFileDto, nullable: true }) customFile: CustomFileDto | null;
}

/** A call in the applicant's list, with the selected organization's submission. */
export class CallUserDto extends CallDto {
  @ApiProperty({ format: 'uuid', description: 'All zeros when not started (or no organization selected)' }) submissionId: string;
  @ApiProperty() submissionClosed: boolean;
  @ApiProperty({
    type: String,
    enum: DECISIONS,
    enumName: 'ReviewDecision',
    nullable: true,
    description:
      "The review's outcome of the organization's submission once the administrators released it; null before (or without a submission)",
  })
  decision: Decision | null;
  @ApiPropertyOptional({
    description:
      'True in a page of GetCallListUser when the description was long: `description` is then its text, shortened; GetCallById has it whole',
  })
  descriptionShortened?: boolean;
}

/** A call as the console sees it: every field. */
export class CallAdminDto extends CallDto {
  @ApiProperty({ description: 'Comma-separated e-mail addresses' }) userFilterEmail: string;
  @ApiProperty({ nullable: true, type: String }) powerBIWorkspaceID: string | null;
  @ApiProperty({ nullable: true, type: String }) powerBIReportID: string | null;
  @ApiProperty() submissionCount: number;
  @ApiProperty() version: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiPropertyOptional({ description: 'Name of the call type' }) callTypeName?: string;
}

export class CallTypeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() version: number;
  @ApiProperty({ type: [StepAdminDto] }) steps: StepAdminDto[];
}

export class CallTypeSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() version: number;
  @ApiProperty() stepCount: number;
  @ApiProperty() callCount: number;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** A call with its call type and steps (answer keys included): the console's editor. */
export class CallDetailAdminDto extends CallAdminDto {
  @ApiProperty({ type: CallTypeDto }) callType: CallTypeDto;
}

export class CallTypeInputDto {
  @UuidField({ optional: true, description: 'Omit (or all zeros) to create a call type' })
  id?: string;

  @VersionField('Version read with the call type: required to update one (428 errors.version-required without it); a stale one answers 409')
  version?: number;

  @StringField({ maxLength: 300, minLength: 1 })
  name: string;

  @StringField({ maxLength: 5000, minLength: 1 })
  description: string;

  // The explicit schema (a thunk named `type`) works around NestedField's lazy type, which swagger does not resolve.
  @ApiProperty({ type: () => StepInputDto, isArray: true, maxItems: 200, description: 'In order: sort is renumbered 1..n' })
  @NestedField(() => StepInputDto, { array: true, maxItems: 200 })
  steps: StepInputDto[];
}

/** The call type inside a call save: name and description default to the call's. */
export class CallTypeInCallDto {
  @UuidField({ optional: true, description: "Omit (or all zeros) to create one; else this call type's steps are replaced" })
  id?: string;

  @VersionField('Version read with the call type: required with id (428 errors.version-required without it)')
  version?: number;

  @StringField({ maxLength: 300, optional: true, description: "Default: the call's name" })
  name?: string;

  @StringField({ maxLength: 5000, optional: true, description: "Default: the call's name" })
  description?: string;

  @ApiProperty({ type: () => StepInputDto, isArray: true, maxItems: 200, description: 'In order: sort is renumbered 1..n' })
  @NestedField(() => StepInputDto, { array: true, maxItems: 200 })
  steps: StepInputDto[];
}

export class CreateCallDto {
  @StringField({ maxLength: 300, minLength: 1 })
  name: string;

  @StringField({ maxLength: 200000, optional: true, trim: false, description: 'Rich HTML, sanitized' })
  description?: string;

  @DateTimeField({ description: 'Without a zone: UTC' })
  openingAt: Date;

  @DateTimeField({ description: 'After openingAt; without a zone: UTC' })
  closingAt: Date;

  @UuidField({ optional: true, description: 'An existing call type (or give callType)' })
  callTypeId?: string;

  @ApiPropertyOptional({
    type: () => CallTypeInCallDto,
    description: 'Create or update the call type and its steps in the same transaction',
  })
  @NestedField(() => CallTypeInCallDto, { optional: true })
  callType?: CallTypeInCallDto;

  @DateTimeField({ optional: true, nullable: true, description: 'In the future when set; cannot be changed once saved' })
  callLockEnd?: Date | null;

  @BooleanField({ optional: true })
  isUserFilterEnable?: boolean;

  @StringField({ maxLength: 20000, optional: true, description: 'Comma-separated e-mail addresses, each checked' })
  userFilterEmail?: string;

  @BooleanField({ optional: true })
  enableUserDownloadPdf?: boolean;

  @UuidField({ optional: true, nullable: true, description: 'Impact framework; null or all zeros for none' })
  impactFrameworkId?: string | null;

  @StringField({ maxLength: 100, optional: true, nullable: true, description: 'Empty is stored as null' })
  powerBIWorkspaceID?: string | null;

  @StringField({ maxLength: 100, optional: true, nullable: true })
  powerBIReportID?: string | null;

  @StringField({ maxLength: 100, optional: true, nullable: true })
  userPowerBIWorkspaceID?: string | null;

  @StringField({ maxLength: 100, optional: true, nullable: true })
  userPowerBIReportID?: string | null;
}

/** The console's save of an existing call (the id is in the path). */
export class SaveCallDto extends CreateCallDto {
  @VersionField('Version read with the call: required (428 errors.version-required without it); a stale one answers 409')
  version?: number;
}

export class UpdateCallDto extends SaveCallDto {
  @UuidField()
  id: string;
}

export class UpsertCallSubmissionDto {
  @UuidField()
  callId: string;
}

export class CallSubmissionRefDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() closed: boolean;
  @ApiProperty({ description: 'Human-readable code' }) code: string;
}
