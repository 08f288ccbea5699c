import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { likeContains } from '../../common/http/like.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { CacheInvalidation, committedAndSettled } from '../../database/shared-cache.js';
import { ISO_UTC, Sql } from '../../database/sql.js';
import type { CallTypeSummaryDto } from './dto/call.dto.js';
import { CallTypeEntity } from '../steps/call-type.entity.js';
import { CallEntity } from './call.entity.js';

@Injectable()
export class CallTypesRepository {
  constructor(
    @InjectRepository(CallTypeEntity) private readonly types: Repository<CallTypeEntity>,
    private readonly invalidation: CacheInvalidation,
    private readonly sql: Sql,
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

  /** The console's summaries of call types, with their number of steps and of calls; `q` searches name and description. */
  async findPage(query: ListQuery): Promise<Page<CallTypeSummaryDto>> {
    const f = query.filter;
    const where: string[] = [];
    const params: unknown[] = [];
    if (typeof f.q === 'string' && f.q.trim()) {
      params.push(likeContains(f.q.trim()));
      where.push(`(t.name ILIKE $1 OR t.description ILIKE $1)`);
    }
    if (Array.isArray(f.id)) {
      params.push(f.id.map(String));
      where.push(`t.id = ANY($${params.length}::uuid[])`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const sort: Record<string, string> = { name: 't.name', createdAt: 't.created_at', updatedAt: 't.updated_at' };
    const order = `${sort[query.sortField ?? 'name'] ?? 't.name'} ${query.sortOrder === 'DESC' ? 'DESC' : 'ASC'}, t.id`;
    const [items, [{ total }]] = await Promise.all([
      this.sql.query<CallTypeSummaryDto>(
        `SELECT t.id, t.name, t.description, t.version,
                (SELECT count(*)::int FROM step s WHERE s.call_type_id = t.id) AS "stepCount",
                (SELECT count(*)::int FROM call c WHERE c.call_type_id = t.id) AS "callCount", ${ISO_UTC('t.updated_at')} AS "updatedAt"
           FROM call_type t ${clause} ORDER BY ${order} OFFSET ${query.skip} LIMIT ${query.take}`,
        params,
      ),
      this.sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM call_type t ${clause}`, params),
    ]);
    return { items, total };
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
    const [r] = await this.sql.rowsIn<{ n: number; without: number; any: string | null }>(
      m,
      'call-type-framework-of-every-call',
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE impact_framework_id IS NULL)::int AS without, min(impact_framework_id::text) AS any
         FROM call WHERE call_type_id = $1`,
      [id],
    );
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
