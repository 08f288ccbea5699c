import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { MINIDYI_CUSTOM_KEY_LENGTH, SDG_COUNT, SROI_RAMP_UPS, type SroiRampUp } from '@impact-calls/domain';
import { BooleanField, IntField, NestedField, NumberField, StringField, UuidField } from '../../../common/validation/fields.js';

/**
 * The miniDyi state (PutMiniDYI, a miniDyi step's UpsertCallStepResult): types and sizes here; the
 * miniDyi rules are the domain's (`miniDyiLimitIssues`, `reconcileWithFramework`), with their own keys.
 */

/** Largest amount accepted for a target, a proxy value or a budget (keeps every SROI finite). */
export const MINIDYI_MAX_AMOUNT = 1e12;
export const MINIDYI_NAME_MAX = 500;
const CUSTOM_KEY = new RegExp(`^[A-Za-z0-9]{${MINIDYI_CUSTOM_KEY_LENGTH}}$`);

const NameField = (description: string) => StringField({ optional: true, maxLength: MINIDYI_NAME_MAX, description });
const AmountField = (description: string) => NumberField({ optional: true, nullable: true, max: MINIDYI_MAX_AMOUNT, description });
/** A custom outcome's or indicator's key, as the client made it (`generateCustomKey`). */
const CustomKeyField = (of: string) =>
  applyDecorators(
    Matches(CUSTOM_KEY, { message: `$property must be ${MINIDYI_CUSTOM_KEY_LENGTH} letters or digits` }),
    StringField({
      optional: true,
      maxLength: MINIDYI_CUSTOM_KEY_LENGTH,
      trim: false,
      description: `Custom ${of} only: ${MINIDYI_CUSTOM_KEY_LENGTH} random letters or digits`,
    }),
  );

export class SelectedIndicatorDto {
  @UuidField({ optional: true, nullable: true, description: 'The framework indicator; null for a custom indicator' })
  indicatorId?: string | null;

  @NameField("Ignored for framework indicators (the framework's name is kept)")
  indicatorName?: string;

  @AmountField('The quantity expected in year 3; null while empty (a ticked indicator needs one above 0 to close)')
  indicatorTargetValue?: number | null;

  @UuidField({ optional: true, nullable: true, description: 'The framework proxy; null for a custom indicator' })
  proxyId?: string | null;

  @NameField("Ignored for framework indicators (the framework's proxy name is kept)")
  proxyName?: string;

  @AmountField("Currency per unit. Ignored for framework indicators: the framework's proxy value is used")
  proxyValue?: number | null;

  @CustomKeyField('indicators')
  customKey?: string;
}

export class SelectedOutcomeDto {
  @UuidField({ optional: true, nullable: true, description: 'The framework outcome; null for a custom outcome' })
  outcomeId?: string | null;

  @CustomKeyField('outcomes')
  customKey?: string;

  @NameField("The custom outcome's name; ignored for framework outcomes")
  outcomeName?: string;

  @IntField({ optional: true, nullable: true, min: 1, max: SDG_COUNT, description: "SDG code; framework outcomes keep the framework's" })
  sdg?: number | null;

  @UuidField({ optional: true, nullable: true, description: "One of the framework's stakeholders (required to close)" })
  stakeholderId?: string | null;

  @NameField("Ignored: the framework's stakeholder name is kept")
  stakeholderName?: string;

  @NestedField(() => SelectedIndicatorDto, { optional: true, array: true, maxItems: 100 })
  indicators?: SelectedIndicatorDto[];
}

/** The state fields shared by the saved document and PutMiniDYI. */
export class MiniDyiStateDto {
  @UuidField({ optional: true, description: 'PutMiniDYI: the miniDyi step (with callSubmissionId). In a saved document: ignored' })
  stepId?: string;

  @NestedField(() => SelectedOutcomeDto, { optional: true, array: true, maxItems: 200 })
  selectedOutcomes?: SelectedOutcomeDto[];

  @AmountField('The investment requested; null while empty')
  budget?: number | null;

  @AmountField('The part already spent; null while empty')
  budgetSpent?: number | null;

  @ApiPropertyOptional({ type: [Number], maxItems: SDG_COUNT, description: 'Selected SDG codes, in the order picked' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(SDG_COUNT)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(SDG_COUNT, { each: true })
  sdg?: number[];

  @IntField({ optional: true, description: "Ignored: the step's maxOutcomeSelect applies" })
  maxOutcome?: number;

  @IntField({ optional: true, description: "Ignored: the step's maxSdgSelect applies" })
  maxSdg?: number;

  @BooleanField({ optional: true, description: "Ignored: the step's showSdgFilter applies" })
  isSdgEnabled?: boolean;

  @NumberField({ optional: true, nullable: true, description: 'Ignored: the API computes the SROI' })
  sroiScore?: number | null;
}

/** PUT /api/ImpactFramework/PutMiniDYI: the miniDyi details of one step of a submission. */
export class PutMiniDyiDto extends MiniDyiStateDto {
  @UuidField({ optional: true, description: 'The submission (with stepId), or give stepResultID' })
  callSubmissionId?: string;

  @UuidField({ optional: true, description: "The step result to update (the spec's stepResultID), instead of callSubmissionId + stepId" })
  stepResultID?: string;

  @NestedField(() => SelectedOutcomeDto, {
    optional: true,
    array: true,
    maxItems: 200,
    description: "The spec's name for selectedOutcomes (give one or the other)",
  })
  outcomes?: SelectedOutcomeDto[];

  @IntField({
    optional: true,
    min: 0,
    description: 'The version read with the result: a stale one answers 409. Omitted: the current one is overwritten',
  })
  version?: number;
}

export class SroiOptionsDto {
  @ApiProperty() years: number;
  @ApiProperty() discountRate: number;
  @ApiProperty() deadweight: number;
  @ApiProperty() displacement: number;
  @ApiProperty() attribution: number;
  @ApiProperty() dropOff: number;
  @ApiProperty({ enum: SROI_RAMP_UPS, enumName: 'SroiRampUp' }) rampUp: SroiRampUp;
}

export class SroiContributionDto {
  @ApiProperty({ description: 'The outcome id, or the custom key' }) outcome: string;
  @ApiProperty() outcomeName: string;
  @ApiProperty({ type: Number, nullable: true }) sdg: number | null;
  @ApiProperty() annualValue: number;
  @ApiProperty() presentValue: number;
  @ApiProperty({ description: 'Share of the total present value, 0..1' }) share: number;
  @ApiProperty({ type: Number, nullable: true, description: "This outcome's part of the SROI ratio" }) sroi: number | null;
}

/** The SROI estimate of docs/design/impact.md, computed by the API from the framework's proxies. */
export class SroiEstimateDto {
  @ApiProperty({ type: Number, nullable: true, description: 'PV / budget; null without a budget' }) sroi: number | null;
  @ApiProperty({ type: Number, nullable: true }) netSroi: number | null;
  @ApiProperty({ description: 'The ratio as shown: "1 : 3.45" (empty without a value)' }) ratio: string;
  @ApiProperty({ description: 'SROI > 8: the message components.mini-dyi.sroi-over shows' }) overThreshold: boolean;
  @ApiProperty() annualValue: number;
  @ApiProperty() presentValue: number;
  @ApiProperty({ type: Number, nullable: true }) budget: number | null;
  @ApiProperty({ type: [Number] }) yearValues: number[];
  @ApiProperty({ description: 'Ticked indicators left out (no valid target or proxy value)' }) ignoredIndicators: number;
  @ApiProperty({ type: SroiOptionsDto }) options: SroiOptionsDto;
  @ApiProperty({ type: [SroiContributionDto] }) contributions: SroiContributionDto[];
}

export class MiniDyiIssueDto {
  @ApiProperty({ description: 'i18n key (components.mini-dyi.*)' }) key: string;
  @ApiProperty({ enum: ['introduction', 'budget', 'sdg', 'outcomes', 'indicators', 'custom'], enumName: 'MiniDyiSubStep' }) subStep: string;
  @ApiPropertyOptional() outcome?: string;
  @ApiPropertyOptional() indicator?: string;
  @ApiPropertyOptional() field?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) params?: Record<string, string | number>;
}

/** GET MiniDYI and PUT PutMiniDYI: the saved state (with the step's limits), its SROI and what is still missing. */
export class MiniDyiResultDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null while nothing is saved' }) stepResultId: string | null;
  @ApiProperty({ format: 'uuid' }) callSubmissionId: string;
  @ApiProperty({ format: 'uuid' }) stepId: string;
  @ApiProperty({ description: 'Send it back with the next save (0 while nothing is saved)' }) version: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) frameworkId: string | null;
  @ApiProperty({ type: [SelectedOutcomeDto] }) selectedOutcomes: SelectedOutcomeDto[];
  @ApiProperty({ type: Number, nullable: true }) budget: number | null;
  @ApiProperty({ type: Number, nullable: true }) budgetSpent: number | null;
  @ApiProperty({ type: [Number] }) sdg: number[];
  @ApiProperty() maxOutcome: number;
  @ApiProperty() maxSdg: number;
  @ApiProperty() isSdgEnabled: boolean;
  @ApiProperty({ type: Number, nullable: true, description: "This step's SROI (the submission's sroiScore combines its miniDyi steps)" })
  sroiScore: number | null;
  @ApiProperty({ type: SroiEstimateDto }) sroi: SroiEstimateDto;
  @ApiProperty({ description: 'Nothing is missing: the submission can close as far as this step goes' }) complete: boolean;
  @ApiProperty({ type: [MiniDyiIssueDto], description: 'What is still missing or wrong, by sub-step' }) issues: MiniDyiIssueDto[];
  @ApiProperty({ description: 'Closed, or the call is not open: the state can no longer be changed' }) readOnly: boolean;
}
