import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ErrorResponseDto {
  @ApiProperty({ example: 400 })
  statusCode: number;

  @ApiProperty({ example: 'name should not be empty' })
  message: string;

  @ApiProperty({ description: 'i18n key of the message', example: 'errors.validation' })
  key: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'Field errors' })
  errors?: Record<string, string>;
}
