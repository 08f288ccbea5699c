import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BooleanField, EnumField, IntField, NestedField, StringField, UuidField } from '../../../common/validation/fields.js';
import { LANGUAGES, type Language } from '@impact-calls/domain';

/** Largest logo accepted, decoded (the base64 text is about a third larger). */
export const LOGO_MAX_BYTES = 512 * 1024;

/** Limits of the per-language texts (the same as the plain fields). */
export const CONFIG_TEXT_LIMITS = { message: 20_000, listName: 200, landingHtml: 200_000, dataConsentText: 50_000 } as const;

/** An optional HTML text, sanitized by the service (so not trimmed here). */
const HtmlText = (maxLength: number, description: string) =>
  StringField({ maxLength, optional: true, nullable: true, trim: false, description });

/** The configuration's texts in one language (empty: the default language's applies). */
export class ConfigLanguageTextsDto {
  @HtmlText(CONFIG_TEXT_LIMITS.message, 'Welcome message (sanitized HTML)')
  message?: string | null;

  @StringField({ maxLength: CONFIG_TEXT_LIMITS.listName, optional: true, nullable: true })
  listName?: string | null;

  @HtmlText(CONFIG_TEXT_LIMITS.landingHtml, 'Landing page HTML (sanitized)')
  landingHtml?: string | null;

  @HtmlText(CONFIG_TEXT_LIMITS.dataConsentText, 'Data-consent text (sanitized HTML)')
  dataConsentText?: string | null;
}

/** The texts per language; a language left out keeps its texts. */
export class ConfigTextsDto {
  @NestedField(() => ConfigLanguageTextsDto, { optional: true })
  it?: ConfigLanguageTextsDto;

  @NestedField(() => ConfigLanguageTextsDto, { optional: true })
  en?: ConfigLanguageTextsDto;

  @NestedField(() => ConfigLanguageTextsDto, { optional: true })
  fr?: ConfigLanguageTextsDto;
}

/** Every text in every language, as the console edits them ('' where none is set). */
export class ConfigTextsValuesDto {
  @ApiProperty() message: string;
  @ApiProperty() listName: string;
  @ApiProperty() landingHtml: string;
  @ApiProperty() dataConsentText: string;
}

export class ConfigTextsByLanguageDto {
  @ApiProperty({ type: () => ConfigTextsValuesDto }) it: ConfigTextsValuesDto;
  @ApiProperty({ type: () => ConfigTextsValuesDto }) en: ConfigTextsValuesDto;
  @ApiProperty({ type: () => ConfigTextsValuesDto }) fr: ConfigTextsValuesDto;
}

/** GetConfig's answer, in the spec's shape: the texts in `language`, each falling back to the default language's. */
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
  @ApiProperty({ enum: LANGUAGES, enumName: 'Language', description: 'The language of the texts' }) language: Language;
}

/** A configuration as the console edits it: the texts of the default language, and every language's. */
export class ConfigAdminDto extends ConfigDto {
  @ApiProperty({ type: () => ConfigTextsByLanguageDto }) texts: ConfigTextsByLanguageDto;
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

  @HtmlText(CONFIG_TEXT_LIMITS.message, 'Welcome message (sanitized HTML) in the default language')
  message?: string | null;

  @StringField({ maxLength: 255, optional: true })
  domain?: string;

  @EnumField(LANGUAGES, { enumName: 'Language', optional: true })
  defaultLanguage?: Language;

  @BooleanField({ optional: true })
  languageSelection?: boolean;

  @BooleanField({ optional: true })
  organizationSelection?: boolean;

  @StringField({
    maxLength: 1_000_000,
    optional: true,
    nullable: true,
    trim: false,
    description: `PNG, JPEG, GIF or WebP as base64 or a data URL, at most ${LOGO_MAX_BYTES} bytes`,
  })
  logoBase64?: string | null;

  @IntField({ optional: true, min: 10, max: 1000 })
  logoWidth?: number;

  @IntField({ optional: true, min: 10, max: 1000 })
  logoHeight?: number;

  @StringField({ maxLength: CONFIG_TEXT_LIMITS.listName, optional: true, nullable: true, description: 'In the default language' })
  listName?: string | null;

  @HtmlText(CONFIG_TEXT_LIMITS.landingHtml, 'Landing page HTML (sanitized) in the default language')
  landingHtml?: string | null;

  @HtmlText(CONFIG_TEXT_LIMITS.dataConsentText, 'Data-consent text (sanitized HTML) in the default language')
  dataConsentText?: string | null;

  @NestedField(() => ConfigTextsDto, {
    optional: true,
    description: 'The texts per language (it, en, fr); they win over the plain fields above',
  })
  texts?: ConfigTextsDto;

  @StringField({ maxLength: 100, optional: true, nullable: true })
  reportPowerBiId?: string | null;

  @StringField({ maxLength: 100, optional: true, nullable: true })
  workspacePowerBiId?: string | null;
}
