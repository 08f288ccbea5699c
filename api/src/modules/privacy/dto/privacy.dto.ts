import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { CONSENT_KINDS, LANGUAGES, type ConsentKind, type Language } from '@impact-calls/domain';
import { EnumField, StringField } from '../../../common/validation/fields.js';

/** One consent the user gave; its text on demand (GetConsentText). */
export class ConsentRecordDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: CONSENT_KINDS, enumName: 'ConsentKind' }) kind: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The organization it was given for, if any' })
  organizationId: string | null;
  @ApiProperty({ type: String, nullable: true }) organizationName: string | null;
  @ApiProperty({ description: 'sha256 hex of the exact text shown' }) textVersion: string;
  @ApiProperty({ format: 'date-time' }) givenAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) withdrawnAt: string | null;
}

/** A text the user must agree to before going on. */
export class PendingConsentDto {
  @ApiProperty({ enum: CONSENT_KINDS, enumName: 'ConsentKind' }) kind: ConsentKind;
  @ApiProperty({ description: 'Send it back with RecordConsent' }) textVersion: string;
  @ApiProperty({ description: 'The text (sanitized HTML)' }) text: string;
  @ApiProperty({ enum: LANGUAGES, enumName: 'Language' }) language: Language;
}

export class RecordConsentDto {
  @EnumField(CONSENT_KINDS, { enumName: 'ConsentKind', description: 'Only data-consent-text: the others go with the organization form' })
  kind: ConsentKind;

  @StringField({ maxLength: 64, minLength: 64, description: 'The textVersion of the pending consent agreed to' })
  @Matches(/^[0-9a-f]{64}$/, { message: 'textVersion must be a sha256 hex digest' })
  textVersion: string;
}

export class ConsentTextDto {
  @ApiProperty() version: string;
  @ApiProperty({ description: 'The exact text shown (HTML for the data-consent text, plain text for the form boxes)' }) text: string;
}
