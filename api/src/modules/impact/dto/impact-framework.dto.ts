import { Body } from '@nestjs/common';
import { ApiBody, ApiProperty, ApiPropertyOptional, type SchemaObject } from '@nestjs/swagger';
import { FRAMEWORK_TEXT_LIMITS, SDG_COUNT } from '@impact-calls/domain';
import { badRequest } from '../../../common/http/app-error.js';
import { isUuid } from '../../../common/ids.js';
import { IntField, NestedField, NumberField, StringField } from '../../../common/validation/fields.js';

export class ImpactFrameworkSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() version: number;
  @ApiProperty() stakeholderCount: number;
  @ApiProperty() outcomeCount: number;
  @ApiProperty() indicatorCount: number;
  @ApiProperty() proxyCount: number;
  @ApiProperty({ type: [Number], description: 'SDG codes of its outcomes, ascending' }) sdgs: number[];
}

export class ProxyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Value per unit, EUR' }) defaultValue: number;
  @ApiProperty() sourceName: string;
  @ApiProperty({ description: 'http(s) URL, or empty' }) sourceUrl: string;
}

export class IndicatorDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [ProxyDto] }) proxies: ProxyDto[];
}

export class OutcomeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ minimum: 1, maximum: 17 }) sdg: number;
  @ApiProperty({ type: [IndicatorDto] }) indicators: IndicatorDto[];
}

export class StakeholderDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
}

export class FrameworkUsageDto {
  @ApiProperty({ enum: ['call', 'callType'], enumName: 'FrameworkUsageKind' }) kind: 'call' | 'callType';
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

export class ImpactFrameworkDto extends ImpactFrameworkSummaryDto {
  @ApiProperty({ type: [StakeholderDto] }) stakeholders: StakeholderDto[];
  @ApiProperty({ type: [OutcomeDto], description: 'By SDG, then in the order of the file' }) outcomes: OutcomeDto[];
  @ApiProperty({
    type: [FrameworkUsageDto],
    description: 'Calls (or call types without calls) whose miniDyi step uses it: it cannot be deleted while there is one',
  })
  usedBy: FrameworkUsageDto[];
}

export class SdgTextDto {
  @ApiProperty() name: string;
  @ApiProperty() description: string;
}

export class SdgTranslationsDto {
  @ApiProperty({ type: SdgTextDto }) it: SdgTextDto;
  @ApiProperty({ type: SdgTextDto }) en: SdgTextDto;
  @ApiProperty({ type: SdgTextDto }) fr: SdgTextDto;
}

export class SdgDto {
  @ApiProperty({ minimum: 1, maximum: 17 }) sdgCode: number;
  @ApiProperty({ description: 'Official short name, in the language asked' }) name: string;
  @ApiProperty({ description: 'Official goal title, in the language asked' }) description: string;
  @ApiProperty({ description: 'Comma-separated keywords (English)' }) keywords: string;
  @ApiProperty() url: string;
  @ApiProperty({ description: 'Official colour, #RRGGBB', example: '#E5243B' }) colour: string;
  @ApiProperty({ type: SdgTranslationsDto }) translations: SdgTranslationsDto;
}

/** An outcome as GetOutcomeType answers it (outcomeTypeId is the framework outcome's id). */
export class OutcomeTypeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) outcomeTypeId: string;
  @ApiProperty({ format: 'uuid' }) frameworkId: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ minimum: 1, maximum: 17 }) sdg: number;
}

/** One indicator-proxy chain as GetIndicatorType answers it (an indicator with two proxies gives two rows). */
export class IndicatorTypeDto {
  @ApiProperty({ format: 'uuid', description: 'The indicator' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ format: 'uuid', description: 'The outcome it belongs to' }) outcomeTypeId: string;
  @ApiProperty({ format: 'uuid' }) proxyTypeID: string;
  @ApiProperty() proxyTypeName: string;
  @ApiProperty({ description: 'Value per unit, EUR' }) proxyTypeDefaultValue: number;
  @ApiProperty() proxySourceName: string;
  @ApiProperty() proxySourceUrl: string;
}

export class FrameworkIssueDto {
  @ApiProperty({ description: 'i18n key of the rule' }) key: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Values for the message placeholders' })
  params: Record<string, string | number>;
  @ApiProperty({ description: 'English text, location first' }) message: string;
  @ApiPropertyOptional() sheet?: string;
  @ApiPropertyOptional() row?: number;
  @ApiPropertyOptional({ description: 'Letter and header, e.g. "G (valoreproxy)"' }) column?: string;
  @ApiPropertyOptional({ description: 'JSON path, for AddImpactFrameworkSet' }) path?: string;
}

export class FrameworkRejectedDto {
  @ApiProperty() statusCode: number;
  @ApiProperty({ description: "The first issue's key" }) key: string;
  @ApiProperty() message: string;
  @ApiProperty({ type: [FrameworkIssueDto] }) issues: FrameworkIssueDto[];
  @ApiProperty({ description: 'More problems were found than listed' }) truncated: boolean;
}

export class DeletedFrameworkDto extends ImpactFrameworkSummaryDto {
  @ApiProperty({ description: 'i18n key of the success message', example: 'pages.admin.framework-deleted' }) messageKey: string;
}

// A text left out is empty (the field's initializer): the request DTOs are the domain's FrameworkContent as they are.

export class ProxyInputDto {
  @StringField({ maxLength: FRAMEWORK_TEXT_LIMITS.name, minLength: 1 }) name: string;
  @NumberField({ min: 0, description: 'Value per unit, EUR' }) defaultValue: number;
  @StringField({ maxLength: FRAMEWORK_TEXT_LIMITS.sourceName, optional: true }) sourceName: string = '';
  @StringField({ maxLength: FRAMEWORK_TEXT_LIMITS.sourceUrl, optional: true, description: 'http(s) URL' }) sourceUrl: string = '';
}

export class IndicatorInputDto {
  @StringField({ maxLength: FRAMEWORK_TEXT_LIMITS.name, minLength: 1 }) name: string;
  @StringField({ maxLength: FRAMEWORK_TEXT_LIMITS.description, optional: true }) description: string = '';
  @NestedField(() => ProxyInputDto, { array: true, maxItems: 50 }) proxies: ProxyInputDto[];
}

export class OutcomeInputDto {
  @StringField({ maxLength: FRAMEWORK_TEXT_LIMITS.name, minLength: 1 }) name: string;
  @StringField({ maxLength: FRAMEWORK_TEXT_LIMITS.description, optional: true }) description: string = '';
  @IntField({ min: 1, max: 17, description: 'SDG code' }) sdg: number;
  @NestedField(() => IndicatorInputDto, { array: true, maxItems: 200 }) indicators: IndicatorInputDto[];
}

export class StakeholderInputDto {
  @StringField({ maxLength: FRAMEWORK_TEXT_LIMITS.name, minLength: 1 }) name: string;
  @StringField({ maxLength: FRAMEWORK_TEXT_LIMITS.description, optional: true }) description: string = '';
}

export const FRAMEWORK_NAME_MAX = 300;
export const FRAMEWORK_DESCRIPTION_MAX = 4000;

/** The text fields of the Excel upload (multipart, beside the file). */
export class ImportFrameworkDto {
  @StringField({ maxLength: FRAMEWORK_NAME_MAX, minLength: 1 }) name: string;
  @StringField({ maxLength: FRAMEWORK_DESCRIPTION_MAX, minLength: 1 }) description: string;
}

/** The framework as the parsed Excel gives it (spec: {name, description, outcomes, stakeholders}). */
export class AddImpactFrameworkSetDto extends ImportFrameworkDto {
  @NestedField(() => StakeholderInputDto, { array: true, maxItems: 1000 }) stakeholders: StakeholderInputDto[];
  @NestedField(() => OutcomeInputDto, { array: true, maxItems: 5000 }) outcomes: OutcomeInputDto[];
}

export const MAX_OUTCOME_IDS = 200;
const MAX_SDG_CODES = 100;

/** A bare JSON list body (the spec's GetIndicatorType, GetOutcomeType): no DTO class describes one, so its reader and schema are here. */
function ListBody<T>(schema: SchemaObject, description: string, read: (body: unknown) => T[]): ParameterDecorator {
  return (target, key, index) => {
    Body({ transform: read })(target, key, index);
    ApiBody({ schema, description })(target, key!, Object.getOwnPropertyDescriptor(target, key!)!);
  };
}

/** GetIndicatorType: at most MAX_OUTCOME_IDS outcome ids, each once, in lower case (else 400 errors.impact.invalid-ids). */
export const OutcomeIdsBody = () =>
  ListBody({ type: 'array', items: { type: 'string', format: 'uuid' }, maxItems: MAX_OUTCOME_IDS }, 'Outcome ids', (body) => {
    if (!Array.isArray(body) || body.length > MAX_OUTCOME_IDS || !body.every(isUuid))
      throw badRequest('errors.impact.invalid-ids', `The body must be a JSON list of at most ${MAX_OUTCOME_IDS} outcome ids (UUIDs)`);
    return [...new Set(body.map((id) => id.toLowerCase()))];
  });

/** GetOutcomeType: SDG codes 1..17, each once; numeric strings are read too (else 400 errors.impact.sdg). */
export const SdgCodesBody = () =>
  ListBody({ type: 'array', items: { type: 'integer', minimum: 1, maximum: SDG_COUNT }, maxItems: MAX_SDG_CODES }, 'SDG codes', (body) => {
    const codes =
      Array.isArray(body) && body.length <= MAX_SDG_CODES
        ? body.map((c) => (typeof c === 'string' && /^\d{1,2}$/.test(c) ? Number(c) : c))
        : null;
    if (!codes || !codes.every((c) => Number.isInteger(c) && c >= 1 && c <= SDG_COUNT))
      throw badRequest('errors.impact.sdg', `The body must be a JSON list of SDG codes from 1 to ${SDG_COUNT}`, {
        params: { value: JSON.stringify(body)?.slice(0, 40) ?? '' },
      });
    return [...new Set(codes as number[])];
  });
