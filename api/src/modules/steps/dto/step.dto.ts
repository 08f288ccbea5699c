import { ApiProperty } from '@nestjs/swagger';
import { IntField, StringField, UuidField } from '../../../common/validation/fields.js';
import { JsonObjectField } from '../../../common/validation/json-text.js';

const OBJECT = { nullable: true, type: 'object', additionalProperties: true } as const;

export class StepTypeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'survey' }) name: string;
  @ApiProperty({ description: 'Hidden from the console step-type picker (quiz), still usable' }) hiddenInPicker: boolean;
}

export class StepTypeRefDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'survey' }) name: string;
}

/** A step as applicants receive it: never the answer key. */
export class StepDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) callTypeId: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Same as name' }) title: string;
  @ApiProperty() description: string;
  @ApiProperty({ description: 'Per-kind content (docs/step-contents.md); a quiz comes without its correct answers', ...OBJECT })
  content: unknown;
  @ApiProperty({ description: 'Position, 1..n' }) sort: number;
  @ApiProperty({ format: 'uuid' }) stepTypeId: string;
  @ApiProperty({ type: StepTypeRefDto }) stepType: StepTypeRefDto;
  @ApiProperty({ example: 'survey' }) stepTypeName: string;
}

/** A step as the console edits it: with the server-side answer key. */
export class StepAdminDto extends StepDto {
  @ApiProperty({ description: 'Answer key (quiz: question name -> correct answer); administrators only', ...OBJECT })
  expectedAnswers: unknown;
  @ApiProperty() version: number;
}

/** A step sent by the console with its call type; its position in the list is its order. */
export class StepInputDto {
  @UuidField({ optional: true, description: 'An existing step of this call type; omit (or all zeros) for a new one' })
  id?: string;

  @StringField({ maxLength: 300, minLength: 1 })
  name: string;

  @StringField({ maxLength: 5000, optional: true })
  description?: string;

  @UuidField({ description: 'The step type (text, upload, miniDyi, results, survey, quiz or one added by name)' })
  stepTypeId: string;

  @IntField({ optional: true, min: 0, max: 100000, description: 'Ignored: steps are renumbered 1..n in list order' })
  sort?: number;

  @JsonObjectField({
    key: 'errors.step-content',
    optional: true,
    description:
      'Per-kind content, checked on save (docs/step-contents.md). A quiz marks its correct answers with SurveyJS correctAnswer; they are kept server-side. ' +
      'Older forms still accepted: its JSON text, a bare list of upload slots, plain HTML (text), a framework id (miniDyi); ' +
      'a step type added by name keeps any JSON.',
  })
  content?: unknown;
}

export class CreateStepTypeDto {
  @StringField({ maxLength: 100, minLength: 1, description: 'Unique name: letters, digits, spaces, - and _' })
  name: string;
}
