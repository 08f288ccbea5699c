import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { CreateSurveyTypeDto, SurveyTypeDto, UpdateSurveyTypeDto } from './dto/survey.dto.js';
import { SurveysService } from './surveys.service.js';

const ADMIN = { admin: true } as const;

/** The SJSurvey group of the spec. */
@ApiTags('SJSurvey')
@Controller('SJSurvey')
export class SurveysController {
  constructor(private readonly service: SurveysService) {}

  @Post('CreateSurveyType')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({ operationId: 'createSurveyType', summary: 'Add a survey to the library (name, description, optional SurveyJS JSON)' })
  @ApiOkResponse({ type: SurveyTypeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  createSurveyType(@Body() dto: CreateSurveyTypeDto): Promise<SurveyTypeDto> {
    return this.service.create(dto);
  }
}

/** The console's survey library resource. Filter: q, id[]. */
@ApiTags('Admin')
@Controller('admin/surveys')
export class SurveysAdminController {
  constructor(private readonly service: SurveysService) {}

  @Get()
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminListSurveys', summary: 'Surveys of the library, one page' })
  @ApiListQuery()
  @ApiOkResponse({ type: [SurveyTypeDto] })
  async list(
    @ListParams(['name', 'createdAt', 'updatedAt']) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SurveyTypeDto[]> {
    return sendPage(res, 'surveys', query, await this.service.page(query));
  }

  @Get(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminGetSurvey', summary: 'One survey of the library' })
  @ApiOkResponse({ type: SurveyTypeDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<SurveyTypeDto> {
    return this.service.get(id);
  }

  @Post()
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminCreateSurvey', summary: 'Add a survey to the library' })
  @ApiOkResponse({ type: SurveyTypeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  create(@Body() dto: CreateSurveyTypeDto): Promise<SurveyTypeDto> {
    return this.service.create(dto);
  }

  @Put(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminUpdateSurvey', summary: 'Save a survey of the library (name, description, SurveyJS JSON)' })
  @ApiOkResponse({ type: SurveyTypeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto })
  update(@Param('id', new ParseUUIDPipe()) id: string, @Body() dto: UpdateSurveyTypeDto): Promise<SurveyTypeDto> {
    return this.service.update(id, dto);
  }

  @Delete(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminDeleteSurvey', summary: 'Remove a survey from the library (steps made from it keep their copy)' })
  @ApiOkResponse({ type: SurveyTypeDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  delete(@Param('id', new ParseUUIDPipe()) id: string): Promise<SurveyTypeDto> {
    return this.service.delete(id);
  }
}
