import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BooleanField, EnumField, IntField, StringField, UuidField } from '../../../common/validation/fields.js';
import { LANGUAGES, type Language } from '@impact-calls/domain';

/** Largest logo accepted, decoded (the base64 text is about a third larger). */
export const LOGO_MAX_BYTES = 512 * 1024;

export class ConfigDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ description: 'Welcome message (HTML)' }) message: string;
  @ApiProperty() domain: string;
  @ApiProperty({ enum: LANGUAGES, enumName: 'Language' }) defaultLanguage: Language;
  @ApiProperty() languageSelection: boolean;
  @ApiProperty() organizationSelection: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Logo as a data URL (data:image/png;base64,...)' }) logoBase64: string | null;
  @ApiProperty() logoWidth: number;
  @ApiProperty() logoHeight: number;
  @ApiProperty() listName: string;
  @ApiProperty() landingHtml: string;
  @ApiProperty() dataConsentText: string;
  @ApiProperty({ type: String, nullable: true }) reportPowerBiId: string | null;
  @ApiProperty({ type: String, nullable: true }) workspacePowerBiId: string | null;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ description: 'Send it back when saving; a stale one answers 409' }) version: number;
  @ApiPropertyOptional({ format: 'date-time' }) updatedAt?: string;
}

export class UpsertConfigDto {
  @UuidField({ optional: true, description: 'Omit (or all zeros) to create' })
  id?: string;

  @IntField({ optional: true, min: 1, description: 'Version read with the configuration (required when updating)' })
  version?: number;

  @StringField({ maxLength: 200, minLength: 1 })
  name: string;

  @StringField({ maxLength: 2000, optional: true })
  description?: string;

  @StringField({ maxLength: 20000, optional: true, trim: false, description: 'Welcome message (sanitized HTML)' })
  message?: string;

  @StringField({ maxLength: 255, optional: true })
  domain?: string;

  @EnumField(LANGUAGES, { enumName: 'Language', optional: true })
  defaultLanguage?: Language;

  @BooleanField({ optional: true })
  languageSelection?: boolean;

  @BooleanField({ optional: true })
  organizationSelection?: boolean;

  @StringField({ maxLength: 1_000_000, optional: true, nullable: true, trim: false, description: `PNG, JPEG, GIF or WebP as base64 or a data URL, at most ${LOGO_MAX_BYTES} bytes` })
  logoBase64?: string | null;

  @IntField({ optional: true, min: 10, max: 1000 })
  logoWidth?: number;

  @IntField({ optional: true, min: 10, max: 1000 })
  logoHeight?: number;

  @StringField({ maxLength: 200, optional: true })
  listName?: string;

  @StringField({ maxLength: 200000, optional: true, trim: false, description: 'Landing page HTML (sanitized)' })
  landingHtml?: string;

  @StringField({ maxLength: 50000, optional: true, trim: false, description: 'Data-consent text (sanitized HTML)' })
  dataConsentText?: string;

  @StringField({ maxLength: 100, optional: true, nullable: true })
  reportPowerBiId?: string | null;

  @StringField({ maxLength: 100, optional: true, nullable: true })
  workspacePowerBiId?: string | null;
}
