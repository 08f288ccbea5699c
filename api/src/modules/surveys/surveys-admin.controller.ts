import { Body, Controller, Delete, Get, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { CreateSurveyTypeDto, SurveyTypeDto, UpdateSurveyTypeDto } from './dto/survey.dto.js';
import { SurveysService } from './surveys.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { ADMIN } from '../../common/auth/access.decorator.js';

/** The console's survey library resource. Filter: q, id[]. */
@ApiTags('Admin')
@Controller('admin/surveys')
export class SurveysAdminController {
  constructor(private readonly service: SurveysService) {}

  @Get()
  @Endpoint('adminListSurveys', 'Surveys of the library, one page', { access: ADMIN, ok: [SurveyTypeDto] })
  @ApiListQuery()
  async list(
    @ListParams(['name', 'createdAt', 'updatedAt']) query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SurveyTypeDto[]> {
    return sendPage(res, 'surveys', query, await this.service.page(query));
  }

  @Get(':id')
  @Endpoint('adminGetSurvey', 'One survey of the library', { access: ADMIN, ok: SurveyTypeDto, errors: { 404: true } })
  get(@UuidParam('id') id: string): Promise<SurveyTypeDto> {
    return this.service.get(id);
  }

  @Post()
  @Endpoint('adminCreateSurvey', 'Add a survey to the library', { access: ADMIN, status: 201, ok: SurveyTypeDto, errors: { 400: true } })
  create(@Body() dto: CreateSurveyTypeDto): Promise<SurveyTypeDto> {
    return this.service.create(dto);
  }

  @Put(':id')
  @Endpoint('adminUpdateSurvey', 'Save a survey of the library (name, description, SurveyJS JSON)', {
    access: ADMIN,
    ok: SurveyTypeDto,
    errors: { 400: true, 404: true, 409: true },
  })
  update(@UuidParam('id') id: string, @Body() dto: UpdateSurveyTypeDto): Promise<SurveyTypeDto> {
    return this.service.update(id, dto);
  }

  @Delete(':id')
  @Endpoint('adminDeleteSurvey', 'Remove a survey from the library (steps made from it keep their copy)', {
    access: ADMIN,
    ok: SurveyTypeDto,
    errors: { 404: true },
  })
  delete(@UuidParam('id') id: string): Promise<SurveyTypeDto> {
    return this.service.delete(id);
  }
}
