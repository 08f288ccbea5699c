import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { EnumField, IntField, StringField, UuidField } from '../../../common/validation/fields.js';
import { LANGUAGES } from '@impact-calls/domain';
import { MESSAGE_KINDS, MESSAGE_STATES } from '../message.entity.js';
import { TEMPLATE_KINDS } from '../templates.js';

export const AUDIENCES = ['not-started', 'in-progress', 'submitted'] as const;
export const MAX_EXPLICIT_ADDRESSES = 10_000;
export const TEMPLATE_SOURCES = ['call', 'global', 'built-in'] as const;

/** An administrator's message to the applicants of a call (chosen by submission state) and/or to explicit addresses. */
export class SendEmailDto {
  @UuidField({ optional: true, description: 'The call whose applicants receive it (required with states)' })
  callId?: string;

  @ApiPropertyOptional({
    enum: AUDIENCES,
    enumName: 'MessageAudience',
    isArray: true,
    description: 'Applicants by the state of their submission',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(3)
  @IsIn(AUDIENCES as unknown as string[], { each: true })
  states?: (typeof AUDIENCES)[number][];

  // The 10,000 limit is checked by the service, with its own key; this bound only stops abuse.
  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_EXPLICIT_ADDRESSES,
    description: `Explicit addresses (at most ${MAX_EXPLICIT_ADDRESSES})`,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(4 * MAX_EXPLICIT_ADDRESSES)
  @IsString({ each: true })
  @MaxLength(320, { each: true })
  addresses?: string[];

  @StringField({
    maxLength: 300,
    description: 'Subject (placeholders allowed: recipientName, organizationName, callName, configurationName)',
  })
  subject: string;

  @StringField({ maxLength: 100_000, trim: false, description: 'HTML body (sanitized; same placeholders)' })
  body: string;
}

export class SendEmailPreviewDto extends SendEmailDto {
  @EnumField(LANGUAGES, { enumName: 'Language', optional: true, description: 'Language of the layout in the preview' })
  language?: (typeof LANGUAGES)[number];
}

export class SendEmailResultDto {
  @ApiProperty({ description: 'Messages queued (one per distinct address)' }) queued: number;
  @ApiProperty({ format: 'uuid' }) batchId: string;
  @ApiProperty({ example: 'Email sent successfully!' }) message: string;
  @ApiProperty({ example: 'pages.admin.messages.email-sent' }) key: string;
}

export class RenderedMessageDto {
  @ApiProperty() subject: string;
  @ApiProperty() html: string;
  @ApiProperty() text: string;
  @ApiProperty({ enum: LANGUAGES, enumName: 'Language' }) language: string;
}

export class SendEmailPreviewResultDto extends RenderedMessageDto {
  @ApiProperty({ description: 'How many messages SendEmail would queue' }) recipients: number;
}

export class MessageAttachmentDto {
  @ApiProperty() filename: string;
  @ApiProperty() contentType: string;
  @ApiProperty() size: number;
}

export class MessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: MESSAGE_KINDS, enumName: 'MessageKind' }) kind: string;
  @ApiProperty({ enum: MESSAGE_STATES, enumName: 'MessageState' }) state: string;
  @ApiProperty({ nullable: true, type: String }) toAddress: string | null;
  @ApiProperty({ nullable: true, type: String }) ccAddress: string | null;
  @ApiProperty({ nullable: true, type: String }) language: string | null;
  @ApiProperty({ nullable: true, type: String }) subject: string | null;
  @ApiProperty() attempts: number;
  @ApiProperty({ nullable: true, type: String }) lastError: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'smtp, or outbox (development outbox)' }) transport: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) callId: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) submissionId: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) batchId: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) sentAt: string | null;
}

export class MessageDetailDto extends MessageDto {
  @ApiProperty({ nullable: true, type: String }) html: string | null;
  @ApiProperty({ nullable: true, type: String }) text: string | null;
  @ApiProperty({ type: [MessageAttachmentDto] }) attachments: MessageAttachmentDto[];
}

export class MessageTemplateDto {
  @ApiProperty({ example: 'submission-confirmation.en', description: '<kind>.<language>' }) id: string;
  @ApiProperty({ enum: TEMPLATE_KINDS, enumName: 'MessageTemplateKind' }) kind: string;
  @ApiProperty({ enum: LANGUAGES, enumName: 'Language' }) language: string;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'uuid',
    description: "The call whose version this is (a decision's template asked for with callId); null for the global one",
  })
  callId: string | null;
  @ApiProperty({
    enum: TEMPLATE_SOURCES,
    enumName: 'MessageTemplateSource',
    description: "Where the text comes from: the call's version, the global one, or the built-in text",
  })
  source: (typeof TEMPLATE_SOURCES)[number];
  @ApiProperty() subject: string;
  @ApiProperty() html: string;
  @ApiProperty({ type: [String], description: 'Placeholders this kind may use, as {{name}}' }) placeholders: string[];
  @ApiProperty({ description: "False while this version (the call's, with callId) does not exist: the one shown is inherited" })
  customized: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) updatedAt: string | null;
}

class MessageTemplateTextDto {
  @StringField({ maxLength: 300, description: 'Subject, with placeholders' })
  subject: string;

  @StringField({ maxLength: 100_000, trim: false, description: 'HTML body, with placeholders (sanitized)' })
  html: string;
}

export class SaveMessageTemplateDto extends MessageTemplateTextDto {
  @UuidField({ optional: true, description: "Saves this call's version (a decision's template only); the global one without it" })
  callId?: string;
}

export class PreviewMessageTemplateDto extends MessageTemplateTextDto {
  @EnumField(TEMPLATE_KINDS, { enumName: 'MessageTemplateKind' })
  kind: (typeof TEMPLATE_KINDS)[number];

  @EnumField(LANGUAGES, { enumName: 'Language' })
  language: (typeof LANGUAGES)[number];
}

export class CallMessageSettingsDto {
  @ApiProperty({ format: 'uuid', description: 'The call (also the resource id)' })
  id: string;

  @IntField({
    min: 0,
    max: 60,
    description: 'Days before the closing date of the first reminder (0: no reminders); the second goes 1 day before',
  })
  reminderDays: number;
}

export class SaveCallMessageSettingsDto {
  @IntField({ min: 0, max: 60, description: 'Days before the closing date of the first reminder (0: no reminders)' })
  reminderDays: number;
}

export class SetLanguageDto {
  @EnumField(LANGUAGES, { enumName: 'Language', description: 'The language the person uses in the applicant app' })
  language: (typeof LANGUAGES)[number];
}
