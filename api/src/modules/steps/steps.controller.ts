import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access, type AuthUser, CurrentUser } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { CreateStepTypeDto, StepDto, StepTypeDto } from './dto/step.dto.js';
import { StepsService } from './steps.service.js';
import { UuidQuery } from '../../common/http/uuid-query.js';

/** The Step group of the spec. */
@ApiTags('Step')
@Controller('Step')
export class StepsController {
  constructor(private readonly service: StepsService) {}

  @Get('GetStepById')
  @Access({})
  @ApiOperation({
    operationId: 'getStepById',
    summary: 'One step of a call the user may see (e-mail filter applies); never the answer key',
  })
  @ApiOkResponse({ type: StepDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getStepById(@UuidQuery('id') id: string, @CurrentUser() user: AuthUser): Promise<StepDto> {
    return this.service.getStepById(id, user);
  }

  @Get('GetSteps')
  @Access({})
  @ApiOperation({ operationId: 'getSteps', summary: 'The steps of a call type in ascending sort order (e-mail filter applies)' })
  @ApiOkResponse({ type: [StepDto] })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getSteps(@UuidQuery('callTypeId') callTypeId: string, @CurrentUser() user: AuthUser): Promise<StepDto[]> {
    return this.service.getSteps(callTypeId, user);
  }

  @Get('GetStepTypes')
  @Access({})
  @ApiOperation({ operationId: 'getStepTypes', summary: 'Every step type; hiddenInPicker marks those the console picker hides (quiz)' })
  @ApiOkResponse({ type: [StepTypeDto] })
  getStepTypes(): Promise<StepTypeDto[]> {
    return this.service.getStepTypes();
  }

  @Post('CreateStepType')
  @HttpCode(200)
  @Access({ admin: true })
  @ApiOperation({ operationId: 'createStepType', summary: 'Add a step type by name' })
  @ApiOkResponse({ type: StepTypeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'A step type with this name exists' })
  createStepType(@Body() dto: CreateStepTypeDto): Promise<StepTypeDto> {
    return this.service.createStepType(dto.name);
  }
}
