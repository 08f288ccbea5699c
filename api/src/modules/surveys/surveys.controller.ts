import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CreateSurveyTypeDto, SurveyTypeDto } from './dto/survey.dto.js';
import { SurveysService } from './surveys.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ADMIN } from '../../common/auth/access.decorator.js';

@ApiTags('SJSurvey')
@Controller('SJSurvey')
export class SurveysController {
  constructor(private readonly service: SurveysService) {}

  @Post('CreateSurveyType')
  @Endpoint('createSurveyType', 'Add a survey to the library (name, description, optional SurveyJS JSON)', {
    access: ADMIN,
    ok: SurveyTypeDto,
    errors: { 400: true },
  })
  createSurveyType(@Body() dto: CreateSurveyTypeDto): Promise<SurveyTypeDto> {
    return this.service.create(dto);
  }
}
