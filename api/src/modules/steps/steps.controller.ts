import { Body, Controller, Get, HttpCode, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Access, type AuthUser, CurrentUser } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { CreateStepTypeDto, StepDto, StepTypeDto } from './dto/step.dto.js';
import { StepsService } from './steps.service.js';

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
  @ApiQuery({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: StepDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getStepById(@Query('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AuthUser): Promise<StepDto> {
    return this.service.getStepById(id, user);
  }

  @Get('GetSteps')
  @Access({})
  @ApiOperation({ operationId: 'getSteps', summary: 'The steps of a call type in ascending sort order (e-mail filter applies)' })
  @ApiQuery({ name: 'callTypeId', format: 'uuid' })
  @ApiOkResponse({ type: [StepDto] })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getSteps(@Query('callTypeId', new ParseUUIDPipe()) callTypeId: string, @CurrentUser() user: AuthUser): Promise<StepDto[]> {
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
