import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { IntField, StringField } from '../../../common/validation/fields.js';

export class SurveyTypeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'SurveyJS JSON' }) json: unknown;
  @ApiProperty() version: number;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class CreateSurveyTypeDto {
  @StringField({ maxLength: 300, minLength: 1 })
  name: string;

  @StringField({ maxLength: 5000, minLength: 1 })
  description: string;

  @Allow()
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'SurveyJS JSON (object or text); default an empty survey',
  })
  json?: unknown;
}

export class UpdateSurveyTypeDto extends CreateSurveyTypeDto {
  @IntField({
    optional: true,
    min: 1,
    description: 'Version read with the survey: required (428 errors.version-required without it); a stale one answers 409',
  })
  version?: number;
}
