import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, type Repository } from 'typeorm';
import { likeContains } from '../../common/http/like.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { CacheInvalidation, committedAndSettled } from '../../database/shared-cache.js';
import { CallTypeEntity } from '../steps/call-type.entity.js';
import { CallEntity } from './call.entity.js';

@Injectable()
export class CallTypesRepository {
  constructor(
    @InjectRepository(CallTypeEntity) private readonly types: Repository<CallTypeEntity>,
    private readonly invalidation: CacheInvalidation,
  ) {}

  findById(id: string, m?: EntityManager): Promise<CallTypeEntity | null> {
    return (m?.getRepository(CallTypeEntity) ?? this.types).findOne({ where: { id } });
  }

  findByIdForUpdate(id: string, m: EntityManager): Promise<CallTypeEntity | null> {
    return m.getRepository(CallTypeEntity).createQueryBuilder('t').setLock('pessimistic_write').where('t.id = :id', { id }).getOne();
  }

  save(t: CallTypeEntity, m: EntityManager): Promise<CallTypeEntity> {
    return m.getRepository(CallTypeEntity).save(t);
  }

  create(data: Partial<CallTypeEntity>): CallTypeEntity {
    return this.types.create(data);
  }

  /** Call types with their number of steps and of calls; `q` searches name and description. */
  async findPage(query: ListQuery): Promise<Page<CallTypeEntity & { stepCount: number; callCount: number }>> {
    const f = query.filter;
    const qb = this.types.createQueryBuilder('t');
    if (typeof f.q === 'string' && f.q.trim()) {
      const q = likeContains(f.q.trim());
      qb.andWhere(new Brackets((w) => w.where('t.name ILIKE :q', { q }).orWhere('t.description ILIKE :q', { q })));
    }
    if (Array.isArray(f.id))
      qb.andWhere('t.id IN (:...ids)', { ids: f.id.length ? f.id.map(String) : ['00000000-0000-0000-0000-000000000000'] });
    const total = await qb.getCount();
    const sort: Record<string, string> = { name: 't.name', createdAt: 't.created_at', updatedAt: 't.updated_at' };
    qb.addSelect('(SELECT count(*) FROM step s WHERE s.call_type_id = t.id)::int', 'step_count')
      .addSelect('(SELECT count(*) FROM call c WHERE c.call_type_id = t.id)::int', 'call_count')
      .orderBy(sort[query.sortField ?? 'name'] ?? 't.name', query.sortOrder)
      .addOrderBy('t.id', 'ASC')
      .offset(query.skip)
      .limit(query.take);
    const { entities, raw } = await qb.getRawAndEntities<{ t_id: string; step_count: number; call_count: number }>();
    const byId = new Map(raw.map((r) => [r.t_id, r]));
    return {
      items: entities.map((e) =>
        Object.assign(e, { stepCount: Number(byId.get(e.id)?.step_count ?? 0), callCount: Number(byId.get(e.id)?.call_count ?? 0) }),
      ),
      total,
    };
  }

  findAll(): Promise<CallTypeEntity[]> {
    return this.types.find({ order: { name: 'ASC', id: 'ASC' } });
  }

  countCalls(id: string, m: EntityManager): Promise<number> {
    return m.getRepository(CallEntity).count({ where: { callTypeId: id } });
  }

  /**
   * The impact framework every call of this call type names, for its miniDyi steps that name
   * none: a framework id when at least one call uses the type and all of them name one (any of
   * them: each call falls back to its own), else null.
   */
  async frameworkOfEveryCall(id: string, m: EntityManager): Promise<string | null> {
    const rows: { n: number; without: number; any: string | null }[] = await m.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE impact_framework_id IS NULL)::int AS without, min(impact_framework_id::text) AS any
         FROM call WHERE call_type_id = $1`,
      [id],
    );
    const r = rows[0];
    return r && r.n > 0 && r.without === 0 ? r.any : null;
  }

  async delete(id: string, m: EntityManager): Promise<void> {
    await m.getRepository(CallTypeEntity).delete({ id });
  }

  /** A write of call types and their steps; when it answers, this replica's caches of them are already evicted. */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return committedAndSettled(this.types.manager, this.invalidation, work);
  }
}
