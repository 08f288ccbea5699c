import { Injectable } from '@nestjs/common';
import { conflict, notFound, versionRequired } from '../../common/http/app-error.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { normalizeStepContent } from '../steps/step-content.js';
import { SurveysRepository, type SurveyRow } from './surveys.repository.js';
import type { CreateSurveyTypeDto, SurveyTypeDto, UpdateSurveyTypeDto } from './dto/survey.dto.js';

const EMPTY_SURVEY = { pages: [] };

function toSurveyTypeDto(s: SurveyRow): SurveyTypeDto {
  return { id: s.id, name: s.name, description: s.description, json: s.json, version: s.version, updatedAt: s.updatedAt.toISOString() };
}

/** The console's library of SurveyJS surveys (templates for survey and quiz steps). */
@Injectable()
export class SurveysService {
  constructor(private readonly surveys: SurveysRepository) {}

  /** The JSON is checked and sanitized exactly like a survey step's content; correct answers are kept (it is a template). */
  private cleanJson(json: unknown): unknown {
    if (json === undefined || json === null || json === '') return EMPTY_SURVEY;
    return normalizeStepContent('survey', json, 'json').content;
  }

  async create(dto: CreateSurveyTypeDto): Promise<SurveyTypeDto> {
    return toSurveyTypeDto(await this.surveys.insert({ name: dto.name, description: dto.description, json: this.cleanJson(dto.json) }));
  }

  async get(id: string): Promise<SurveyTypeDto> {
    const s = await this.surveys.findById(id);
    if (!s) throw notFound('errors.survey-not-found', 'Survey not found');
    return toSurveyTypeDto(s);
  }

  async page(query: ListQuery): Promise<Page<SurveyTypeDto>> {
    const page = await this.surveys.findPage(query);
    return { items: page.items.map(toSurveyTypeDto), total: page.total };
  }

  async update(id: string, dto: UpdateSurveyTypeDto): Promise<SurveyTypeDto> {
    const s = await this.get(id);
    if (dto.version === undefined) throw versionRequired('survey');
    if (dto.version !== s.version) throw conflict('errors.stale-version', 'This survey was changed by someone else; reload it');
    const json = dto.json === undefined ? s.json : this.cleanJson(dto.json);
    const saved = await this.surveys.update(id, dto.version, { name: dto.name, description: dto.description, json });
    if (!saved) throw conflict('errors.stale-version', 'This survey was changed by someone else; reload it');
    return toSurveyTypeDto(saved);
  }

  async delete(id: string): Promise<SurveyTypeDto> {
    const before = await this.get(id);
    await this.surveys.delete(id);
    return before;
  }
}
