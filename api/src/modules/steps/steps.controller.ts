import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, ADMIN, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { CreateStepTypeDto, StepDto, StepTypeDto } from './dto/step.dto.js';
import { StepsService } from './steps.service.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The Step group of the spec. */
@ApiTags('Step')
@Controller('Step')
export class StepsController {
  constructor(private readonly service: StepsService) {}

  @Get('GetStepById')
  @Endpoint('getStepById', 'One step of a call the user may see (e-mail filter applies); never the answer key', {
    access: SIGNED_IN,
    ok: StepDto,
    errors: { 404: true },
  })
  getStepById(@UuidQuery('id') id: string, @CurrentUser() user: AuthUser): Promise<StepDto> {
    return this.service.getStepById(id, user);
  }

  @Get('GetSteps')
  @Endpoint('getSteps', 'The steps of a call type in ascending sort order (e-mail filter applies)', {
    access: SIGNED_IN,
    ok: [StepDto],
    errors: { 404: true },
  })
  getSteps(@UuidQuery('callTypeId') callTypeId: string, @CurrentUser() user: AuthUser): Promise<StepDto[]> {
    return this.service.getSteps(callTypeId, user);
  }

  @Get('GetStepTypes')
  @Endpoint('getStepTypes', 'Every step type; hiddenInPicker marks those the console picker hides (quiz)', {
    access: SIGNED_IN,
    ok: [StepTypeDto],
  })
  getStepTypes(): Promise<StepTypeDto[]> {
    return this.service.getStepTypes();
  }

  @Post('CreateStepType')
  @Endpoint('createStepType', 'Add a step type by name', {
    access: ADMIN,
    ok: StepTypeDto,
    errors: { 400: true, 409: 'A step type with this name exists' },
  })
  createStepType(@Body() dto: CreateStepTypeDto): Promise<StepTypeDto> {
    return this.service.createStepType(dto.name);
  }
}
