import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type Repository } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { SurveyTypeEntity } from './survey-type.entity.js';
import { likeContains } from '../../common/http/like.js';

@Injectable()
export class SurveysRepository {
  constructor(@InjectRepository(SurveyTypeEntity) private readonly repo: Repository<SurveyTypeEntity>) {}

  findById(id: string): Promise<SurveyTypeEntity | null> {
    return this.repo.findOne({ where: { id } });
  }

  async findPage(query: ListQuery): Promise<Page<SurveyTypeEntity>> {
    const qb = this.repo.createQueryBuilder('s');
    const q = typeof query.filter.q === 'string' ? query.filter.q.trim() : '';
    if (q) {
      const like = likeContains(q);
      qb.andWhere(new Brackets((w) => w.where('s.name ILIKE :like', { like }).orWhere('s.description ILIKE :like', { like })));
    }
    if (Array.isArray(query.filter.id))
      qb.andWhere('s.id IN (:...ids)', {
        ids: query.filter.id.length ? query.filter.id.map(String) : ['00000000-0000-0000-0000-000000000000'],
      });
    const sort: Record<string, string> = { name: 's.name', createdAt: 's.created_at', updatedAt: 's.updated_at' };
    const [items, total] = await qb
      .orderBy(sort[query.sortField ?? 'name'] ?? 's.name', query.sortOrder)
      .addOrderBy('s.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { items, total };
  }

  save(s: Partial<SurveyTypeEntity>): Promise<SurveyTypeEntity> {
    return this.repo.save(this.repo.create(s));
  }

  async delete(id: string): Promise<void> {
    await this.repo.delete({ id });
  }
}
