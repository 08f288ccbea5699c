import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { likeContains } from '../../common/http/like.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { CacheInvalidation, committedAndSettled } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { changes, countInt, db, isoUtc, STAMPS, statement } from '../../database/typed-sql.js';
import type { CallTypeSummaryDto } from './dto/call.dto.js';
import type { CallTypeEntity } from '../steps/call-type.entity.js';

const types = db.selectFrom('callType').select(['id', 'createdAt', 'updatedAt', 'version', 'name', 'description']);
const byId = statement('call-type-by-id', (p: { id: string }) => types.where('id', '=', p.id));
const byIdForUpdate = statement('call-type-by-id-for-update', (p: { id: string }) => types.where('id', '=', p.id).forUpdate());
const all = statement('call-types-all', () => types.orderBy('name').orderBy('id'));

const insert = statement('call-type-insert', (p: CallTypeEntity) =>
  db.insertInto('callType').values({ name: p.name, description: p.description }).returning(STAMPS),
);
const update = statement('call-type-update', (p: CallTypeEntity) =>
  db
    .updateTable('callType')
    .set((eb) => ({ name: p.name, description: p.description, updatedAt: sql<Date>`now()`, version: eb('version', '+', 1) }))
    .where('id', '=', p.id)
    .where(changes({ name: p.name, description: p.description }))
    .returning(STAMPS),
);
const remove = statement('call-type-delete', (p: { id: string }) => db.deleteFrom('callType').where('id', '=', p.id));

/** The calls of a call type: how many, how many name no framework, and one framework they name. */
const calls = statement('call-type-calls', (p: { id: string }) =>
  db
    .selectFrom('call')
    .select((eb) => [
      countInt().as('n'),
      eb.cast<number>(eb.fn.countAll().filterWhere('impactFrameworkId', 'is', null), 'integer').as('without'),
      eb.fn.min<string | null>(eb.cast('impactFrameworkId', 'text')).as('any'),
    ])
    .where('callTypeId', '=', p.id),
);

const SORTS = ['name', 'createdAt', 'updatedAt'] as const;

@Injectable()
export class CallTypesRepository {
  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly invalidation: CacheInvalidation,
    private readonly sql: Sql,
  ) {}

  async findById(id: string, m?: EntityManager, lock = false): Promise<CallTypeEntity | null> {
    return (await this.sql.run(lock ? byIdForUpdate : byId, { id }, m))[0] ?? null;
  }

  /** Inserts a new call type, or writes a loaded one if it changed. */
  async save(t: CallTypeEntity, m: EntityManager): Promise<CallTypeEntity> {
    return Object.assign(t, (await this.sql.run(t.id ? update : insert, t, m))[0]);
  }

  /** The console's summaries of call types, with their number of steps and of calls; `q` searches name and description. */
  async findPage(query: ListQuery): Promise<Page<CallTypeSummaryDto>> {
    const { q, id } = query.filter;
    const like = typeof q === 'string' && q.trim() ? likeContains(q.trim()) : undefined;
    const filtered = db
      .selectFrom('callType as t')
      .$if(like !== undefined, (b) => b.where((eb) => eb.or([eb('t.name', 'ilike', like!), eb('t.description', 'ilike', like!)])))
      .$if(Array.isArray(id), (b) => b.where((eb) => eb('t.id', '=', eb.fn.any(eb.val((id as unknown[]).map(String))))));
    const page = filtered
      .select(['t.id', 't.name', 't.description', 't.version'])
      .select((eb) => [
        eb.selectFrom('step as s').whereRef('s.callTypeId', '=', 't.id').select(countInt().as('n')).$asScalar().$notNull().as('stepCount'),
        eb.selectFrom('call as c').whereRef('c.callTypeId', '=', 't.id').select(countInt().as('n')).$asScalar().$notNull().as('callCount'),
        isoUtc(eb.ref('t.updatedAt')).as('updatedAt'),
      ])
      .orderBy(`t.${SORTS.find((s) => s === query.sortField) ?? 'name'}`, query.sortOrder === 'DESC' ? 'desc' : 'asc')
      .orderBy('t.id');
    const [items, [{ total }]] = await Promise.all([
      this.sql.list(page.offset(query.skip).limit(query.take)),
      this.sql.list(filtered.select(countInt().as('total'))),
    ]);
    return { items, total };
  }

  findAll(): Promise<CallTypeEntity[]> {
    return this.sql.run(all, {});
  }

  async countCalls(id: string, m: EntityManager): Promise<number> {
    return (await this.sql.run(calls, { id }, m))[0].n;
  }

  /** A framework when every call of the type names one (any of them: each call falls back to its own), else null. */
  async frameworkOfEveryCall(id: string, m: EntityManager): Promise<string | null> {
    const [r] = await this.sql.run(calls, { id }, m);
    return r && r.n > 0 && r.without === 0 ? r.any : null;
  }

  async delete(id: string, m: EntityManager): Promise<void> {
    await this.sql.run(remove, { id }, m);
  }

  /** A write of call types and their steps; when it answers, this replica's caches of them are already evicted. */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return committedAndSettled(this.data.manager, this.invalidation, work);
  }
}
